import type { BuyerType, SellerType } from "#db/enums.ts";
import type { MarketCoverage } from "#app/domain/leads/covered-places.ts";
import type { SearchLocation } from "#app/domain/leads/lead-location.ts";
import type { CashBuyer, MarketStats, OwnerContact, PostalAddress, PropertyFacts, SellerLead } from "#app/domain/leads/property-records.ts";
import type { CandidateWindow, Sale, ValuationSubject } from "#app/domain/valuation/types.ts";

/** The records a provider answers with are the domain's (domain/leads/property-records.ts); re-exported for the providers. */
export type { CashBuyer, MarketStats, OwnerContact, PostalAddress, PropertyFacts, SearchLocation, SellerLead };

export type SellerSearch = {
  location: SearchLocation;
  sellerType: SellerType;
  minBedrooms?: number;
  minPrice?: number | null;
  /** The price cap; the caller applies the spec's default ($3M). */
  maxPrice?: number;
};

export type BuyerSearch = {
  location: SearchLocation;
  buyerType: BuyerType;
  /** BatchData quick lists the search names (cash-buyer, fix-and-flip, absentee-owner …). */
  quickLists: string[];
  /** Owners holding fewer properties than this are left out. */
  minProperties: number;
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
/**
 * A page as the provider answers it: `read`, the records it read for the page when more than it answers (records it
 * could not read were left out); `unreadable`, how many of those it left out, where owners are merged and `read`
 * says nothing (cash buyers).
 */
export type Found<T> = T[] & { read?: number; unreadable?: number };

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
  searchCashBuyers(search: BuyerSearch, page: Page): Promise<Found<CashBuyer>>;
  /**
   * A place's market figures (Terry's research): counts and medians from the provider's own records, as of `asOf`.
   * Absent when the provider has no such data; Terry then says it cannot answer with figures.
   */
  marketStats?(location: SearchLocation, asOf: Date): Promise<MarketStats>;
  /**
   * Where the provider has records, when `location` has none (a home ZIP outside the local market heard a
   * bare "No properties found"): its places with the most records first, at most `limit`, as "Phoenix, AZ"; empty
   * when the location has records. Absent for a provider that covers the whole country.
   */
  placesBeyond?(location: SearchLocation, limit: number): Promise<string[]>;
  /** Where the provider has records (the wizard's location suggestions). Absent for a provider that covers the whole country. */
  coverage?(): Promise<MarketCoverage>;
  /**
   * Comparable sales: the home on record at an address, and the arm's-length sales in a valuation's
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
  /** The sales of `searchSales` whose address holds `addressText` (any case): "Add a comp" (ADR 091). */
  salesAt?(addressText: string, window: CandidateWindow): Promise<Sale[]>;
}
