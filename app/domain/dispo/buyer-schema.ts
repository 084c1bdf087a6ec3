/**
 * A disposition buyer as a form, the API or a CSV row gives it: who they are, their buy-box (what they said they buy)
 * and their email consent. One schema for all three, so a buyer typed by hand and one imported are checked alike.
 */
import { z } from "zod";

import { PROPERTY_TYPES, REPAIR_LEVELS } from "#db/enums.ts";
import { toE164 } from "#app/domain/leads/phone.ts";
import { nullableMoneySchema } from "#app/domain/shared/money-schema.ts";
import { hasUnsafeText, unsafeTextMessage } from "#app/domain/shared/text.ts";

/** Markets one buyer may list; a market is a city ("Phoenix, AZ") or a ZIP. */
export const MAX_MARKETS = 20;
const MARKET_MAX = 80;
/** The most bedrooms a buy-box may ask for. */
const MIN_BEDS_MAX = 20;

const noControls = (value: string) => !hasUnsafeText(value);
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim().replace(/\s+/g, " ") : value);

function optionalText(label: string, max: number) {
  return z.preprocess(
    (value) => blankToNull(trimmed(value)) ?? null,
    z
      .string({ error: `${label} must be text` })
      .max(max, `${label} must be at most ${max} characters`)
      .refine(noControls, unsafeTextMessage(label))
      .nullable(),
  );
}

/** A list given as an array or as text separated by ";" or "|" (a CSV cell, a form field). */
const listOf = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(/[;|]/)
        .map((item) => item.trim().replace(/\s+/g, " "))
        .filter(Boolean)
    : (value ?? []);

/** "yes", "true", "1", "on" (a checked box) → true; "no", "false", "0", blank or absent → false; anything else is refused. */
export const yesNo = (label: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null) return false;
      if (typeof value !== "string") return value;
      const word = value.trim().toLowerCase();
      if (["yes", "y", "true", "1", "on"].includes(word)) return true;
      if (["no", "n", "false", "0", ""].includes(word)) return false;
      return value;
    },
    z.boolean({ error: `${label} must be yes or no` }),
  );

export const BuyerInputSchema = z
  .object({
    name: z.preprocess(
      trimmed,
      z
        .string({ error: "Name is required" })
        .min(1, "Name is required")
        .max(200, "Name must be at most 200 characters")
        .refine(noControls, unsafeTextMessage("Name")),
    ),
    company: optionalText("Company", 200),
    email: z.preprocess(
      (value) => blankToNull(trimmed(value)) ?? null,
      z.email("Email must be an email address").max(200, "Email must be at most 200 characters").nullable(),
    ),
    phone: z.preprocess(
      (value) => blankToNull(trimmed(value)) ?? null,
      z
        .string({ error: "Phone must be text" })
        .nullable()
        .transform((phone, ctx) => {
          if (phone === null) return null;
          const e164 = toE164(phone);
          if (!e164) ctx.addIssue({ code: "custom", message: "Phone must be a phone number" });
          return e164 ?? phone;
        }),
    ),
    markets: z.preprocess(
      listOf,
      z
        .array(
          z.string().max(MARKET_MAX, `A market must be at most ${MARKET_MAX} characters`).refine(noControls, unsafeTextMessage("Markets")),
          { error: "Markets must be a list" },
        )
        .max(MAX_MARKETS, `At most ${MAX_MARKETS} markets`),
    ),
    propertyTypes: z.preprocess(
      (value) => (listOf(value) as unknown[]).map((item) => (typeof item === "string" ? item.toLowerCase().replace(/[\s-]+/g, "_") : item)),
      z.array(z.enum(PROPERTY_TYPES, { error: `Property types must be among ${PROPERTY_TYPES.join(", ")}` })).max(PROPERTY_TYPES.length),
    ),
    priceMin: nullableMoneySchema("Minimum price"),
    priceMax: nullableMoneySchema("Maximum price"),
    minBeds: z.preprocess(
      (value) => {
        const blank = blankToNull(value);
        return typeof blank === "string" && /^\s*\d+\s*$/.test(blank) ? Number(blank) : (blank ?? null);
      },
      z
        .number({ error: "Minimum beds must be a whole number" })
        .int("Minimum beds must be a whole number")
        .min(0, "Minimum beds cannot be negative")
        .max(MIN_BEDS_MAX, `Minimum beds must be at most ${MIN_BEDS_MAX}`)
        .nullable(),
    ),
    maxRepairLevel: z.preprocess(
      (value) => (typeof value === "string" ? blankToNull(value.trim().toLowerCase()) : (value ?? null)),
      z.enum(REPAIR_LEVELS, { error: `Repair level must be one of ${REPAIR_LEVELS.join(", ")}` }).nullable(),
    ),
    emailConsent: yesNo("Email consent"),
  })
  .superRefine((buyer, ctx) => {
    if (buyer.priceMin != null && buyer.priceMax != null && buyer.priceMin > buyer.priceMax)
      ctx.addIssue({ code: "custom", path: ["priceMax"], message: "Maximum price must be at least the minimum price" });
    if (buyer.emailConsent && !buyer.email)
      ctx.addIssue({ code: "custom", path: ["emailConsent"], message: "Email consent needs an email address" });
  });

export type BuyerInput = z.infer<typeof BuyerInputSchema>;

/** One buyer per user: a second buyer with the same name and email is the same buyer (a re-import updates it). */
export function buyerMatchKey({ name, email }: { name: string; email: string | null }): string {
  return `${name.trim().toLowerCase()}|${(email ?? "").trim().toLowerCase()}`;
}
