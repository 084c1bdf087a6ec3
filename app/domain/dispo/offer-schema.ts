/**
 * A buyer's inquiry or offer on a deal, as the deal page's form and `POST /api/deals/{id}/offers` take it: who they
 * are and how to reach them, and — for an offer — the amount, the earnest money and the closing date they propose.
 * Without an amount it is an inquiry. One schema for both doors, so an offer typed by the user and one a buyer sent
 * are checked alike.
 */
import { z } from "zod";

import { toE164 } from "#app/domain/leads/phone.ts";
import { moneySchema, optionalMoneySchema } from "#app/domain/shared/money-schema.ts";
import { plainText } from "#app/domain/shared/text.ts";

import { yesNo } from "./buyer-schema.ts";
import { day } from "./contract.ts";

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const OFFER_FIELDS = ["name", "email", "phone", "amount", "earnestMoney", "closeDate", "proofOfFunds", "message"] as const;
export type OfferField = (typeof OFFER_FIELDS)[number];

export const OfferInputSchema = z.object({
  name: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().replace(/\s+/g, " ") : value),
    plainText(z.string({ error: "Name is required" }).min(1, "Name is required").max(120, "Name must be at most 120 characters"), "Name"),
  ),
  email: z.preprocess(
    trimmed,
    z
      .email({ error: (issue) => (issue.input ? "Email must be an email address" : "Email is required") })
      .max(200, "Email must be at most 200 characters"),
  ),
  phone: z.preprocess(
    (value) => blankToUndefined(trimmed(value)),
    z
      .string({ error: "Phone must be text" })
      .optional()
      .transform((phone, ctx) => {
        if (phone === undefined) return null;
        const e164 = toE164(phone);
        if (!e164) ctx.addIssue({ code: "custom", message: "Phone must be a phone number" });
        return e164 ?? phone;
      }),
  ),
  /** The price the buyer offers for the property; blank: an inquiry. */
  amount: z.preprocess(blankToUndefined, optionalMoneySchema("Offer amount")),
  earnestMoney: z.preprocess(blankToUndefined, optionalMoneySchema("Earnest money", { min: 0 })),
  closeDate: z.preprocess(blankToUndefined, day("Closing date").optional()),
  proofOfFunds: yesNo("Proof of funds"),
  message: z.preprocess(
    (value) => blankToUndefined(trimmed(value)),
    plainText(z.string({ error: "Message must be text" }).max(1000, "Message must be at most 1000 characters").optional(), "Message"),
  ),
});
export type OfferInput = z.infer<typeof OfferInputSchema>;

/** The closing date a buyer proposes cannot be in the past (UTC days, as every stored day). */
export function closeDateIssue(input: Pick<OfferInput, "closeDate">, now: Date): string | null {
  if (!input.closeDate) return null;
  return input.closeDate < now.toISOString().slice(0, 10) ? "Closing date cannot be in the past" : null;
}

/** The fee actually received when the assignment closed: strict money, at least $1. */
export const FeeReceivedSchema = z.object({ amount: moneySchema("Fee received") });
