/**
 * Offers on the server (calculate-offer, confirm-offer, mail-offer, send-offer; the spec the status flow): the options
 * and the 70% rule line, and the Letter of Intent (pdf-lib, stored in R2 under the user's prefix and listed in Documents
 * as a letter of intent). Mailing it lives in mail-offer.server.ts and mail-letter.server.ts. Every read is scoped to
 * the user: a foreign property or letter is "not found" and nothing is written. Statuses move only after the step
 * succeeded.
 */
import { and, eq, sql } from "drizzle-orm";

import type { PropertyStatus } from "#db/enums.ts";
import { documents, properties } from "#db/schema.ts";
import { placeOf } from "#app/domain/activity/activity.ts";
import { documentKey } from "#app/domain/documents/file-keys.ts";
import { maxOfferRule, recommendedOffer, tiersOf, type OfferOption, type OfferType } from "#app/domain/offers/deal-numbers.ts";
import { letterOfIntentText, letterPlainText } from "#app/domain/offers/letter-of-intent.ts";
import type { CalculateOfferInput, ConfirmOfferInput } from "#app/domain/offers/offer-forms.ts";
import {
  chosenOfferAmount,
  messageText,
  OFFER_CREATION_FAILED,
  offerPdfFileName,
  statusAfterLetter,
  type MaxOfferRule,
  type OfferChoice,
} from "#app/domain/offers/offer-rules.ts";
import type { OfferWarning } from "#app/domain/offers/warnings.ts";
import { windowStart } from "#app/domain/usage/windows.ts";
import { activityEntryWhen } from "#app/services/activity/activity-log.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { renderLetterOfIntentPdf } from "#app/services/documents/pdf.server.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";
import { dealCostWrites, valuationStatements } from "#app/services/valuation/property-valuations.server.ts";

import { dealRuleOfRows, preferencesQuery } from "./deal-rule.server.ts";
import { needsConfirmation, propertyOfferWarnings, type NeedsConfirmation } from "./offer-checks.server.ts";
import { readPropertyAndSender, type PropertyRow, type Refusal, type Sender } from "./offer-records.server.ts";

export type OfferCalculation = {
  ok: true;
  arv: number;
  options: OfferOption[];
  maxOfferRule: MaxOfferRule;
  /** The highest tier at or below the max offer (the screens preselect it); null when all are above. */
  recommended: OfferType | null;
};

/**
 * The three tiers of the ARV, each against the 70% rule's max offer (repairs and fee as given, else as stored, else
 * their defaults), and the rule line. The API's calculate-offer writes nothing; the workbench's Get Max Offer
 * (`record`) also stores the repairs and fee the user typed on the property, and its max offer, in the same round trip.
 */
export async function calculateOffer(
  context: ServiceContext<"db" | "now">,
  userId: string,
  input: CalculateOfferInput,
  options: { record?: boolean } = {},
): Promise<OfferCalculation | Refusal> {
  const { db } = context;
  const costs = { repairEstimate: input.repairs, assignmentFee: input.assignmentFee };
  const read = db
    .select()
    .from(properties)
    .where(and(eq(properties.id, input.propertyId), eq(properties.userId, userId)));
  const record = options.record && (input.repairs !== undefined || input.assignmentFee !== undefined);
  const [property, rule] = record
    ? await db
        .batch([...dealCostWrites(context, userId, input.propertyId, costs), read, preferencesQuery(context, userId)])
        .then((results) => [results[2][0] ?? null, dealRuleOfRows(results[3])] as const)
    : await db.batch([read, preferencesQuery(context, userId)]).then(([rows, prefs]) => [rows[0] ?? null, dealRuleOfRows(prefs)] as const);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  const line = maxOfferRule(input.arv, input.repairs ?? property.repairEstimate, input.assignmentFee ?? property.assignmentFee, rule);
  const tiers = tiersOf(line, rule);
  return { ok: true, arv: input.arv, options: tiers, maxOfferRule: line, recommended: recommendedOffer(tiers) };
}

// --- confirm-offer (the Letter of Intent) -----------------------------------------------------------------------

/** Where the owner opens a letter (authorised: the document's view route) and downloads it under its file name. */
export function letterUrls(documentId: string) {
  return { pdfUrl: `/documents/${documentId}/view`, downloadUrl: `/documents/${documentId}/download` };
}

export type Letter = {
  ok: true;
  offerAmount: number;
  offerType: OfferChoice;
  documentId: string;
  fileName: string;
  /** The R2 key (never sent to a client). */
  filePath: string;
  pdfUrl: string;
  downloadUrl: string;
  status: PropertyStatus;
  /** Why the offer deserves a second look (above the max offer, low confidence, ARV far above the as-is value). */
  warnings: OfferWarning[];
};

type LetterRequest = {
  offerType: OfferChoice;
  customOffer?: string | number | null;
  arv: number;
  propertyDetails?: ConfirmOfferInput["propertyDetails"];
  ownerInfo?: ConfirmOfferInput["ownerInfo"];
  /** The 70% rule's figures the offer is checked against (absent: the defaults). */
  repairs?: number;
  assignmentFee?: number;
  /** The member choosing the offer: their activity entry (the offer from → to) goes in the letter's batch. */
  actorId?: string;
};

/** Renders the letter, stores its PDF and its Documents row, and records it on the property (maxOffer, file name, status). */
export async function produceLetter(
  context: ServiceContext<"db" | "files" | "providers" | "now">,
  userId: string,
  property: PropertyRow,
  sender: Sender,
  request: LetterRequest & { amount: number },
  warnings: OfferWarning[] = [],
): Promise<Letter> {
  const now = context.now();
  const text = letterTextFor(property, sender, request, now);
  const bytes = await renderLetterOfIntentPdf(text, now);
  const fileName = offerPdfFileName(property, now);
  const key = documentKey(userId, "pdf");
  await context.files.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  const documentId = crypto.randomUUID();
  const status = statusAfterLetter(property.status);
  // The same offer of the same property within the same minute is one letter: a twin request (double-click, parallel
  // confirm-offer) finds the document taken, drops its own PDF and answers the first one.
  const dedupeKey = letterDedupeKey(property.id, request.amount, now);
  const madeHere = sql`exists (select 1 from ${documents} where ${documents.id} = ${documentId})`;
  const entry = request.actorId
    ? {
        workspaceId: userId,
        actorId: request.actorId,
        kind: "offer_confirmed" as const,
        propertyId: property.id,
        place: placeOf(property),
        detail: { from: property.maxOffer === null ? null : Math.round(property.maxOffer), to: request.amount },
      }
    : null;
  const [inserted, updated] = await context.db.batch([
    context.db
      .insert(documents)
      .values({
        id: documentId,
        userId,
        propertyId: property.id,
        name: fileName,
        type: "letter_of_intent",
        status: "draft",
        content: letterPlainText(text),
        filePath: key,
        contentType: "application/pdf",
        sizeBytes: bytes.byteLength,
        amount: request.amount,
        dedupeKey,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [documents.userId, documents.dedupeKey] })
      .returning({ id: documents.id }),
    context.db
      .update(properties)
      .set({ maxOffer: request.amount, offerPdfFilename: fileName, status, updatedAt: now })
      .where(and(eq(properties.id, property.id), eq(properties.userId, userId), madeHere))
      .returning({ status: properties.status }),
    // Only this request's letter (a twin's finds the document taken) records the member's entry.
    ...(entry ? [activityEntryWhen({ db: context.db, now: () => now }, entry, madeHere)] : []),
    // The offer's ARV, when not the property's current one, is the user's re-valuation; the repairs and fee it was
    // checked with are the user's; the max offer is recomputed from them.
    ...(Math.round(request.arv) !== property.arv
      ? valuationStatements({ db: context.db, now: () => now }, userId, property.id, { arv: request.arv, source: "user" })
      : []),
    ...dealCostWrites({ db: context.db, now: () => now }, userId, property.id, {
      repairEstimate: request.repairs,
      assignmentFee: request.assignmentFee,
    }),
  ]);
  if (inserted.length === 0) {
    await context.files.delete(key);
    return { ...(await twinLetter(context, userId, property, dedupeKey, request)), warnings };
  }
  return {
    ok: true,
    offerAmount: request.amount,
    offerType: request.offerType,
    documentId,
    fileName,
    filePath: key,
    ...letterUrls(documentId),
    status: updated[0]?.status ?? status,
    warnings,
  };
}

/** The letter's words: the property's facts on record, else what the request filled in; the owner as the request names them. */
function letterTextFor(property: PropertyRow, sender: Sender, request: LetterRequest & { amount: number }, now: Date) {
  const details = request.propertyDetails ?? {};
  return letterOfIntentText({
    date: now,
    amount: request.amount,
    property: {
      address: property.address,
      city: property.city ?? details.city ?? null,
      state: property.state ?? details.state ?? null,
      zip: property.zipCode || details.zip || null,
      bedrooms: property.bedrooms ?? details.bedrooms ?? null,
      bathrooms: property.bathrooms ?? details.bathrooms ?? null,
      squareFeet: property.squareFeet ?? details.squareFeet ?? null,
    },
    owner: {
      name: request.ownerInfo?.name ?? property.ownerName,
      mailingAddress: request.ownerInfo?.mailingAddress ?? property.ownerMailingAddress,
    },
    company: sender,
  });
}

/** "loi:{property}:{cents}:{minute}": the key under which one offer's letter is made once a minute. */
function letterDedupeKey(propertyId: string, amount: number, now: Date): string {
  return `loi:${propertyId}:${Math.round(amount * 100)}:${windowStart("minute", now)}`;
}

/** The letter a twin request made first, answered as this request's own. */
async function twinLetter(
  context: ServiceContext<"db">,
  userId: string,
  property: PropertyRow,
  dedupeKey: string,
  request: LetterRequest & { amount: number },
): Promise<Omit<Letter, "warnings">> {
  const [doc, current] = await context.db.batch([
    context.db
      .select({ id: documents.id, name: documents.name, filePath: documents.filePath })
      .from(documents)
      .where(and(eq(documents.userId, userId), eq(documents.dedupeKey, dedupeKey))),
    context.db
      .select({ status: properties.status })
      .from(properties)
      .where(and(eq(properties.id, property.id), eq(properties.userId, userId))),
  ]);
  const first = doc[0];
  if (!first?.filePath) throw new Error("the twin letter disappeared");
  return {
    ok: true,
    offerAmount: request.amount,
    offerType: request.offerType,
    documentId: first.id,
    fileName: first.name,
    filePath: first.filePath,
    ...letterUrls(first.id),
    status: current[0]?.status ?? property.status,
  };
}

/**
 * confirm-offer: the chosen offer's amount (a tier of the ARV, or the custom amount), the Letter of Intent for it,
 * and the property moved to offer_produced with the amount as its max offer. The offer's warnings come back with
 * the letter; with `ask` (a screen's form without `confirm`) an offer that has any is not made: the page asks first.
 */
export async function confirmOffer(
  context: ServiceContext<"db" | "files" | "providers" | "now">,
  userId: string,
  input: LetterRequest & { propertyId: string },
  ask = false,
): Promise<Letter | Refusal | NeedsConfirmation> {
  const now = context.now();
  const { property, sender, rule } = await readPropertyAndSender(context, userId, input.propertyId);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  // The tiers are of the ARV sent, with the repairs and fee sent, else the stored ones, else the rule's defaults: the
  // same figures the offer is then checked against, so a Fair offer is never "above the max offer".
  const costs = { repairs: input.repairs ?? property.repairEstimate, assignmentFee: input.assignmentFee ?? property.assignmentFee };
  const chosen = chosenOfferAmount({
    offerType: input.offerType,
    customOffer: input.customOffer,
    arv: input.arv,
    options: tiersOf(maxOfferRule(input.arv, costs.repairs, costs.assignmentFee, rule), rule),
  });
  if (!chosen.ok) return { ok: false, status: 400, message: messageText(chosen.message) };
  const warnings = propertyOfferWarnings(property, chosen.amount, input, rule);
  if (ask && warnings.length > 0) return needsConfirmation(warnings);
  try {
    return await produceLetter({ ...context, now: () => now }, userId, property, sender, { ...input, amount: chosen.amount }, warnings);
  } catch (error) {
    console.error("confirm-offer failed", error);
    return { ok: false, status: 502, message: messageText(OFFER_CREATION_FAILED) };
  }
}
