/**
 * What the offer calls take (calculate-offer, confirm-offer, mail-offer, send-offer) and the forms that
 * post the same things without JavaScript (the workbench's offer steps, the CRM property card's Create Offer and
 * Send Offer). The server and the browser share these schemas; the rules and messages are `offers.ts`.
 */
import { z } from "zod";

import { moneySchema, optionalMoneySchema } from "#app/domain/shared/money-schema.ts";
import { ARV_MIN, parseMoneyText } from "#app/domain/shared/money.ts";
import { MAIL_ADDRESS_LINE_MAX, MAIL_LIMIT_MESSAGES, MAIL_NAME_MAX, recipientStreetProblem } from "#app/domain/shared/postal-limits.ts";
import { hasUnsafeText, plainText, unsafeTextMessage } from "#app/domain/shared/text.ts";

import {
  ARV_REQUIRED,
  CUSTOM_OFFER,
  customOfferAmount,
  INVALID_OFFER_AMOUNT,
  messageText,
  NO_OFFER_SELECTED,
  parseMailingAddress,
} from "./offer-rules.ts";
import { OFFER_TYPES } from "./options.ts";

const propertyId = z.string({ error: "Property is required" }).trim().min(1, "Property is required").max(64, "Property not found");

/** The ARV: missing or under $1 after rounding is 'ARV Required', under ARV_MIN a 400 too; strict money (money-schema.ts). */
const arv = moneySchema("ARV", { least: ARV_MIN, tooSmall: messageText(ARV_REQUIRED) });

/** Repairs and the assignment fee: strict money, $0 allowed; absent → the rule's default. */
const optionalMoney = (label: string) => optionalMoneySchema(label, { min: 0 });

const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
      plainText(
        z
          .string({ error: `${label} must be text` })
          .trim()
          .max(max, `${label} must be at most ${max} characters`)
          .optional(),
        label,
      ),
    )
    .optional();

const optionalCount = (label: string) =>
  z
    .preprocess(
      (value) => (value === null || value === "" ? undefined : parseMoneyText(value)),
      z
        .number({ error: `${label} must be a number` })
        .min(0, `${label} cannot be negative`)
        .max(1_000_000)
        .optional(),
    )
    .optional();

/** A whole amount (rounded) of $1 … $100,000,000, strictly parsed, else 'Invalid Offer Amount'. */
const offerAmount = z.unknown().transform((value, ctx) => {
  const amount = typeof value === "string" || typeof value === "number" ? customOfferAmount(value) : null;
  if (amount === null) {
    ctx.addIssue({ code: "custom", message: messageText(INVALID_OFFER_AMOUNT) });
    return z.NEVER;
  }
  return amount;
});

/** "Confirm anyway" (the forms' second post after the offer warnings): present and "1"/"true" → confirmed. */
const confirmField = z.preprocess((value) => value === true || value === "1" || value === "true", z.boolean()).optional();

export const RECIPIENT_ADDRESS_INVALID = "Recipient address must be a street, city, 2-letter state and ZIP code";

/** POST /api/properties/calculate-offer. `repairs` and `assignmentFee` are ours: the 70% rule line's editable figures. */
export const CalculateOfferSchema = z.object({
  propertyId,
  arv,
  address: optionalText("Address", 200),
  city: optionalText("City", 100),
  state: optionalText("State", 20),
  repairs: optionalMoney("Repair estimate"),
  assignmentFee: optionalMoney("Assignment fee"),
});
export type CalculateOfferInput = z.infer<typeof CalculateOfferSchema>;

export const OFFER_CHOICES = [...OFFER_TYPES, CUSTOM_OFFER] as const;

/** The offer chosen: a tier, or `custom` with its amount (the spec's rules and messages). */
const offerChoice = {
  offerType: z.enum(OFFER_CHOICES, { error: messageText(NO_OFFER_SELECTED) }),
  customOffer: z.union([z.string().max(40, messageText(INVALID_OFFER_AMOUNT)), z.number()]).nullish(),
};

function customAmountRule(value: { offerType: string; customOffer?: string | number | null }, ctx: z.RefinementCtx) {
  if (value.offerType === CUSTOM_OFFER && customOfferAmount(value.customOffer) === null) {
    ctx.addIssue({ code: "custom", path: ["customOffer"], message: messageText(INVALID_OFFER_AMOUNT) });
  }
}

/** POST /api/properties/confirm-offer (the spec's payload). */
export const ConfirmOfferSchema = z
  .object({
    propertyId,
    ...offerChoice,
    arv,
    /** The 70% rule's figures the offer is checked against (absent: the rule's defaults). */
    repairs: optionalMoney("Repair estimate"),
    assignmentFee: optionalMoney("Assignment fee"),
    propertyDetails: z
      .object({
        address: optionalText("Address", 200),
        city: optionalText("City", 100),
        state: optionalText("State", 20),
        zip: optionalText("ZIP code", 10),
        bedrooms: optionalCount("Bedrooms"),
        bathrooms: optionalCount("Bathrooms"),
        squareFeet: optionalCount("Square feet"),
      })
      .optional(),
    ownerInfo: z.object({ name: optionalText("Owner name", 200), mailingAddress: optionalText("Owner mailing address", 300) }).optional(),
  })
  .superRefine(customAmountRule);
export type ConfirmOfferInput = z.infer<typeof ConfirmOfferSchema>;

/** A mailing address whose street lines fit Lob's address_line1/2 (64 each); true when it does not parse (refused apart). */
function streetLinesFit(value: string): boolean {
  const parsed = parseMailingAddress(value);
  return !parsed || [parsed.line1, parsed.line2 ?? ""].every((line) => line.length <= MAIL_ADDRESS_LINE_MAX);
}

/** A recipient's street whose two lines fit Lob's 50 characters together; true when it does not parse (refused apart). */
function recipientStreetFits(value: string): boolean {
  const parsed = parseMailingAddress(value);
  return !parsed || recipientStreetProblem(parsed) === null;
}

const recipientAddress = z
  .string({ error: "Recipient address is required" })
  .trim()
  .min(1, "Recipient address is required")
  .max(300, "Recipient address must be at most 300 characters")
  .refine((value) => !hasUnsafeText(value), unsafeTextMessage("Recipient address"))
  .refine((value) => parseMailingAddress(value) !== null, RECIPIENT_ADDRESS_INVALID)
  .refine(streetLinesFit, MAIL_LIMIT_MESSAGES.street)
  .refine(recipientStreetFits, MAIL_LIMIT_MESSAGES.recipientStreet);

/** POST /api/properties/mail-offer (the owner's mailing address, else the property's). */
export const MailOfferSchema = z.object({
  propertyId,
  offerAmount,
  pdfUrl: z.string({ error: "pdfUrl is required" }).trim().min(1, "pdfUrl is required").max(500, "pdfUrl is not a letter of yours"),
  recipientName: z
    .string({ error: "Recipient name is required" })
    .trim()
    .min(1, "Recipient name is required")
    .max(MAIL_NAME_MAX, MAIL_LIMIT_MESSAGES.recipientName)
    .refine((value) => !hasUnsafeText(value), unsafeTextMessage("Recipient name")),
  recipientAddress,
  /** Mail this offer's letter again although it was mailed (a second letter, charged again). */
  resend: z.boolean({ error: "resend must be true or false" }).optional(),
});
export type MailOfferInput = z.infer<typeof MailOfferSchema>;

/** POST /api/properties/send-offer (the property card): the stored max offer is what is sent ('No Offer Created'). */
export const SendOfferSchema = z.object({
  propertyId,
  /** Mailed as the letter's addressee: Lob's 40 characters. */
  ownerName: optionalText("Owner name", MAIL_NAME_MAX),
  ownerMailingAddress: z
    .preprocess(
      (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
      plainText(z.string({ error: "Owner mailing address must be text" }).trim().max(300).optional(), "Owner mailing address"),
    )
    .refine((value) => value === undefined || parseMailingAddress(value) !== null, RECIPIENT_ADDRESS_INVALID)
    .refine((value) => value === undefined || streetLinesFit(value), MAIL_LIMIT_MESSAGES.street)
    .refine((value) => value === undefined || recipientStreetFits(value), MAIL_LIMIT_MESSAGES.recipientStreet)
    .optional(),
  offerAmount: optionalMoneySchema("Offer amount"),
  /** Mail the letter again although this offer was mailed (a second letter, charged again). */
  resend: z.boolean({ error: "resend must be true or false" }).optional(),
});
export type SendOfferInput = z.infer<typeof SendOfferSchema>;

// --- the forms (they post without JavaScript) -------------------------------------------------------------------

/** Get Max Offer / the 70% rule line's editable figures (workbench). */
export const MaxOfferFormSchema = z.object({
  intent: z.literal("offers"),
  propertyId,
  arv,
  repairs: optionalMoney("Repair estimate"),
  fee: optionalMoney("Assignment fee"),
});

/** Generate PDF Letter of Intent (workbench) and Create Offer (property card): the choice and the ARV it is a share of. */
export const LetterFormSchema = z
  .object({
    intent: z.literal("letter"),
    propertyId,
    arv,
    repairs: optionalMoney("Repair estimate"),
    fee: optionalMoney("Assignment fee"),
    ...offerChoice,
    confirm: confirmField,
  })
  .superRefine(customAmountRule);

/** Mail the Offer (workbench) and Send Offer (property card). */
export const MailFormSchema = z.object({
  intent: z.enum(["mail", "send"]),
  propertyId,
  confirm: confirmField,
});

export const OfferFormSchema = z.discriminatedUnion("intent", [MaxOfferFormSchema, LetterFormSchema, MailFormSchema], {
  error: "Choose Get Max Offer, Generate PDF Letter of Intent or Mail the Offer",
});
export type OfferForm = z.infer<typeof OfferFormSchema>;

/** What an offer form's action answers when it does not redirect: the message the page shows, and field errors. */
export type OfferActionData = { intent: string | null; title: string; message: string; errors?: Record<string, string[]> };

/**
 * What an offer form answers when the offer needs a second look (warnings.ts): the warnings in words and the fields
 * to post again with `confirm=1` ("Confirm anyway"), with or without JavaScript.
 */
export type OfferConfirmation = {
  intent: "letter" | "mail" | "send";
  title: string;
  message: string;
  warnings: { code: string; message: string }[];
  resubmit: Record<string, string>;
};
