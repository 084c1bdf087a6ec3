import type { BuyerType, SellerType } from "#db/enums.ts";
import type { SearchLocation } from "#app/domain/leads/location.ts";
import type { CandidateWindow, Sale, ValuationSubject } from "#app/domain/valuation/types.ts";

export type { SearchLocation };

export type SellerSearch = {
  location: SearchLocation;
  sellerType: SellerType;
  minBedrooms?: number;
  minPrice?: number | null;
  /** The price cap; the caller applies the §5 default ($3M). */
  maxPrice?: number;
};

export type PostalAddress = { street: string; city: string; state: string; zip: string };

export type OwnerContact = {
  name: string;
  isIndividual: boolean;
  /** One line: "street, city, ST zip". */
  mailingAddress: string;
  mailing: PostalAddress | null;
  /** As the vendor reports them, do-not-call flags included; placeholders are dropped later (domain/leads/extract). */
  phones: { number: string; type: string; dnc: boolean }[];
  emails: string[];
};

/** A property's place, building and value as a provider reports them (a seller lead's, a cash buyer's purchase). */
export type PropertyFacts = {
  addressLine: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  propertyType: string;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  yearBuilt: number | null;
  estimatedValue: number | null;
  equityBalance: number | null;
  equityPct: number | null;
  lastSalePrice: number | null;
  lastSaleDate: string | null;
};

/** One property a search found, with its owner; the workbench's lead queue is made of these. */
export type SellerLead = PropertyFacts & {
  /** The provider's id of the property: the same property always has the same id (lead_deliveries keys on it). */
  id: string;
  apn: string | null;
  /** The vendor's valuation confidence, 0–100, when it gives one. */
  confidenceScore?: number | null;
  flags: SellerType[];
  owner: OwnerContact;
  /** The vendor's own record (BatchData's property JSON); the local market gives its row ids. */
  raw?: unknown;
};

export type BuyerSearch = {
  location: SearchLocation;
  buyerType: BuyerType;
  /** BatchData quick lists the search names (cash-buyer, fix-and-flip, absentee-owner …). */
  quickLists: string[];
  /** Owners holding fewer properties than this are left out. */
  minProperties: number;
};

/** An active cash buyer: an owner of the type, shown with their latest purchase in the place and their portfolio. */
export type CashBuyer = {
  /** The provider's id of the buyer (owner). */
  id: string;
  owner: OwnerContact;
  property: PropertyFacts & { lastSaleCash: boolean | null };
  portfolio: {
    propertyCount: number;
    totalEstimatedValue: number | null;
    totalEquity: number | null;
    totalMortgageBalance: number | null;
    totalPurchasePrice: number | null;
    averagePurchasePrice: number | null;
    cashPurchaseCount: number | null;
    flipCount: number | null;
    lastPurchaseDate: string | null;
  };
  raw?: unknown;
};

export type Page = { take: number; skip?: number };

/** A street address as a user names a property: the subject of a valuation. */
export type HomeAddress = { street: string; city: string; state: string };

/** A home the provider has on record, with the facts a valuation reads (its parcel, so its own sales are no comps). */
export type KnownHome = ValuationSubject & {
  /** The provider's id of the property (as SellerLead.id). */
  id: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  parcelId: string;
};

/**
 * A page of search results. `read` is how many records the provider read for it, when it left out some it could
 * not read (a vendor record without a street or ZIP): the page is as long as `read`, not as the list.
 */
export type Found<T> = T[] & { read?: number };

/**
 * Off-market property and owner data (the local market, or a vendor such as BatchData). Searches answer in a
 * stable order, so `skip` pages through the same list; a page shorter than `take` (its `read` when set) is the end.
 */
export interface PropertyDataProvider {
  /** Stored as leads.vendor with each lead handed out. */
  readonly name: "local" | "batchdata";
  countSellerLeads(search: SellerSearch): Promise<number>;
  searchSellerLeads(search: SellerSearch, page: Page): Promise<Found<SellerLead>>;
  countCashBuyers(search: BuyerSearch): Promise<number>;
  searchCashBuyers(search: BuyerSearch, page: Page): Promise<CashBuyer[]>;
  /**
   * A place's market figures (Terry's research): counts and medians from the provider's own records, as of `asOf`.
   * Absent when the provider has no such data; Terry then says it cannot answer with figures.
   */
  marketStats?(location: SearchLocation, asOf: Date): Promise<MarketStats>;
  /**
   * Comparable sales (issue 12): the home on record at an address, and the arm's-length sales in a valuation's
   * candidate window, nearest its centre first, at most `window.limit`. A provider without sale records leaves them
   * out; valuations then use imported sales only (app/services/valuation/valuation.server.ts).
   */
  findHome?(address: HomeAddress): Promise<KnownHome | null>;
  /**
   * YYYY-MM-DD: the last day the provider's sale records cover, when they stop before today (a fixed data set such as
   * the local market). Valuations are made as of the day after it, so their windows hold the records' last months.
   */
  readonly salesThrough?: string;
  searchSales?(window: CandidateWindow): Promise<Sale[]>;
}

/** What Terry cites about a place; every figure is computed from records, none is estimated by a model. */
export type MarketStats = {
  /** Properties on record in the place. */
  properties: number;
  /** Whole dollars; null with no properties. */
  medianEstimatedValue: number | null;
  /** Percent, 0–100. */
  medianEquityPercent: number | null;
  /** Share (0–1) of properties whose owner lives elsewhere. */
  absenteeShare: number | null;
  /** Properties of each seller type. */
  sellerTypes: Record<SellerType, number>;
  /** Arm's-length sales in the 12 months before `asOf`. */
  sales: { count: number; medianPrice: number | null; medianPricePerSqft: number | null; cashShare: number | null; since: string };
  /** In a city: its ZIPs with the most properties (at most 5), each with its high-equity count. */
  topZips: { zip: string; properties: number; highEquity: number }[];
};
