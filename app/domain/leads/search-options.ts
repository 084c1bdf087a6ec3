/**
 * Seller-lead and cash-buyer search without zod (client components import this): the constants of the spec, the
 * messages of the spec (and ours where the spec has none), and the shapes of what a search answers (lead queue items,
 * cash buyer search result items). The request schemas live in lead-search.ts.
 */
import type { BuyerType, SellerType } from "#db/enums.ts";

import type { OwnerType } from "./extract.ts";
import type { SearchLocation } from "./lead-location.ts";
import type { PhoneLine } from "./phone.ts";

// --- constants ----------------------------------------------------------------------------------------

/** A seller search returns 5 leads (count 5) unless the user chooses another of the wizard's counts. */
export const SELLER_SEARCH_COUNT = 5;
/** How many leads the wizard can pull in one search; the largest is the most a search asks for. */
export const LEAD_COUNT_OPTIONS = [5, 10, 25, 50] as const;
export const MAX_SELLER_SEARCH_COUNT = 50;
/** Cash buyers shown per search, and the skip step of a repeat search. */
export const CASH_BUYER_PAGE = 5;
export const SKIP_STEP = 5;
export const MIN_PROPERTIES = 3;
/** The default (and highest) price cap. */
export const DEFAULT_MAX_PRICE = 3_000_000;
export const DEFAULT_MIN_BEDROOMS = 1;
export const MIN_BEDROOM_OPTIONS = [1, 2, 3, 4, 5] as const;
/** The wizard's price options: caps, and ranges with a minimum. */
export const PRICE_OPTIONS = [
  { label: "Up to $3M", maxPrice: 3_000_000 },
  { label: "Under $100k", maxPrice: 100_000 },
  { label: "Under $200k", maxPrice: 200_000 },
  { label: "Under $300k", maxPrice: 300_000 },
  { label: "Under $500k", maxPrice: 500_000 },
  { label: "Under $750k", maxPrice: 750_000 },
  { label: "Under $1M", maxPrice: 1_000_000 },
  { label: "$1M – $1.5M", minPrice: 1_000_000, maxPrice: 1_500_000 },
  { label: "$1M – $2M", minPrice: 1_000_000, maxPrice: 2_000_000 },
  { label: "$1M – $3M", minPrice: 1_000_000, maxPrice: 3_000_000 },
] as const;
/** Deep paging is unreliable at the vendors (providers.md); no search pages past this. */
export const MAX_SKIP = 10_000;

/** The BatchData quick lists behind each buyer type (a vendor client sends these; the local market applies the definitions). */
export const BUYER_TYPE_QUICK_LISTS: Record<BuyerType, readonly string[]> = {
  active_landlord: ["absentee-owner"],
  fix_and_flip: ["fix-and-flip"],
  cash_buyers: ["cash-buyer"],
};

// --- messages (and ours where the spec has none) ----------------------------------------------------------

export const PREVIEW_FAILED = "Preview Failed";
export const CASH_BUYER_SEARCH_FAILED = "Cash Buyer Search Failed";
export const LEAD_SEARCH_FAILED = "Lead Search Failed";

/** The spec's texts, word for word. */
export function noCashBuyersMessage(location: string): string {
  return `No active cash buyers found in ${location}. Try expanding your search area.`;
}

/**
 * The market has nothing that matches at all; `covered`: where it has records, when the location is outside it (the
 * local market), so the user learns where a search can find something.
 */
export function noSellerLeadsMessage(location: string, covered: readonly string[] = []): string {
  const base = `No properties found in ${location} for this search. Try expanding your search area.`;
  if (covered.length === 0) return base;
  return `${base} ${location} is outside the market Breeze has records for; it covers ${covered.join("; ")}.`;
}

/** Everything that matches was already handed to this user by earlier searches. */
export function sellerLeadsExhaustedMessage(location: string): string {
  return `You have already received every lead in ${location} that matches this search. Try another seller type or expanding your search area.`;
}

// --- what searches answer ---------------------------------------------------------------------------------------

/** The owner contact fields of a lead's `raw` record. */
export type LeadRaw = {
  ownerPhoneNumbers: PhoneLine[];
  ownerPhone: string | null;
  ownerEmails: string[];
  ownerEmail: string | null;
  ownerMailingAddress: string | null;
  ownerDncPhone: string | null;
  ownerMobilePhone: string | null;
  ownerLandLine: string | null;
  /** Which provider found the lead, and its own record of it. */
  vendor: string;
  vendorRecord: unknown;
};

/** "Lead queue item". Unknown numbers are null (shown as N/A). */
export type LeadQueueItem = {
  id: string;
  addressLine: string;
  city: string;
  state: string;
  zip: string;
  apn: string | null;
  ownerName: string | null;
  estimatedValue: number | null;
  equityPct: number | null;
  propertyType: string;
  lat: number | null;
  lon: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  yearBuilt: number | null;
  lastSalePrice: number | null;
  lastSaleDate: string | null;
  equityBalance: number | null;
  maxOffer: number | null;
  confidenceScore: number | null;
  flags: SellerType[];
  raw: LeadRaw;
};

export type PostalAddress = { street: string; city: string; state: string; zip: string };

/** "Cash buyer search result item": the buyer's latest purchase in the place, with the owner and portfolio. */
export type CashBuyerItem = {
  id: string;
  buyerType: BuyerType;
  address: PostalAddress & { latitude: number | null; longitude: number | null };
  owner: {
    fullName: string;
    phoneNumbers: PhoneLine[];
    emails: string[];
    mailingAddress: PostalAddress | null;
    ownerType: OwnerType;
  };
  valuation: { estimatedValue: number | null; equityBalance: number | null; equityPercent: number | null };
  building: {
    propertyType: string;
    bedroomCount: number | null;
    bathroomCount: number | null;
    livingAreaSquareFeet: number | null;
    yearBuilt: number | null;
  };
  sale: { lastSaleDate: string | null; lastSalePrice: number | null; lastSaleCash: boolean | null };
  propertyOwnerProfile: {
    propertiesCount: number;
    propertiesTotalEstimatedValue: number | null;
    propertiesTotalEquity: number | null;
    mortgagesTotalBalance: number | null;
    totalPurchasePrice: number | null;
    averagePurchasePrice: number | null;
    cashPurchaseCount: number | null;
    flipCount: number | null;
    lastPurchaseDate: string | null;
  };
};

export type { SearchLocation };
