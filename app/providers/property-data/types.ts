import type { BuyerType, SellerType } from "#db/enums.ts";
import type { BuyerPurchases, NearbyPurchaser } from "#app/domain/dispo/purchases.ts";
import type { MarketCoverage } from "#app/domain/leads/covered-places.ts";
import type { SearchLocation } from "#app/domain/leads/lead-location.ts";
import type {
  CashBuyer,
  MarketFilter,
  MarketStats,
  OwnerContact,
  PostalAddress,
  PropertyFacts,
  SellerLead,
} from "#app/domain/leads/property-records.ts";
import type { CandidateWindow, Sale, ValuationSubject } from "#app/domain/valuation/types.ts";

/** The records a provider answers with are the domain's (domain/leads/property-records.ts); re-exported for the providers. */
export type { CashBuyer, MarketFilter, MarketStats, OwnerContact, PostalAddress, PropertyFacts, SearchLocation, SellerLead };

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

/** The subject of a vendor's comparables search: its address as the vendor reads it, and the day it is valued on. */
export type ComparablesRequest = {
  address: { street: string; city: string; state: string; zip: string };
  /** YYYY-MM-DD: sales before it, no older than the engine's window of months. */
  valuationDate: string;
  /** At most this many comparable records are asked for (each one is billed). */
  maxRecords: number;
};

/** What a comparables search bought: the subject's record, the arm's-length sales, and what was billed and left out. */
export type Comparables = {
  home: KnownHome | null;
  sales: Sale[];
  /** Every record the vendor answered, readable or not: each one is billed. */
  billed: number;
  /** Records that could not be read (a missing street or coordinates): left out and counted. */
  unreadable: number;
  /** Records that were no arm's-length sale in the window: left out. */
  notSales: number;
  /** The vendor's id of the request, when it gave one. */
  requestId: string | null;
};

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
   * Absent when the provider has no such data; Terry then says it cannot answer with figures. `filter` limits every
   * figure to homes with that many bedrooms.
   */
  marketStats?(location: SearchLocation, asOf: Date, filter?: MarketFilter): Promise<MarketStats>;
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
  /**
   * A vendor's paid comparables for one subject (ADR 091): its record and its sold comparables, each record billed.
   * The valuation services keep what it answers (provider_sales) and meter it; nothing calls it twice for a subject
   * while the kept answer is fresh.
   */
  comparables?(request: ComparablesRequest): Promise<Comparables>;
  /**
   * Each known buyer's cash purchases dated in the window, keyed by the buyer's id as `searchCashBuyers` answers it;
   * a buyer without any is absent. Absent for a provider that cannot say it.
   */
  buyerPurchases?(buyerIds: readonly string[], window: { since: string; until: string }): Promise<Record<string, BuyerPurchases>>;
  /** The buyers with cash purchases within `radiusMiles` of a point in the window, most purchases first, at most `limit`. */
  cashPurchasersNear?(query: {
    latitude: number;
    longitude: number;
    radiusMiles: number;
    since: string;
    until: string;
    limit: number;
  }): Promise<NearbyPurchaser[]>;
}
