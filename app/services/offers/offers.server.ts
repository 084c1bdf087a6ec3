/**
 * Offers on the server (spec 02 §7 calculate-offer, confirm-offer, mail-offer, send-offer; §4 the status flow):
 * the options and the 70% rule line, the Letter of Intent (pdf-lib, stored in R2 under the user's prefix and listed
 * in Documents as a letter of intent), and mailing it through the mail provider with an idempotency key derived from
 * the property and the letter. Every read is scoped to the user: a foreign property or letter is "not found" and
 * nothing is written. Statuses move only after the step succeeded.
 */
import { and, desc, eq } from "drizzle-orm";

import type { PropertyStatus } from "#db/enums.ts";
import { companyProfiles, documents, properties, users } from "#db/schema.ts";
import { documentKey } from "#app/domain/documents/file-keys.ts";
import type { CalculateOfferInput, ConfirmOfferInput, MailOfferInput, SendOfferInput } from "#app/domain/offers/forms.ts";
import { letterOfIntentText, letterPlainText } from "#app/domain/offers/letter-of-intent.ts";
import { offerOptions, type OfferOption } from "#app/domain/offers/options.ts";
import {
  chosenOfferAmount,
  maxOfferRule,
  messageText,
  NO_OFFER_CREATED,
  OFFER_CREATION_FAILED,
  offerPdfFileName,
  parseMailingAddress,
  propertyAddressLine,
  SEND_OFFER_FAILED,
  statusAfterLetter,
  statusAfterMail,
  type MaxOfferRule,
  type OfferChoice,
} from "#app/domain/offers/rules.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { PostalAddress } from "#app/providers/mail/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { renderLetterOfIntentPdf } from "#app/services/documents/pdf.server.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";

export const LETTER_NOT_FOUND = "Letter of Intent not found";

export type Refusal = { ok: false; status: 400 | 404 | 502; message: string; error?: string };

// --- reading ----------------------------------------------------------------------------------------------------

type PropertyRow = typeof properties.$inferSelect;

async function findProperty(context: ServiceContext<"db">, userId: string, id: string): Promise<PropertyRow | null> {
  const row = await context.db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.userId, userId)))
    .get();
  return row ?? null;
}

/** The user's property and their letterhead (company profile, name) in one round trip. */
async function readPropertyAndSender(context: ServiceContext<"db">, userId: string, propertyId: string) {
  const [rows, senders] = await context.db.batch([
    context.db
      .select()
      .from(properties)
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)))
      .limit(1),
    context.db
      .select({
        email: users.email,
        fullName: users.fullName,
        firstName: users.firstName,
        lastName: users.lastName,
        company: companyProfiles,
      })
      .from(users)
      .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
  ]);
  return { property: rows[0] ?? null, sender: senderOf(senders[0]) };
}

type SenderRow = {
  email: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  company: typeof companyProfiles.$inferSelect | null;
};

/** Who the letter is from: the company profile's name, contact and address (its return address when mailed). */
function senderOf(row: SenderRow | undefined) {
  const company = row?.company ?? null;
  const signerName = row?.fullName || [row?.firstName, row?.lastName].filter(Boolean).join(" ") || row?.email || "";
  const street = [company?.addressStreet1, company?.addressStreet2].filter(Boolean).join(", ");
  const cityLine = [company?.addressCity, [company?.addressState, company?.addressPostalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const returnAddress: PostalAddress | undefined =
    company?.addressStreet1 && company.addressCity && company.addressState && company.addressPostalCode
      ? {
          name: company.companyName,
          line1: company.addressStreet1,
          ...(company.addressStreet2 ? { line2: company.addressStreet2 } : {}),
          city: company.addressCity,
          state: company.addressState,
          zip: company.addressPostalCode,
        }
      : undefined;
  return {
    companyName: company?.companyName || signerName || "Breeze",
    signerName: signerName || company?.companyName || "",
    title: company?.title ?? null,
    email: company?.offerContactEmail ?? row?.email ?? null,
    phone: company?.offerContactPhoneE164 ? formatE164(company.offerContactPhoneE164) : null,
    address: [street, cityLine].filter(Boolean).join(", ") || null,
    returnAddress,
  };
}
type Sender = ReturnType<typeof senderOf>;

function formatE164(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}

// --- calculate-offer --------------------------------------------------------------------------------------------

export type OfferCalculation = { ok: true; arv: number; options: OfferOption[]; maxOfferRule: MaxOfferRule };

/** The three tiers of the ARV and the 70% rule line (repairs and fee as given, else their defaults). Writes nothing. */
export async function calculateOffer(
  context: ServiceContext<"db">,
  userId: string,
  input: CalculateOfferInput,
): Promise<OfferCalculation | Refusal> {
  const property = await findProperty(context, userId, input.propertyId);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  return {
    ok: true,
    arv: input.arv,
    options: offerOptions(input.arv),
    maxOfferRule: maxOfferRule(input.arv, input.repairs, input.assignmentFee),
  };
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
};

type LetterRequest = {
  offerType: OfferChoice;
  customOffer?: string | number | null;
  arv: number;
  propertyDetails?: ConfirmOfferInput["propertyDetails"];
  ownerInfo?: ConfirmOfferInput["ownerInfo"];
};

/** Renders the letter, stores its PDF and its Documents row, and records it on the property (maxOffer, file name, status). */
async function produceLetter(
  context: ServiceContext<"db" | "files" | "providers">,
  userId: string,
  property: PropertyRow,
  sender: Sender,
  request: LetterRequest & { amount: number },
  now: Date,
): Promise<Letter> {
  const details = request.propertyDetails ?? {};
  const text = letterOfIntentText({
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
  const bytes = await renderLetterOfIntentPdf(text, now);
  const fileName = offerPdfFileName(property, now);
  const key = documentKey(userId, "pdf");
  await context.files.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  const documentId = crypto.randomUUID();
  const status = statusAfterLetter(property.status);
  const [, updated] = await context.db.batch([
    context.db.insert(documents).values({
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
      createdAt: now,
      updatedAt: now,
    }),
    context.db
      .update(properties)
      .set({ maxOffer: request.amount, arv: request.arv, offerPdfFilename: fileName, status, updatedAt: now })
      .where(and(eq(properties.id, property.id), eq(properties.userId, userId)))
      .returning({ status: properties.status }),
  ]);
  return {
    ok: true,
    offerAmount: request.amount,
    offerType: request.offerType,
    documentId,
    fileName,
    filePath: key,
    ...letterUrls(documentId),
    status: updated[0]?.status ?? status,
  };
}

/**
 * confirm-offer: the chosen offer's amount (a tier of the ARV, or the custom amount, §5), the Letter of Intent for it,
 * and the property moved to offer_produced (§4) with the amount as its max offer.
 */
export async function confirmOffer(
  context: ServiceContext<"db" | "files" | "providers">,
  userId: string,
  input: LetterRequest & { propertyId: string },
  now: Date,
): Promise<Letter | Refusal> {
  const { property, sender } = await readPropertyAndSender(context, userId, input.propertyId);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  const chosen = chosenOfferAmount({
    offerType: input.offerType,
    customOffer: input.customOffer,
    arv: input.arv,
    options: offerOptions(input.arv),
  });
  if (!chosen.ok) return { ok: false, status: 400, message: messageText(chosen.message) };
  try {
    return await produceLetter(context, userId, property, sender, { ...input, amount: chosen.amount }, now);
  } catch (error) {
    console.error("confirm-offer failed", error);
    return { ok: false, status: 502, message: messageText(OFFER_CREATION_FAILED) };
  }
}

// --- mailing ----------------------------------------------------------------------------------------------------

/** The letter a pdfUrl names (`/documents/{id}/view` or `/download`, relative or absolute), or null. */
export function letterIdOf(pdfUrl: string): string | null {
  let path: string;
  try {
    path = new URL(pdfUrl, "http://breeze.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/documents\/([0-9a-f-]{36})\/(view|download)$/.exec(path);
  return match ? match[1] : null;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The mail provider's idempotency key for a letter of a property: the same letter of the same property is mailed
 * once, however often (or however concurrently) Mail the Offer or Send Offer is pressed; a new letter is a new piece.
 */
export async function mailIdempotencyKey(propertyId: string, documentId: string): Promise<string> {
  return `loi-${await sha256Hex(`${propertyId}:${documentId}`)}`;
}

export type Mailed = { ok: true; trackingId: string; provider: string; status: PropertyStatus; expectedDeliveryDate?: string };

async function mailLetter(
  context: ServiceContext<"db" | "files" | "providers">,
  userId: string,
  property: PropertyRow,
  sender: Sender,
  letter: { documentId: string; filePath: string },
  recipient: { name: string; address: string },
  offerAmount: number,
  now: Date,
): Promise<Mailed | Refusal> {
  const to = parseMailingAddress(recipient.address);
  if (!to) return { ok: false, status: 400, message: "Recipient address must be a street, city, 2-letter state and ZIP code" };
  const object = await context.files.get(letter.filePath);
  if (!object) return { ok: false, status: 404, message: LETTER_NOT_FOUND };
  const pdf = new Uint8Array(await object.arrayBuffer());
  let receipt;
  try {
    receipt = await context.providers.mail.sendLetter({
      userId,
      propertyId: property.id,
      idempotencyKey: await mailIdempotencyKey(property.id, letter.documentId),
      to: { name: recipient.name, ...to },
      from: sender.returnAddress,
      pdf,
      offerAmount,
      description: `Letter of Intent - ${property.address}`,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error("mailing the offer failed", error.message);
    return { ok: false, status: 502, message: messageText(SEND_OFFER_FAILED), error: error.message };
  }
  const status = statusAfterMail(property.status);
  const [updated] = await context.db
    .update(properties)
    .set({ status, updatedAt: now })
    .where(and(eq(properties.id, property.id), eq(properties.userId, userId)))
    .returning({ status: properties.status });
  return {
    ok: true,
    trackingId: receipt.trackingId,
    provider: receipt.provider,
    status: updated?.status ?? status,
    ...(receipt.expectedDeliveryDate ? { expectedDeliveryDate: receipt.expectedDeliveryDate } : {}),
  };
}

/** mail-offer (the workbench): the letter the pdfUrl names, of this property, mailed to the recipient; offer_sent. */
export async function mailOffer(
  context: ServiceContext<"db" | "files" | "providers">,
  userId: string,
  input: MailOfferInput,
  now: Date,
): Promise<Mailed | Refusal> {
  const documentId = letterIdOf(input.pdfUrl);
  const [{ property, sender }, letter] = await Promise.all([
    readPropertyAndSender(context, userId, input.propertyId),
    documentId ? findLetter(context, userId, input.propertyId, { documentId }) : null,
  ]);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  if (!letter) return { ok: false, status: 404, message: LETTER_NOT_FOUND };
  return mailLetter(
    context,
    userId,
    property,
    sender,
    letter,
    { name: input.recipientName, address: input.recipientAddress },
    input.offerAmount,
    now,
  );
}

/** One of the user's letters of intent for the property: by id, or the one recorded on it under that file name (the newest). */
async function findLetter(
  context: ServiceContext<"db">,
  userId: string,
  propertyId: string,
  by: { documentId: string } | { name: string },
) {
  const row = await context.db
    .select({ documentId: documents.id, filePath: documents.filePath })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.propertyId, propertyId),
        eq(documents.type, "letter_of_intent"),
        "documentId" in by ? eq(documents.id, by.documentId) : eq(documents.name, by.name),
      ),
    )
    .orderBy(desc(documents.createdAt))
    .limit(1)
    .get();
  return row?.filePath ? { documentId: row.documentId, filePath: row.filePath } : null;
}

/**
 * send-offer (the CRM's property card): needs a max offer ('No Offer Created'); mails the letter recorded on the
 * property, or — when the max offer was set without one — a new letter for the max offer, to the owner's mailing
 * address (else the property's). offer_sent.
 */
export async function sendOffer(
  context: ServiceContext<"db" | "files" | "providers">,
  userId: string,
  input: SendOfferInput,
  now: Date,
): Promise<Mailed | Refusal> {
  const { property, sender } = await readPropertyAndSender(context, userId, input.propertyId);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  const maxOffer = property.maxOffer;
  if (maxOffer === null || maxOffer <= 0) return { ok: false, status: 400, message: messageText(NO_OFFER_CREATED) };

  let current = property;
  let letter = property.offerPdfFilename ? await findLetter(context, userId, property.id, { name: property.offerPdfFilename }) : null;
  if (!letter) {
    const amount = Math.round(maxOffer);
    let produced;
    try {
      produced = await produceLetter(context, userId, property, sender, { offerType: "custom", arv: property.arv ?? amount, amount }, now);
    } catch (error) {
      console.error("send-offer: the letter could not be produced", error);
      return { ok: false, status: 502, message: messageText(SEND_OFFER_FAILED) };
    }
    letter = { documentId: produced.documentId, filePath: produced.filePath };
    current = { ...property, status: produced.status, maxOffer: amount };
  }
  const address = input.ownerMailingAddress ?? property.ownerMailingAddress ?? propertyAddressLine({ ...property, zip: property.zipCode });
  const name = input.ownerName ?? property.ownerName ?? "Property Owner";
  return mailLetter(context, userId, current, sender, letter, { name, address }, Math.round(current.maxOffer ?? maxOffer), now);
}
