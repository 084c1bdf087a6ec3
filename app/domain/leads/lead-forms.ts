/** The lead's input schemas, shared by the Add Lead form in the browser and by the server (POST/PATCH /api/properties). */
import { z } from "zod";

import { nullableMoneySchema } from "#app/domain/shared/money-schema.ts";
import { ARV_MIN, MONEY_MAX, MONEY_MIN } from "#app/domain/shared/money.ts";
import { plainText } from "#app/domain/shared/text.ts";
import { isUsState } from "#app/domain/shared/us-states.ts";

import { LEAD_STATUSES } from "./labels.ts";
import { toE164 } from "./phone.ts";

const isBlank = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "");

/** "250000", "$250,000", 250000 → 250000; anything else is left for zod to refuse. */
function toNumber(value: unknown): unknown {
  if (isBlank(value)) return null;
  if (typeof value !== "string") return value;
  const text = value.replace(/[$,\s]/g, "");
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

/**
 * Money: the one strict schema (money-schema.ts: "12,34,56", "1e6", "NaN" refused, naming the field); blank or null
 * clears it. The deal numbers (ARV, max offer) are at least $1 after rounding, as every amount a letter may say, and an
 * ARV at least ARV_MIN; no other amount but the equity is below $0, in cents as stored.
 */
function moneyField(
  label: string,
  { allowNegative = false, deal = false, least }: { allowNegative?: boolean; deal?: boolean; least?: number } = {},
) {
  const min = allowNegative ? -MONEY_MAX : deal ? MONEY_MIN : 0;
  return nullableMoneySchema(label, { min, least: Math.max(least ?? min, min) });
}

function positiveField(label: string, max: number, { integer = false } = {}) {
  let base = z
    .number({ error: `${label} must be a number` })
    .gt(0, `${label} must be greater than 0`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`);
  if (integer) base = base.int(`${label} must be a whole number`);
  return z.preprocess(toNumber, base.nullable()).optional();
}

function percentField(label: string, { integer = false } = {}) {
  let base = z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`);
  if (integer) base = base.int(`${label} must be a whole number`);
  return z.preprocess(toNumber, base.nullable()).optional();
}

function textField(label: string, max: number) {
  return z
    .preprocess(
      (value) => (isBlank(value) ? null : value),
      plainText(
        z
          .string({ error: `${label} must be text` })
          .trim()
          .max(max, `${label} must be at most ${max} characters`)
          .nullable(),
        label,
      ),
    )
    .optional();
}

/** Phones as typed; stored as E.164 when they are US numbers, else as typed. */
function phoneField(label: string) {
  return textField(label, 40).transform((value) => (value ? (toE164(value) ?? value) : value));
}

const yearBuilt = z
  .preprocess(
    toNumber,
    z
      .number({ error: "Year built must be a number" })
      .int("Year built must be a whole number")
      .min(1800, "Year built must be 1800 or later")
      // The current year is read at parse time: Workers freeze the clock at module scope.
      .refine((year) => year <= new Date().getUTCFullYear() + 5, { message: "Year built cannot be more than 5 years from now" })
      .nullable(),
  )
  .optional();

const required = (label: string, max: number) =>
  plainText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  );

const PROPERTY_FIELDS = {
  address: required("Address", 200),
  city: required("City", 100),
  state: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
    z
      .string({ error: "State is required" })
      .min(1, "State is required")
      .regex(/^[A-Z]{2}$/, { message: "State must be 2 letters", abort: true })
      .refine(isUsState, "State must be one of the 50 US state codes"),
  ),
  zipCode: z.preprocess(
    (value) => (typeof value === "number" ? String(value).padStart(5, "0") : typeof value === "string" ? value.trim() : value),
    z
      .string({ error: "ZIP code is required" })
      .min(1, "ZIP code is required")
      .regex(/^\d{5}(-\d{4})?$/, "ZIP code must be 5 digits"),
  ),
  bedrooms: positiveField("Bedrooms", 50, { integer: true }),
  bathrooms: positiveField("Bathrooms", 50),
  squareFeet: positiveField("Square feet", 1_000_000, { integer: true }),
  yearBuilt,
  propertyType: z
    .preprocess(
      (value) => (isBlank(value) ? undefined : value),
      plainText(z.string().trim().max(50, "Property type must be at most 50 characters").optional(), "Property type"),
    )
    .optional(),
  arv: moneyField("ARV", { deal: true, least: ARV_MIN }),
  maxOffer: moneyField("Max offer", { deal: true }),
  analysisArv: moneyField("Analysis ARV", { deal: true, least: ARV_MIN }),
  /** The user's repair estimate and assignment fee the 70 % rule's max offer uses. */
  repairEstimate: moneyField("Repair estimate"),
  assignmentFee: moneyField("Assignment fee"),
  price: moneyField("Price"),
  equityPercentage: percentField("Equity percentage"),
  equityBalance: moneyField("Equity balance", { allowNegative: true }),
  confidenceScore: percentField("Confidence score", { integer: true }),
  lastSalePrice: moneyField("Last sale price"),
  lastSaleDate: z
    .preprocess(
      (value) => (isBlank(value) ? null : value),
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "Last sale date must be a date (YYYY-MM-DD)")
        .nullable(),
    )
    .optional(),
  ownerName: textField("Owner name", 200),
  ownerPhone: phoneField("Owner phone"),
  ownerEmail: z
    .preprocess(
      (value) => (isBlank(value) ? null : typeof value === "string" ? value.trim().toLowerCase() : value),
      z.email("Invalid email address").max(254).nullable(),
    )
    .optional(),
  ownerMailingAddress: textField("Owner mailing address", 300),
  ownerDncPhone: phoneField("Owner DNC phone"),
  ownerMobilePhone: phoneField("Owner mobile phone"),
  ownerLandLine: phoneField("Owner land line"),
  status: z
    .preprocess(
      (value) => (isBlank(value) ? undefined : value),
      z.enum(LEAD_STATUSES, { error: `Status must be one of ${LEAD_STATUSES.join(", ")}` }).optional(),
    )
    .optional(),
  currentAgent: textField("Current agent", 50),
  leadType: textField("Lead type", 50),
  condition: textField("Condition", 50),
  notes: textField("Notes", 5000),
};

/** POST /api/properties and the Add Lead form: the fields of spec 02 "Property as sent on save" and a few more. */
export const PropertyInputSchema = z.object(PROPERTY_FIELDS);
export type PropertyInput = z.infer<typeof PropertyInputSchema>;

/** PATCH /api/properties/{id}: any editable field; at least one. */
export const PropertyPatchSchema = z
  .object(PROPERTY_FIELDS)
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Nothing to update", path: ["form"] });
export type PropertyPatch = z.infer<typeof PropertyPatchSchema>;
