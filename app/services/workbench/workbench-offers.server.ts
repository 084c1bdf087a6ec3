/**
 * The workbench's offer steps as form posts (they work before JavaScript loads): Get Max Offer (calculate-offer),
 * Generate PDF Letter of Intent (confirm-offer) and Mail the Offer (the mail provider), through the same services as
 * the /api routes. Each answers where the page goes next — the lead's address with the step in the URL — and its
 * toast, or the refusal the page shows. the spec's Demo Mode: when the letter or the mail provider fails, the page goes on
 * with the sample letter or a "(Demo Mode)" success that says nothing was mailed, and the status stays.
 */

import { OfferFormSchema, type OfferConfirmation, type OfferForm } from "#app/domain/offers/offer-forms.ts";
import { DEMO_MAILED, DEMO_MODE, offerStepsHref, SAMPLE_LETTER, splitMessage, type OfferSteps } from "#app/domain/offers/offer-rules.ts";
import { capRefusalToast } from "#app/domain/usage/refusal-toast.ts";
import { valuationStepOf } from "#app/domain/valuation/view.ts";
import type { StepIntent } from "#app/domain/workbench/step-anchors.ts";
import { workbenchHref } from "#app/domain/workbench/workbench-rules.ts";
import type { ValidSession } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import type { Toast } from "#app/services/http/toast.server.ts";
import { sendOffer } from "#app/services/offers/mail-offer.server.ts";
import { CHECK_THIS_OFFER } from "#app/services/offers/offer-checks.server.ts";
import { calculateOffer, confirmOffer } from "#app/services/offers/offers.server.ts";

export type OfferOutcome =
  /** `step`: the panel the page lands on when it is not the posted intent's (Generate and Mail lands on the mailed one). */
  | { redirect: string; toast: Toast; step?: StepIntent }
  | { intent: string | null; title: string; message: string; status: number; retryAfterSeconds?: number }
  | { confirmation: OfferConfirmation };

/** The fields a "Confirm anyway" posts again (with `confirm=1`): the step's own, as the user sent them. */
const RESUBMITTED = [
  "propertyId",
  "index",
  "value",
  "low",
  "high",
  "conf",
  "arv",
  "repairs",
  "fee",
  "offerType",
  "customOffer",
  "letter",
  "resend",
  "andMail",
];

/** The offer has warnings and was not confirmed: the page shows them and asks once. Nothing was written. */
function confirmation(
  intent: OfferConfirmation["intent"],
  warnings: OfferConfirmation["warnings"],
  form: Record<string, FormDataEntryValue>,
): OfferOutcome {
  const resubmit: Record<string, string> = {};
  for (const name of RESUBMITTED) {
    const value = form[name];
    if (typeof value === "string") resubmit[name] = value;
  }
  return {
    confirmation: {
      intent,
      title: CHECK_THIS_OFFER,
      message: intent === "letter" ? "Before the letter is generated:" : "Before the letter is mailed:",
      warnings,
      resubmit,
    },
  };
}

function whole(value: FormDataEntryValue | undefined): number | null {
  const text = typeof value === "string" ? value.replace(/[$,\s]/g, "") : "";
  return /^\d{1,9}(\.\d+)?$/.test(text) ? Math.round(Number(text)) : null;
}

/** A refused step: the page shows the message; a cap's refusal (429/402) carries when to try again. */
function refusal(intent: string | null, text: string, status: number, retryAfterSeconds?: number): OfferOutcome {
  const { title, description } = splitMessage(text);
  return { intent, title, message: description, status, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
}

const retryOf = (outcome: object) =>
  "retryAfterSeconds" in outcome && typeof outcome.retryAfterSeconds === "number" ? outcome.retryAfterSeconds : undefined;

/**
 * "Generate and Mail the Offer" (fewer clicks): the letter just made is mailed in the same step, through
 * sendOffer (once per property and offer, usage caps). The letter's warnings were answered (`confirm`) or there were
 * none, so the mail's own check is skipped only when the letter's was confirmed. A mail refusal leaves the letter made
 * and its Mail the Offer in view, with the refusal as the toast.
 */
async function mailNewLetter(
  context: ServiceContext<"db" | "files" | "providers" | "now" | "config">,
  userId: string,
  input: { propertyId: string; confirm?: boolean; actorId: string },
  base: string,
  made: Partial<OfferSteps>,
  created: OfferOutcome & { redirect: string },
): Promise<OfferOutcome> {
  const outcome = await sendOffer(context, userId, { propertyId: input.propertyId, resend: false, actorId: input.actorId }, !input.confirm);
  if (outcome.ok) {
    return {
      redirect: offerStepsHref(base, { ...made, mailed: outcome.trackingId }),
      toast: { title: "Offer Mailed Successfully!", description: `Tracking id: ${outcome.trackingId}`, variant: "success" },
      step: "mail",
    };
  }
  if (outcome.status === 502)
    return {
      redirect: offerStepsHref(base, { ...made, mailed: DEMO_MAILED }),
      toast: { title: DEMO_MODE.mailed, variant: "info" },
      step: "mail",
    };
  const text = "message" in outcome ? outcome.message : "The offer could not be mailed.";
  // The letter was made; the mailing was refused: a cap's refusal says which cap and when to try again.
  const capped = capRefusalToast({ status: outcome.status, message: text, retryAfterSeconds: retryOf(outcome) });
  const { title, description } = capped ?? splitMessage(text);
  return { redirect: created.redirect, toast: { title, description, variant: "error" }, step: "letter" };
}

export async function offerAction(
  context: ServiceContext<"db" | "files" | "providers" | "now" | "config">,
  signedIn: Promise<ValidSession>,
  form: Record<string, FormDataEntryValue>,
  /** The search whose queue the page shows (`?request=`), kept in the page the answer returns to. */
  request: string | null = null,
): Promise<OfferOutcome> {
  const session = await signedIn;
  const userId = session.workspaceId;
  const intent = typeof form.intent === "string" ? form.intent : null;
  const index = whole(form.index) ?? 0;
  const parsed = OfferFormSchema.safeParse(form);
  if (!parsed.success) return refusal(intent, parsed.error.issues[0]?.message ?? "Error: The form could not be read.", 400);
  const input = parsed.data;
  const base = workbenchHref(index, { request });
  // Get Property Value's answer stays on screen through the offer steps (hidden fields of each form).
  const valuation = valuationStepOf((name) => (typeof form[name] === "string" ? (form[name] as string) : null));
  const steps: Partial<OfferSteps> = { valuation, arv: whole(form.arv), repairs: whole(form.repairs), fee: whole(form.fee) };
  const post = { context, userId, actorId: session.user.id, form, intent, base, steps, valuation };
  if (input.intent === "offers") return maxOfferStep({ ...post, input });
  if (input.intent === "letter") return letterStep({ ...post, input });
  return mailStep({ ...post, input });
}

/** What each step's handler reads: who posts what, the page the answer returns to and the steps already on it. */
type StepPost<I extends OfferForm["intent"]> = {
  context: ServiceContext<"db" | "files" | "providers" | "now" | "config">;
  userId: string;
  /** The member posting: their activity entries go in the offer's and the mailing's batches. */
  actorId: string;
  form: Record<string, FormDataEntryValue>;
  intent: string | null;
  input: Extract<OfferForm, { intent: I }>;
  base: string;
  steps: Partial<OfferSteps>;
  valuation: ReturnType<typeof valuationStepOf>;
};

/** Get Max Offer: the 70 % rule's max offer, recorded on the lead; a failing service falls back to the demo options. */
async function maxOfferStep({ context, userId, intent, input, base, steps, valuation }: StepPost<"offers">): Promise<OfferOutcome> {
  const outcome = await calculateOffer(
    context,
    userId,
    {
      propertyId: input.propertyId,
      arv: input.arv,
      repairs: input.repairs,
      assignmentFee: input.fee,
    },
    { record: true },
  ).catch((error: unknown) => {
    console.error("calculate-offer failed", error);
    return null;
  });
  if (outcome === null) {
    // The options fall back to 60/70/80 % of the ARV, said so on screen.
    return {
      redirect: offerStepsHref(base, { ...steps, arv: Math.round(input.arv), demoOffers: true }),
      toast: { title: DEMO_MODE.offers, variant: "info" },
    };
  }
  if (!outcome.ok) return refusal(intent, outcome.message, outcome.status === 404 ? 404 : 400);
  const rule = outcome.maxOfferRule;
  return {
    redirect: offerStepsHref(base, { valuation, arv: Math.round(rule.arv), repairs: rule.repairs, fee: rule.assignmentFee }),
    toast: {
      title: "Max Offer Calculated",
      description: `Max offer (70% rule): $${rule.maxOffer.toLocaleString("en-US")}`,
      variant: "success",
    },
  };
}

/** Generate PDF Letter of Intent, and with "Generate and Mail" the mailing of the letter just made. */
async function letterStep({ context, userId, actorId, form, intent, input, base, steps }: StepPost<"letter">): Promise<OfferOutcome> {
  const letterInput = { ...input, propertyId: input.propertyId, assignmentFee: input.fee, actorId };
  const outcome = await confirmOffer(context, userId, letterInput, !input.confirm);
  if (outcome.ok) {
    const made = { ...steps, arv: Math.round(input.arv), letter: outcome.documentId };
    const created: OfferOutcome = {
      redirect: offerStepsHref(base, made),
      toast: { title: "Letter of Intent Created", description: outcome.fileName, variant: "success" },
    };
    return form.andMail === "1" ? mailNewLetter(context, userId, { ...input, actorId }, base, made, created) : created;
  }
  if (outcome.status === 502) {
    return {
      redirect: offerStepsHref(base, { ...steps, arv: Math.round(input.arv), letter: SAMPLE_LETTER }),
      toast: { title: DEMO_MODE.letter, description: "A sample letter is shown; your lead's status was not changed.", variant: "info" },
    };
  }
  if (outcome.status === 409 && "warnings" in outcome) return confirmation("letter", outcome.warnings, form);
  return refusal(intent, outcome.message, outcome.status, retryOf(outcome));
}

/** Mail the Offer: the lead's current letter mailed once ("Mail Again" on purpose), or the demo answer for the sample. */
async function mailStep({ context, userId, actorId, form, intent, input, base, steps }: StepPost<"mail" | "send">): Promise<OfferOutcome> {
  const letter = typeof form.letter === "string" ? form.letter : null;
  const mailedDemo = {
    redirect: offerStepsHref(base, { ...steps, letter, mailed: DEMO_MAILED }),
    toast: { title: DEMO_MODE.mailed, variant: "info" as const },
  };
  if (letter === SAMPLE_LETTER) return mailedDemo;
  // "Mail Again" sends a second letter on purpose; otherwise a letter already mailed is refused (409 "Already mailed").
  const resend = form.resend === "true";
  const outcome = await sendOffer(context, userId, { propertyId: input.propertyId, resend, actorId }, !input.confirm);
  if (outcome.ok) {
    return {
      redirect: offerStepsHref(base, { ...steps, letter, mailed: outcome.trackingId }),
      toast: { title: "Offer Mailed Successfully!", description: `Tracking id: ${outcome.trackingId}`, variant: "success" },
    };
  }
  if (outcome.status === 502) return mailedDemo;
  if (outcome.status === 409 && "warnings" in outcome) return confirmation("mail", outcome.warnings, form);
  return refusal(intent, outcome.message, outcome.status, retryOf(outcome));
}
