/**
 * What a property-data provider answers with, as the app reads it: a seller lead and its owner, a cash buyer, a
 * place's market figures. Domain types, so the domain's rules (leads/items.ts, chat/terry.ts) read them without
 * importing a provider; app/providers/property-data/types.ts re-exports them beside the provider interface (README
 * docs/decisions/071-house-layout.md).
 */
import type { SellerType } from "#db/enums.ts";

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
  /** In a city: every ZIP with its properties, each seller type's count and its sales (ZIP rankings); empty for ZIPs. */
  zips: ZipFigures[];
  /** The bedroom count the figures are limited to (homes with exactly that many), or null for every home. */
  bedrooms: number | null;
};

/** One ZIP of a city: what Terry ranks the city's ZIPs by. */
export type ZipFigures = {
  zip: string;
  properties: number;
  sellerTypes: Record<SellerType, number>;
  /** Arm's-length sales in the same 12 months as the place's, and their middle price (whole dollars). */
  sales: number;
  medianSalePrice: number | null;
};

/** What a market's figures may be limited to. */
export type MarketFilter = { bedrooms?: number };
