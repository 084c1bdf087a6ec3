/**
 * Seller-lead and cash-buyer search: the request schemas the /api routes and the wizards
 * validate with, and the canonical keys of repeat searches. Constants, messages and answer shapes are zod-free in
 * lead-search-options.ts (re-exported here for server code).
 */
import { z } from "zod";

import { BUYER_TYPES, SELLER_TYPES, type BuyerType, type SellerType } from "#db/enums.ts";

import { locationKey, parseSearchLocation, type ParsedLocation } from "./lead-location.ts";
import {
  DEFAULT_MAX_PRICE,
  DEFAULT_MIN_BEDROOMS,
  MAX_SELLER_SEARCH_COUNT,
  MAX_SKIP,
  MIN_PROPERTIES,
  SELLER_SEARCH_COUNT,
} from "./search-options.ts";

export * from "./search-options.ts";

// --- request schemas ------------------------------------------------------------------------------------------

/** Numbers as JSON or as typed into a form ("500000", "$500,000"); blank is "not given". */
function toNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") return value;
  const text = value.replace(/[$,\s]/g, "");
  if (text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

function wholeNumber(label: string, min: number, max: number) {
  const range = `${label} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`;
  return z.preprocess(
    toNumber,
    z
      .number({ error: `${label} must be a number` })
      .int(range)
      .min(min, range)
      .max(max, range),
  );
}

const sellerType = z.enum(SELLER_TYPES, {
  error: (issue) => (issue.input === undefined ? "Seller type is required" : `Seller type must be one of ${SELLER_TYPES.join(", ")}`),
});
const buyerType = z.enum(BUYER_TYPES, {
  error: (issue) => (issue.input === undefined ? "Buyer type is required" : `Buyer type must be one of ${BUYER_TYPES.join(", ")}`),
});

const locationField = z
  .string({ error: "Location is required" })
  .max(300, "Location must be at most 300 characters")
  .superRefine((value, ctx) => {
    const parsed = parseSearchLocation(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  });

const locationsField = z
  .array(z.string({ error: "Each ZIP must have 5 digits" }), { error: "locations must be a list of ZIPs" })
  .max(25, "At most 25 ZIPs in one search")
  .optional();

const minBedrooms = wholeNumber("Minimum bedrooms", 1, 5).optional();
const maxPrice = z
  .preprocess(
    toNumber,
    z
      .number({ error: "Maximum price must be a number" })
      .gt(0, "Maximum price must be greater than 0")
      .max(DEFAULT_MAX_PRICE, "Maximum price must be at most $3,000,000"),
  )
  .optional();
const minPrice = z
  .preprocess(
    toNumber,
    z
      .number({ error: "Minimum price must be a number" })
      .min(0, "Minimum price cannot be negative")
      .max(DEFAULT_MAX_PRICE, "Minimum price must be at most $3,000,000"),
  )
  .optional();

/** What a seller search means once validated: the place, the seller type and the bounds with their defaults. */
export type SellerCriteria = {
  location: ParsedLocation;
  sellerType: SellerType;
  minBedrooms: number;
  minPrice: number | null;
  maxPrice: number;
};

type RawSellerCriteria = {
  location: string;
  locations?: string[];
  sellerType: SellerType;
  minBedrooms?: number;
  minPrice?: number;
  maxPrice?: number;
};

function toSellerCriteria(raw: RawSellerCriteria, ctx: z.RefinementCtx): SellerCriteria {
  const parsed = parseSearchLocation(raw.location, raw.locations);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", path: [parsed.field], message: parsed.message });
    return z.NEVER;
  }
  const max = raw.maxPrice ?? DEFAULT_MAX_PRICE;
  if (raw.minPrice !== undefined && raw.minPrice >= max) {
    ctx.addIssue({ code: "custom", path: ["minPrice"], message: "Minimum price must be below the maximum price" });
    return z.NEVER;
  }
  return {
    location: parsed.value,
    sellerType: raw.sellerType,
    minBedrooms: raw.minBedrooms ?? DEFAULT_MIN_BEDROOMS,
    minPrice: raw.minPrice && raw.minPrice > 0 ? raw.minPrice : null,
    maxPrice: max,
  };
}

const sellerCriteriaObject = z.object({ location: locationField, locations: locationsField, sellerType, minBedrooms, minPrice, maxPrice });

/** The seller criteria `{location, sellerType, minBedrooms, maxPrice, minPrice, locations?}`. */
export const SellerCriteriaSchema = sellerCriteriaObject.transform(toSellerCriteria);

/** POST /api/properties/batch: `{ count: 5, criteria }`. */
export const SellerSearchSchema = z.object({
  count: wholeNumber("count", 1, MAX_SELLER_SEARCH_COUNT).optional().default(SELLER_SEARCH_COUNT),
  criteria: z.object(sellerCriteriaObject.shape, { error: "criteria is required" }).transform(toSellerCriteria),
});
export type SellerSearchInput = z.infer<typeof SellerSearchSchema>;

export type BuyerCriteria = {
  location: ParsedLocation;
  buyerType: BuyerType;
  quickLists: string[];
  minProperties: number;
};

const QUICK_LIST = /^(not-)?[a-z]+(-[a-z]+)*$/;
const quickLists = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean)
      : value,
  z
    .array(
      z
        .string({ error: "Each quick list must be a name such as cash-buyer" })
        .regex(QUICK_LIST, "Each quick list must be a name such as cash-buyer"),
      { error: "quickLists must be a list of quick-list names" },
    )
    .max(10, "At most 10 quick lists"),
);

const buyerCriteriaObject = z.object({
  location: locationField,
  buyerType,
  quickLists: quickLists.optional(),
  minProperties: wholeNumber("minProperties", 1, 100).optional(),
});

function toBuyerCriteria(raw: z.infer<typeof buyerCriteriaObject>, ctx: z.RefinementCtx): BuyerCriteria {
  const parsed = parseSearchLocation(raw.location);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", path: [parsed.field], message: parsed.message });
    return z.NEVER;
  }
  return {
    location: parsed.value,
    buyerType: raw.buyerType,
    quickLists: [...new Set(raw.quickLists ?? [])].sort(),
    minProperties: raw.minProperties ?? MIN_PROPERTIES,
  };
}

/** `{location, buyerType}` (the buyer count), with the search's optional quick lists and minimum properties. */
export const BuyerCriteriaSchema = buyerCriteriaObject.transform(toBuyerCriteria);

/** POST /api/cash-buyers/search: `{location, buyerType, quickLists, minProperties: 3, skip}`. */
export const CashBuyerSearchSchema = buyerCriteriaObject
  .extend({ skip: wholeNumber("skip", 0, MAX_SKIP).optional() })
  .transform((raw, ctx) => ({ criteria: toBuyerCriteria(raw, ctx), skip: raw.skip ?? null }));
export type CashBuyerSearchInput = z.infer<typeof CashBuyerSearchSchema>;

export type PreviewCountInput = { kind: "seller"; criteria: SellerCriteria } | { kind: "buyer"; criteria: BuyerCriteria };

/**
 * A successful parse of `data`, typed as given: the whole union, since readBody's SafeParser would otherwise infer its
 * output from the first branch's literal.
 */
function parsed<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

/**
 * POST /api/leads/preview-count: `{location, sellerType, minBedrooms, maxPrice}` or `{location, buyerType}` — a body
 * that names a buyer type is a buyer count, any other a seller count.
 */
export const PreviewCountSchema = {
  safeParse(input: unknown) {
    if (input && typeof input === "object" && "buyerType" in input) {
      const result = BuyerCriteriaSchema.safeParse(input);
      return result.success ? parsed<PreviewCountInput>({ kind: "buyer", criteria: result.data }) : result;
    }
    const result = SellerCriteriaSchema.safeParse(input);
    return result.success ? parsed<PreviewCountInput>({ kind: "seller", criteria: result.data }) : result;
  },
};

// --- repeat-search keys (skip_mapping.user_search) --------------------------------------------------------------

/** Seller searches keep their place in the market under this key: same place, type and bounds → same key. */
export function sellerSearchKey(criteria: SellerCriteria): string {
  const { location, sellerType, minBedrooms, minPrice, maxPrice } = criteria;
  return ["seller", locationKey(location.search), sellerType, minBedrooms, minPrice ?? 0, maxPrice].join("|");
}

/** Prefix of every cash-buyer key, so a new buyer search can reset the others. */
export const BUYER_KEY_PREFIX = "buyer|";

/** The same location, buyer type and quick lists are a repeat search. */
export function buyerSearchKey(criteria: BuyerCriteria): string {
  return `${BUYER_KEY_PREFIX}${[locationKey(criteria.location.search), criteria.buyerType, criteria.quickLists.join(",")].join("|")}`;
}

/** The criteria as stored in lead_requests.request_params (plain JSON). */
export function sellerRequestParams(criteria: SellerCriteria, count: number) {
  return {
    count,
    location: criteria.location.label,
    search: criteria.location.search,
    sellerType: criteria.sellerType,
    minBedrooms: criteria.minBedrooms,
    minPrice: criteria.minPrice,
    maxPrice: criteria.maxPrice,
  };
}

export function buyerRequestParams(criteria: BuyerCriteria, skip: number) {
  return {
    location: criteria.location.label,
    search: criteria.location.search,
    buyerType: criteria.buyerType,
    quickLists: criteria.quickLists,
    minProperties: criteria.minProperties,
    skip,
  };
}
