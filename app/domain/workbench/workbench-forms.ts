/**
 * What the workbench's forms post to /leads/workbench (they work before JavaScript loads): the button pressed and
 * the lead it is about. Save for Later, Let's Work It and Confirm Add to CRM name the lead (its queue id and the
 * provider that found it); Next Lead and Pass name the position they move on from.
 */
import { z } from "zod";

import type { OfferConfirmation } from "#app/domain/offers/offer-forms.ts";

export const SAVE_INTENTS = ["save", "work", "add"] as const;
export type SaveIntent = (typeof SAVE_INTENTS)[number];
export const MOVE_INTENTS = ["next", "pass"] as const;
/** The offer steps' forms (Get Max Offer, Generate PDF Letter of Intent, Mail the Offer): domain/offers/offer-forms.ts. */
export const OFFER_INTENTS = ["offers", "letter", "mail"] as const;
export type MoveIntent = (typeof MOVE_INTENTS)[number];

const leadId = z.string({ error: "Choose a lead" }).trim().min(1, "Choose a lead").max(200, "That lead is not in your lead queue");

/** The position the form was posted from (0-based `?lead=`). */
const index = z.coerce.number({ error: "Choose a lead" }).int("Choose a lead").min(0, "Choose a lead").max(1_000_000, "Choose a lead");

export const WorkbenchActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.enum(SAVE_INTENTS),
      leadId,
      vendor: z.string({ error: "Choose a lead" }).trim().min(1, "Choose a lead").max(50, "That lead is not in your lead queue"),
      // Only where the page goes back to: a missing or odd one is the first lead.
      index: index.catch(0),
    }),
    z.object({
      intent: z.enum(MOVE_INTENTS),
      index,
    }),
  ],
  { error: "Choose Save for Later, Let's Work It, Pass or Next Lead" },
);
export type WorkbenchAction = z.infer<typeof WorkbenchActionSchema>;

/**
 * The action's answer when it does not redirect: the toast (with JavaScript) or the alert (without) it shows; or an
 * offer's warnings with its "Confirm anyway" (`confirmation`, shown by the offer steps instead).
 */
export type WorkbenchActionData = {
  intent: string | null;
  title: string;
  message: string;
  confirmation?: OfferConfirmation;
  /** A refusal's status: a cap's (429/402) is shown as the cap's toast, with `retryAfterSeconds` in words. */
  status?: number;
  retryAfterSeconds?: number;
};
