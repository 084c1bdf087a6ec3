/**
 * BatchData, pure: what a search becomes in BatchData's request shapes (`searchCriteria`), and what its answers
 * (property records, skip-trace persons) become as provider types. No network here (batchdata.server.ts sends).
 *
 * Field names follow shared/design/providers.md; those it marks "verify" are parsed with zod, so a wrong guess fails
 * in one place (`parseOrThrow`) with the path of the field that did not match, never silently. Decision 46.
 */
import { z } from "zod";

import { SELLER_TYPES, type BuyerType, type SellerType } from "#db/enums.ts";
import {
  ACTIVE_LANDLORD_MAX_PURCHASES,
  ACTIVE_LANDLORD_MIN_PURCHASES,
  ACTIVE_LANDLORD_YEARS,
  CASH_BUYER_MAX_PURCHASES,
  CASH_BUYER_MIN_PURCHASES,
  HIGH_EQUITY_PERCENT,
} from "#db/seller-types.ts";
import { ownerTypeOf } from "#app/domain/leads/extract.ts";
import { toE164 } from "#app/domain/leads/phone.ts";
import { BUYER_TYPE_QUICK_LISTS } from "#app/domain/leads/search-options.ts";
import { ProviderError } from "#app/providers/http.server.ts";

import type {
  BuyerSearch,
  CashBuyer,
  OwnerContact,
  PostalAddress,
  PropertyFacts,
  SearchLocation,
  SellerLead,
  SellerSearch,
} from "./types.ts";

export const PROVIDER = "batchdata";

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

/** BatchData's quick-list name for each seller type (spec 02 §9 writes high equity with an underscore). */
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
 * A buyer search, as far as BatchData's criteria reach the buyer types of spec 02 §9 (BatchData finds properties,
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

// --- answers ---------------------------------------------------------------------------------------------------

const number = z.number().finite().nullish();
const text = z.string().nullish();

const AddressSchema = z.object({
  street: z.string().min(1),
  city: z.string().min(1),
  state: z.string().min(1),
  zip: z.string().min(5),
  latitude: number,
  longitude: number,
});
const MailingAddressSchema = z.object({ street: text, city: text, state: text, zip: text });

/** The owner's whole portfolio (BatchData's property owner profile: every property with the same mailing address). */
const OwnerProfileSchema = z.object({
  propertiesCount: number,
  propertiesTotalEstimatedValue: number,
  propertiesTotalEquity: number,
  mortgagesTotalBalance: number,
  totalPurchasePrice: number,
  averagePurchasePrice: number,
});

/** The fields of a BatchData property record we read; the rest of the record is kept as is in `raw`. */
export const PropertyRecordSchema = z.object({
  _id: z.string().min(1),
  address: AddressSchema,
  ids: z.object({ apn: text }).nullish(),
  general: z.object({ propertyTypeDetail: text }).nullish(),
  building: z.object({ bedroomCount: number, bathroomCount: number, livingAreaSquareFeet: number, yearBuilt: number }).nullish(),
  valuation: z
    .object({ estimatedValue: number, equityPercent: number, equityCurrentEstimatedBalance: number, confidenceScore: number })
    .nullish(),
  openLien: z.object({ totalOpenLienBalance: number }).nullish(),
  /** Data dictionary: `sale.lastSale.saleDate` / `sale.lastSale.price` (there is no `sale.lastSaleDate`). */
  sale: z.object({ lastSale: z.object({ saleDate: text, price: number }).nullish() }).nullish(),
  /** Data dictionary: `intel.lastSoldDate` / `intel.lastSoldPrice`, read when the sale group has no last sale. */
  intel: z.object({ lastSoldDate: text, lastSoldPrice: number }).nullish(),
  owner: z
    .object({
      fullName: text,
      names: z.array(z.object({ first: text, last: text })).nullish(),
      mailingAddress: MailingAddressSchema.nullish(),
    })
    .nullish(),
  quickLists: z
    .object({
      preforeclosure: z.boolean().nullish(),
      /** Data dictionary: `quickLists.absenteeOwnerOutOfState` (the search's list name is out-of-state-absentee-owner). */
      absenteeOwnerOutOfState: z.boolean().nullish(),
      inherited: z.boolean().nullish(),
      corporateOwned: z.boolean().nullish(),
      tiredLandlord: z.boolean().nullish(),
      cashBuyer: z.boolean().nullish(),
    })
    .nullish(),
  propertyOwnerProfile: OwnerProfileSchema.nullish(),
});
export type PropertyRecord = z.infer<typeof PropertyRecordSchema>;

/** A buyer is only a buyer with a portfolio size: without it `minProperties` cannot be checked. */
export const BuyerRecordSchema = PropertyRecordSchema.extend({
  propertyOwnerProfile: OwnerProfileSchema.extend({ propertiesCount: z.number().int().min(0) }),
});
export type BuyerRecord = z.infer<typeof BuyerRecordSchema>;

/** POST /property/search's answer; the properties are checked one by one (parseProperties) to name the bad one. */
export const SearchAnswerSchema = z.object({
  results: z.object({
    properties: z.array(z.unknown()).nullish(),
    meta: z.object({ results: z.object({ resultsFound: z.number().int().min(0) }) }),
  }),
});

const PhoneSchema = z.object({ number: z.string(), type: text, dnc: z.boolean().nullish(), tcpa: z.boolean().nullish() });
/** Emails come as `{ email }` objects (v1, v3) or, in some accounts' answers, as bare strings. */
const EmailSchema = z.union([z.string(), z.object({ email: z.string() }).transform((entry) => entry.email)]);

/** POST /property/skip-trace's answer: one person (or none, `meta.matched: false`) per requested property. */
export const SkipTraceAnswerSchema = z.object({
  results: z.object({
    persons: z.array(
      z.object({
        propertyAddress: z.object({ street: text, zip: text }).nullish(),
        name: z.object({ first: text, last: text, full: text }).nullish(),
        phoneNumbers: z.array(PhoneSchema).nullish(),
        emails: z.array(EmailSchema).nullish(),
        mailingAddress: MailingAddressSchema.nullish(),
      }),
    ),
  }),
});
export type SkipTracePerson = z.infer<typeof SkipTraceAnswerSchema>["results"]["persons"][number];

/** Parses a BatchData answer, or throws the one ProviderError that says which answer and which field was unexpected. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new ProviderError(PROVIDER, `unexpected ${what}: ${path}${issue.message}`);
}

/**
 * Each property of an answer, with the record as BatchData sent it (kept as the lead's or buyer's `raw`). A record
 * we cannot read (no street or ZIP, say) is skipped and counted, with why the first one was: one bad record no longer
 * fails the whole page.
 */
export function parseProperties<T>(
  properties: readonly unknown[],
  schema: z.ZodType<T>,
): { rows: { record: T; raw: unknown }[]; skipped: number; firstProblem: string | null } {
  const rows: { record: T; raw: unknown }[] = [];
  let skipped = 0;
  let firstProblem: string | null = null;
  for (const [index, raw] of properties.entries()) {
    try {
      rows.push({ record: parseOrThrow(schema, raw, `property search answer (property ${index})`), raw });
    } catch (error) {
      skipped++;
      firstProblem ??= error instanceof Error ? error.message : String(error);
    }
  }
  return { rows, skipped, firstProblem };
}

// --- records → provider types ----------------------------------------------------------------------------------

/** BatchData's property type detail ("Single Family Residential", "Condominium", …) → the app's property types. */
export function propertyTypeOf(detail: string | null | undefined): string {
  const value = detail ?? "";
  if (/condo/i.test(value)) return "condo";
  if (/town\s*(house|home)|row\s*house/i.test(value)) return "townhouse";
  if (/mobile|manufactured/i.test(value)) return "mobile_home";
  if (/\b(land|lot|vacant)\b/i.test(value)) return "land";
  if (/multi|duplex|triplex|quad|apartment|\d\+?\s*units?\b/i.test(value)) return "multi_family";
  // "Single Family Residential", and anything unknown: the spec's default type.
  return "single_family";
}

/** A date as BatchData writes it ("2019-05-02" or "2019-05-02T00:00:00.000Z") → "YYYY-MM-DD"; else null. */
export function dateOf(value: string | null | undefined): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value?.trim() ?? "");
  return match ? match[1]! : null;
}

const zip5 = (zip: string) => zip.trim().slice(0, 5);

/** The record's last sale: the sale group's, else intel's (both data dictionary fields). */
function lastSaleOf(record: PropertyRecord): { date: string | null; price: number | null } {
  const sale = record.sale?.lastSale;
  const date = dateOf(sale?.saleDate) ?? dateOf(record.intel?.lastSoldDate);
  const price = known(sale?.price) ?? known(record.intel?.lastSoldPrice);
  return { date, price };
}
const known = (value: number | null | undefined): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** Which seller types a record is (the searched one always: BatchData matched its quick list). */
function flagsOf(record: PropertyRecord, searched: SellerType | null): SellerType[] {
  const q = record.quickLists ?? {};
  const equity = known(record.valuation?.equityPercent);
  const has: Record<SellerType, boolean> = {
    preforeclosure: q.preforeclosure === true,
    "out-of-state-absentee-owner": q.absenteeOwnerOutOfState === true,
    // The product's rule, not BatchData's LTV < 0.8 (Decision 46).
    high_equity: equity !== null && equity >= HIGH_EQUITY_PERCENT,
    inherited: q.inherited === true,
    "corporate-owned": q.corporateOwned === true,
    "tired-landlord": q.tiredLandlord === true,
  };
  return SELLER_TYPES.filter((type) => type === searched || has[type]);
}

function mailingOf(address: z.infer<typeof MailingAddressSchema> | null | undefined): PostalAddress | null {
  const street = address?.street?.trim();
  const city = address?.city?.trim();
  const state = address?.state?.trim();
  const zip = address?.zip?.trim();
  return street && city && state && zip ? { street, city, state, zip: zip5(zip) } : null;
}

/** The owner as the search record names them; phones and emails come from the skip trace (withContacts). */
export function ownerOf(record: PropertyRecord): OwnerContact {
  const first = record.owner?.names?.[0];
  const name = record.owner?.fullName?.trim() || [first?.first, first?.last].filter(Boolean).join(" ");
  const mailing = mailingOf(record.owner?.mailingAddress);
  return {
    name,
    isIndividual: record.quickLists?.corporateOwned !== true && ownerTypeOf(name) === "Individual",
    mailingAddress: mailing ? `${mailing.street}, ${mailing.city}, ${mailing.state} ${mailing.zip}` : "",
    mailing,
    phones: [],
    emails: [],
  };
}

export function factsOf(record: PropertyRecord): PropertyFacts {
  const { address, building, valuation } = record;
  const estimatedValue = known(valuation?.estimatedValue);
  const lien = known(record.openLien?.totalOpenLienBalance);
  const equityBalance =
    known(valuation?.equityCurrentEstimatedBalance) ?? (estimatedValue !== null && lien !== null ? estimatedValue - lien : null);
  return {
    addressLine: address.street.trim(),
    city: address.city.trim(),
    state: address.state.trim().toUpperCase(),
    zip: zip5(address.zip),
    latitude: known(address.latitude),
    longitude: known(address.longitude),
    propertyType: propertyTypeOf(record.general?.propertyTypeDetail),
    bedrooms: known(building?.bedroomCount),
    bathrooms: known(building?.bathroomCount),
    squareFeet: known(building?.livingAreaSquareFeet),
    yearBuilt: known(building?.yearBuilt),
    estimatedValue,
    equityBalance,
    equityPct: known(valuation?.equityPercent),
    lastSalePrice: lastSaleOf(record).price,
    lastSaleDate: lastSaleOf(record).date,
  };
}

export function toSellerLead(record: PropertyRecord, raw: unknown, searched: SellerType | null): SellerLead {
  return {
    ...factsOf(record),
    id: `${PROVIDER}-${record._id}`,
    apn: record.ids?.apn?.trim() || null,
    confidenceScore: known(record.valuation?.confidenceScore),
    flags: flagsOf(record, searched),
    owner: ownerOf(record),
    raw,
  };
}

/**
 * BatchData knows an owner by their mailing address (its glossary: "Batch uses mailing address to uniquely identify
 * a property owner"), so that is the buyer's id; an owner without one is known by name.
 */
export function ownerKey(record: PropertyRecord): string {
  const mailing = mailingOf(record.owner?.mailingAddress);
  const basis = mailing ? `${mailing.street} ${mailing.zip}` : `name ${ownerOf(record).name}`;
  return `${PROVIDER}-owner-${normalise(basis).replace(/ /g, "-")}`;
}

export function toCashBuyer(record: BuyerRecord, raw: unknown): CashBuyer {
  const profile = record.propertyOwnerProfile;
  return {
    id: ownerKey(record),
    owner: ownerOf(record),
    property: { ...factsOf(record), lastSaleCash: record.quickLists?.cashBuyer ?? null },
    portfolio: {
      propertyCount: profile.propertiesCount,
      totalEstimatedValue: known(profile.propertiesTotalEstimatedValue),
      totalEquity: known(profile.propertiesTotalEquity),
      totalMortgageBalance: known(profile.mortgagesTotalBalance),
      totalPurchasePrice: known(profile.totalPurchasePrice),
      averagePurchasePrice: known(profile.averagePurchasePrice),
      // Not in BatchData's owner profile as far as we know: unknown rather than guessed.
      cashPurchaseCount: null,
      flipCount: null,
      lastPurchaseDate: null,
    },
    raw,
  };
}

/**
 * A page of buyer records → one record per owner (the owner's latest purchase on the page), owners holding fewer
 * than `minProperties` left out (BatchData was asked the same; this keeps the rule should it ever ignore it).
 */
export function distinctOwners<T extends { record: BuyerRecord }>(rows: readonly T[], minProperties: number): T[] {
  const byOwner = new Map<string, T>();
  for (const row of rows) {
    if (row.record.propertyOwnerProfile.propertiesCount < minProperties) continue;
    const key = ownerKey(row.record);
    const seen = byOwner.get(key);
    if (!seen || (lastSaleOf(row.record).date ?? "") > (lastSaleOf(seen.record).date ?? "")) byOwner.set(key, row);
  }
  return [...byOwner.values()];
}

// --- skip trace ------------------------------------------------------------------------------------------------

/** Case, punctuation and spacing folded, so "123 W. Maple Ave" and "123 w maple ave" are one address. */
function normalise(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

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
