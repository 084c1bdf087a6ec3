/**
 * BatchData, pure: what a search becomes in BatchData's request shapes (`searchCriteria`) and a skip trace's request,
 * and how skip-trace persons join the leads. Its answers are parsed in batchdata-answers.ts and become provider types
 * in batchdata-records.ts. No network here (batchdata.server.ts sends).
 *
 * Field names follow shared/design/providers.md; those it marks "verify" are parsed with zod, so a wrong guess fails
 * in one place (`parseOrThrow`) with the path of the field that did not match, never silently. docs/decisions/046-batchdata-provider.md.
 */

import { type BuyerType, type SellerType } from "#db/enums.ts";
import {
  ACTIVE_LANDLORD_MAX_PURCHASES,
  ACTIVE_LANDLORD_MIN_PURCHASES,
  ACTIVE_LANDLORD_YEARS,
  CASH_BUYER_MAX_PURCHASES,
  CASH_BUYER_MIN_PURCHASES,
  HIGH_EQUITY_PERCENT,
} from "#db/seller-types.ts";
import { toE164 } from "#app/domain/leads/phone.ts";
import { BUYER_TYPE_QUICK_LISTS } from "#app/domain/leads/search-options.ts";

import type { PropertyRecord, SkipTracePerson } from "./batchdata-answers.ts";
import { mailingOf, normalise, zip5 } from "./batchdata-records.ts";
import type { BuyerSearch, OwnerContact, PostalAddress, SearchLocation, SellerSearch } from "./types.ts";

/** BatchData answers at most this many properties per search call. */
export const MAX_TAKE = 500;
/** And skip-traces at most this many properties per call. */
export const MAX_SKIP_TRACE = 100;

// --- requests --------------------------------------------------------------------------------------------------

type Range = { min?: number; max?: number };
type DateRange = { minDate?: string; maxDate?: string };

/** The `searchCriteria` of POST /property/search: groups are ANDed, every quick list must match. */
export type SearchCriteria = {
  query: string;
  quickLists?: string[];
  building?: { bedroomCount?: Range };
  valuation?: { estimatedValue?: Range; equityPercent?: Range };
  intel?: { lastSoldDate?: DateRange };
  propertyOwnerProfile?: { propertiesCount?: Range };
};

export type SearchRequest = { searchCriteria: SearchCriteria; options: { skip: number; take: number; quicklistCounts?: boolean } };

/** BatchData's quick-list name for each seller type (the spec writes high equity with an underscore). */
export const SELLER_TYPE_QUICK_LIST: Record<SellerType, string> = {
  preforeclosure: "preforeclosure",
  "out-of-state-absentee-owner": "out-of-state-absentee-owner",
  high_equity: "high-equity",
  inherited: "inherited",
  "corporate-owned": "corporate-owned",
  "tired-landlord": "tired-landlord",
};

/**
 * What `searchCriteria.query` a place becomes, one query per call: a city is "Phoenix, AZ"; a ZIP list is searched
 * ZIP by ZIP, in ascending order (the repeat-search key sorts them too, so a stored skip always means the same list).
 */
export function queriesFor(location: SearchLocation): string[] {
  return "zips" in location ? [...new Set(location.zips)].sort() : [`${location.city}, ${location.state}`];
}

/**
 * A seller search: the seller type as its quick list (high equity also by the product's rule, equity ≥ 50 %, which
 * is stricter than BatchData's own LTV < 0.8), bedrooms as a minimum, the price bounds on the estimated value.
 */
export function sellerCriteria(search: SellerSearch, query: string): SearchCriteria {
  const criteria: SearchCriteria = { query, quickLists: [SELLER_TYPE_QUICK_LIST[search.sellerType]] };
  if (search.minBedrooms) criteria.building = { bedroomCount: { min: search.minBedrooms } };
  const estimatedValue: Range = {};
  if (search.minPrice) estimatedValue.min = search.minPrice;
  if (search.maxPrice) estimatedValue.max = search.maxPrice;
  const valuation: SearchCriteria["valuation"] = {};
  if (estimatedValue.min !== undefined || estimatedValue.max !== undefined) valuation.estimatedValue = estimatedValue;
  if (search.sellerType === "high_equity") valuation.equityPercent = { min: HIGH_EQUITY_PERCENT };
  if (Object.keys(valuation).length > 0) criteria.valuation = valuation;
  return criteria;
}

/** "YYYY-MM-DD" `years` calendar years before `now` (UTC). */
function yearsBefore(now: Date, years: number): string {
  const day = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return day.toISOString().slice(0, 10);
}

/**
 * A buyer search, as far as BatchData's criteria reach the buyer types of the spec (BatchData finds properties,
 * so each definition is put on the properties of the owners it wants):
 * - the search's quick lists plus the type's own (`BUYER_TYPE_QUICK_LISTS`: absentee-owner, fix-and-flip,
 *   cash-buyer), all of which must match;
 * - the owner's portfolio (`propertyOwnerProfile.propertiesCount`): at least `minProperties`, and for active
 *   landlords 6–100, for cash buyers 3–100;
 * - active landlords: this property bought in the last 3 years (`intel.lastSoldDate`).
 */
export function buyerCriteria(search: BuyerSearch, query: string, now: Date): SearchCriteria {
  const quickLists = [...new Set([...BUYER_TYPE_QUICK_LISTS[search.buyerType], ...search.quickLists])].sort();
  const portfolio: Record<BuyerType, Range> = {
    active_landlord: { min: Math.max(search.minProperties, ACTIVE_LANDLORD_MIN_PURCHASES), max: ACTIVE_LANDLORD_MAX_PURCHASES },
    cash_buyers: { min: Math.max(search.minProperties, CASH_BUYER_MIN_PURCHASES), max: CASH_BUYER_MAX_PURCHASES },
    fix_and_flip: { min: search.minProperties },
  };
  const criteria: SearchCriteria = { query, quickLists, propertyOwnerProfile: { propertiesCount: portfolio[search.buyerType] } };
  if (search.buyerType === "active_landlord") criteria.intel = { lastSoldDate: { minDate: yearsBefore(now, ACTIVE_LANDLORD_YEARS) } };
  return criteria;
}

export function searchRequest(searchCriteria: SearchCriteria, skip: number, take: number): SearchRequest {
  return { searchCriteria, options: { skip, take } };
}

/** A count: nothing but `results.meta.results.resultsFound` comes back, and no property is billed. */
export function countRequest(searchCriteria: SearchCriteria): SearchRequest {
  return { searchCriteria, options: { skip: 0, take: 0, quicklistCounts: true } };
}

export type SkipTraceRequest = {
  requests: { propertyAddress: PostalAddress; name?: { first: string; last: string } }[];
  /** v1 drops TCPA-restricted phones unless asked for them; asked, each carries `tcpa` and is shown as blocked. */
  options: { includeTCPABlacklistedPhones: true };
};

// --- skip trace ------------------------------------------------------------------------------------------------

function addressKey(street: string | null | undefined, zip: string | null | undefined): string {
  return `${normalise(street ?? "")}|${zip5(zip ?? "")}`;
}

/** One request per property (its address, and the owner's name when the record splits it), for one call. */
export function skipTraceRequest(records: readonly PropertyRecord[]): SkipTraceRequest {
  return {
    options: { includeTCPABlacklistedPhones: true },
    requests: records.map((record) => {
      const { street, city, state, zip } = record.address;
      const name = record.owner?.names?.[0];
      const propertyAddress = { street, city, state, zip: zip5(zip) };
      return name?.first && name.last ? { propertyAddress, name: { first: name.first, last: name.last } } : { propertyAddress };
    }),
  };
}

/** "Mobile", "Land Line", "Landline" … → the app's phone types (mobile, landline); others lower-cased. */
export function phoneTypeOf(type: string | null | undefined): string {
  const value = (type ?? "").trim().toLowerCase();
  if (value === "") return "unknown";
  if (/mobile|wireless|cell/.test(value)) return "mobile";
  if (/land/.test(value)) return "landline";
  return value;
}

/**
 * The skip trace's phones (do-not-call flags kept, numbers in E.164 when they are US numbers) and emails, merged
 * into each owner by the property address BatchData echoes with each person — never by position. Placeholders and
 * duplicates are dropped later, by domain/leads/extract.
 */
export function withContacts<T extends { owner: OwnerContact }>(
  items: readonly { item: T; record: PropertyRecord }[],
  persons: readonly SkipTracePerson[],
): T[] {
  const byAddress = new Map<string, SkipTracePerson[]>();
  for (const person of persons) {
    const key = addressKey(person.propertyAddress?.street, person.propertyAddress?.zip);
    byAddress.set(key, [...(byAddress.get(key) ?? []), person]);
  }
  return items.map(({ item, record }) => {
    const found = byAddress.get(addressKey(record.address.street, record.address.zip)) ?? [];
    if (found.length === 0) return item;
    const phones = found.flatMap((person) =>
      (person.phoneNumbers ?? []).map((phone) => ({
        number: toE164(phone.number) ?? phone.number.trim(),
        type: phoneTypeOf(phone.type),
        // A TCPA-restricted phone is blocked from calling like a do-not-call one (shown, flagged, never dialled).
        dnc: phone.dnc === true || phone.tcpa === true,
      })),
    );
    const emails = found.flatMap((person) => person.emails ?? []);
    const mailing = item.owner.mailing ?? found.map((person) => mailingOf(person.mailingAddress)).find(Boolean) ?? null;
    const mailingAddress =
      item.owner.mailingAddress || (mailing ? `${mailing.street}, ${mailing.city}, ${mailing.state} ${mailing.zip}` : "");
    const name = item.owner.name || found[0]?.name?.full?.trim() || "";
    return {
      ...item,
      owner: {
        ...item.owner,
        name,
        mailing,
        mailingAddress,
        phones: [...item.owner.phones, ...phones],
        emails: [...item.owner.emails, ...emails],
      },
    };
  });
}
