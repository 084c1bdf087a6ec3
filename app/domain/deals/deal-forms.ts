/**
 * The deal forms' schemas: the pipeline's create and move forms (conform in the browser, the action on the server)
 * and the /api/deals bodies. Messages are the words the forms and the API answer with.
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

import { DEAL_STAGES } from "#db/enums.ts";
import { parseMoneyText } from "#app/domain/shared/money.ts";
import { plainText } from "#app/domain/shared/text.ts";

const MAX_MONEY = 99_999_999.99; // precision 10,2

/** Money as a number or a numeric string ("250000", "$250,000"); an empty string is "not given". */
const moneyInput = z.preprocess(
  parseMoneyText,
  z
    .number({ error: "Deal value must be a number" })
    .min(0, "Deal value cannot be negative")
    .max(MAX_MONEY, "Deal value must be at most 99,999,999.99"),
);

const stageInput = z.enum(DEAL_STAGES, { error: "Stage must be one of: lead_generation, analysis, negotiation, closing" });

export const CreateDealSchema = z.object({
  propertyId: z.string({ error: "Property is required" }).trim().min(1, "Property is required").max(64, "Property not found"),
  dealValue: moneyInput.optional(),
  stage: stageInput.optional(),
});
export type CreateDealInput = z.infer<typeof CreateDealSchema>;

/** The pipeline's move form (drag and drop, keyboard, or the card's small form without JavaScript). */
export const MoveDealSchema = z.object({
  dealId: z.string({ error: "Deal is required" }).trim().min(1, "Deal is required").max(64, "Deal not found"),
  stage: z.enum(DEAL_STAGES, { error: "Choose a stage" }),
});

/** YYYY-MM-DD or a full ISO instant; null clears it. */
const closeDateInput = z.preprocess(
  (value) => (value === "" ? null : value),
  z
    .string({ error: "Close date must be a date (YYYY-MM-DD)" })
    .refine((text) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(text) && !Number.isNaN(Date.parse(text)), "Close date must be a date (YYYY-MM-DD)")
    .nullable(),
);

export const UpdateDealSchema = z
  .object({
    stage: stageInput.optional(),
    dealValue: z.preprocess((value) => (value === "" ? null : value), moneyInput.nullable()).optional(),
    closeDate: closeDateInput.optional(),
    notes: plainText(
      z.string({ error: "Notes must be text" }).max(2000, "Notes must be at most 2000 characters").nullable(),
      "Notes",
    ).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Nothing to update: give stage, dealValue, closeDate or notes",
    path: ["form"],
  });
export type UpdateDealInput = z.infer<typeof UpdateDealSchema>;

/** A lead a deal can be made from, as the create form lists it. */
export type DealLeadOption = { id: string; address: string; city: string | null; state: string | null };

/**
 * What /pipeline/deals answers a form that failed: which form, conform's result, and for "create" the leads to
 * show the form again with (the fallback page without JavaScript).
 */
export type DealFormActionData =
  | { intent: "create"; result: SubmissionResult<string[]>; leads: DealLeadOption[] }
  | { intent: "move"; result: SubmissionResult<string[]>; leads: null };
