/**
 * Accepting a buyer's offer assigns the deal: the deal row is claimed first (assigned only if it is not already), and
 * only the claimant renders the Assignment of Contract, stores it in R2 and in Documents (Assignment Contracts) and
 * marks the offer accepted — so two clicks make one PDF. An offer the user does not take is declined instead. "Fee
 * received" then records the fee actually paid as the deal's profit.
 */
import { and, eq, isNull, sql } from "drizzle-orm";

import type { DispoStatus } from "#db/enums.ts";
import { dealOffers, deals, documents, properties } from "#db/schema.ts";
import { placeOf } from "#app/domain/activity/activity.ts";
import { assignmentText } from "#app/domain/dispo/assignment-text.ts";
import { dayText, spreadOf } from "#app/domain/dispo/contract.ts";
import { documentKey } from "#app/domain/documents/file-keys.ts";
import { mailedLetterPlainText } from "#app/domain/documents/mailed-letter.ts";
import { activityEntryWhen, placeSql } from "#app/services/activity/activity-log.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { renderMailedLetterPdf } from "#app/services/documents/letter-pdf.server.ts";
import { toDocumentView, type DocumentView } from "#app/services/documents/records.server.ts";
import { readPropertyAndSender } from "#app/services/offers/offer-records.server.ts";

export const OFFER_NOT_FOUND = "Offer not found";
export const ALREADY_ASSIGNED = "This deal is already assigned";
export const NEEDS_CONTRACT = "Add the contract terms before accepting an offer";
export const INQUIRY_ONLY = "An inquiry has no amount to accept";
export const BELOW_CONTRACT = "The offer is below the contract price";
export const NOT_ASSIGNED = "Accept an offer before recording the fee received";
export const OFFER_ANSWERED = "This offer is already accepted or declined";

export type Refused = { ok: false; status: 404 | 409 | 422; message: string };
export type AcceptOutcome = { ok: true; document: DocumentView; fee: number } | Refused;

const DONE: DispoStatus[] = ["assigned", "fee_received"];
const notDone = sql`coalesce(${deals.dispoStatus}, 'under_contract') not in ('assigned', 'fee_received')`;

async function readDealAndOffer(
  context: ServiceContext<"db">,
  { userId, dealId, offerId }: { userId: string; dealId: string; offerId: string },
) {
  const { db } = context;
  const [dealRows, offerRows] = await db.batch([
    db
      .select()
      .from(deals)
      .where(and(eq(deals.id, dealId), eq(deals.userId, userId)))
      .limit(1),
    db
      .select()
      .from(dealOffers)
      .where(and(eq(dealOffers.id, offerId), eq(dealOffers.dealId, dealId), eq(dealOffers.userId, userId)))
      .limit(1),
  ]);
  return { deal: dealRows[0] ?? null, offer: offerRows[0] ?? null };
}

type DealRow = typeof deals.$inferSelect;
type OfferRow = typeof dealOffers.$inferSelect;

/** Why this offer cannot be accepted on this deal, or the assignment fee it makes. */
function judge(deal: DealRow, offer: OfferRow): Refused | { ok: true; fee: number; contractPrice: number; amount: number } {
  if (deal.assignedOfferId !== null || (deal.dispoStatus !== null && DONE.includes(deal.dispoStatus)))
    return { ok: false, status: 409, message: ALREADY_ASSIGNED };
  if (deal.contractPrice === null || deal.propertyId === null) return { ok: false, status: 409, message: NEEDS_CONTRACT };
  if (offer.status === "declined") return { ok: false, status: 409, message: OFFER_ANSWERED };
  if (offer.amount === null) return { ok: false, status: 422, message: INQUIRY_ONLY };
  const fee = spreadOf({ contractPrice: deal.contractPrice, buyerPrice: offer.amount });
  if (fee === null || fee < 0) return { ok: false, status: 422, message: BELOW_CONTRACT };
  return { ok: true, fee, contractPrice: deal.contractPrice, amount: offer.amount };
}

export async function acceptOffer(
  context: ServiceContext<"db" | "files" | "now">,
  { userId, dealId, offerId, actorId }: { userId: string; dealId: string; offerId: string; actorId: string },
): Promise<AcceptOutcome> {
  const { db } = context;
  const now = context.now();
  const { deal, offer } = await readDealAndOffer(context, { userId, dealId, offerId });
  if (!deal) return { ok: false, status: 404, message: "Deal not found" };
  if (!offer) return { ok: false, status: 404, message: OFFER_NOT_FOUND };
  const judged = judge(deal, offer);
  if (!judged.ok) return judged;
  // The offer must still be undeclined as the claim is taken: a decline that ran since the read wins, never both.
  const offerOpen = and(eq(dealOffers.id, offerId), eq(dealOffers.userId, userId), sql`${dealOffers.status} <> 'declined'`);
  const undeclined = sql`exists (select 1 from ${dealOffers} where ${offerOpen})`;
  const claimed = await db
    .update(deals)
    .set({ dispoStatus: "assigned", assignedOfferId: offerId, buyerPrice: judged.amount, assignedAt: now, updatedAt: now })
    .where(and(eq(deals.id, dealId), eq(deals.userId, userId), isNull(deals.assignedOfferId), notDone, undeclined))
    .returning({ id: deals.id });
  if (claimed.length === 0) return claimRefusal(context, { userId, dealId, offerId });
  try {
    const document = await writeAssignment(context, { deal, offer, fee: judged.fee, contractPrice: judged.contractPrice, actorId });
    return { ok: true, document, fee: judged.fee };
  } catch (error) {
    // Nothing was assigned after all: the deal goes back to where it stood, so the user can accept again.
    await db
      .update(deals)
      .set({ dispoStatus: deal.dispoStatus, assignedOfferId: null, buyerPrice: deal.buyerPrice, assignedAt: null, updatedAt: now })
      .where(and(eq(deals.id, dealId), eq(deals.userId, userId), eq(deals.assignedOfferId, offerId)));
    throw error;
  }
}

/** Why the claim found nothing to change: the offer was declined meanwhile, else the deal was assigned. */
async function claimRefusal(context: ServiceContext<"db">, ids: { userId: string; dealId: string; offerId: string }): Promise<Refused> {
  const { offer } = await readDealAndOffer(context, ids);
  return { ok: false, status: 409, message: offer?.status === "declined" ? OFFER_ANSWERED : ALREADY_ASSIGNED };
}

/** The claimant's part: the PDF in R2, then its document, the deal's link to it and the offer accepted in one batch. */
async function writeAssignment(
  context: ServiceContext<"db" | "files" | "now">,
  { deal, offer, fee, contractPrice, actorId }: { deal: DealRow; offer: OfferRow; fee: number; contractPrice: number; actorId: string },
): Promise<DocumentView> {
  const { db } = context;
  const now = context.now();
  const { property, sender } = await readPropertyAndSender(context, deal.userId, deal.propertyId ?? "");
  if (!property) throw new Error(`deal ${deal.id}: its property is gone`);
  const text = assignmentText({
    date: now,
    assignor: sender,
    assignee: { name: offer.name, email: offer.email, phone: offer.phone },
    contract: {
      date: deal.contractedAt ?? deal.createdAt,
      sellerName: property.ownerName,
      price: contractPrice,
      closeDate: dayText(deal.closeDate),
    },
    property: { address: property.address, city: property.city, state: property.state, zip: property.zipCode },
    fee,
    earnestMoney: offer.earnestMoney ?? deal.earnestMoney,
  });
  const bytes = await renderMailedLetterPdf(text, now);
  const key = documentKey(deal.userId, "pdf");
  await context.files.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  const documentId = crypto.randomUUID();
  const held = sql`exists (select 1 from ${deals} where ${deals.id} = ${deal.id} and ${deals.assignedOfferId} = ${offer.id})`;
  const entry = {
    workspaceId: deal.userId,
    actorId,
    kind: "buyer_offer_accepted" as const,
    dealId: deal.id,
    propertyId: property.id,
    place: placeOf(property),
    detail: { amount: offer.amount ?? undefined, buyer: offer.name },
  };
  const [inserted] = await db.batch([
    db
      .insert(documents)
      .values({
        id: documentId,
        userId: deal.userId,
        propertyId: property.id,
        name: `Assignment of Contract - ${property.address}.pdf`,
        type: "assignment_contract",
        status: "draft",
        content: mailedLetterPlainText(text),
        filePath: key,
        contentType: "application/pdf",
        sizeBytes: bytes.byteLength,
        amount: fee,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
    db
      .update(deals)
      .set({ assignmentDocumentId: documentId })
      .where(and(eq(deals.id, deal.id), eq(deals.userId, deal.userId), eq(deals.assignedOfferId, offer.id))),
    db
      .update(dealOffers)
      .set({ status: "accepted" })
      .where(and(eq(dealOffers.id, offer.id), eq(dealOffers.userId, deal.userId))),
    // The member's entry, while the deal is still assigned on this offer (the claim this request took).
    activityEntryWhen(context, entry, held),
  ]);
  return toDocumentView(inserted[0]!);
}

/**
 * Declines a new offer or inquiry on the user's deal: claimed by the statement that changes it, only while it is new
 * and the deal is not assigned on it, so an accepted offer is never turned into a declined one. The member's entry goes
 * first in the same batch under that very condition: a second decline, or one that lost to an accept, writes none.
 */
export async function declineOffer(
  context: ServiceContext<"db" | "now">,
  { userId, dealId, offerId, actorId }: { userId: string; dealId: string; offerId: string; actorId: string },
): Promise<{ ok: true; name: string } | Refused> {
  const { db } = context;
  const { deal, offer } = await readDealAndOffer(context, { userId, dealId, offerId });
  if (!deal || !offer) return { ok: false, status: 404, message: OFFER_NOT_FOUND };
  const onDeal = and(eq(deals.id, dealId), eq(deals.userId, userId), eq(deals.assignedOfferId, offerId));
  const assignedOnIt = sql`exists (select 1 from ${deals} where ${onDeal})`;
  const mine = and(eq(dealOffers.id, offerId), eq(dealOffers.userId, userId), eq(dealOffers.dealId, dealId));
  const open = and(mine, eq(dealOffers.status, "new"), sql`not ${assignedOnIt}`)!;
  const decline = db.update(dealOffers).set({ status: "declined" }).where(open).returning({ name: dealOffers.name });
  const entry = {
    workspaceId: userId,
    actorId,
    kind: "buyer_offer_declined" as const,
    dealId,
    propertyId: deal.propertyId,
    place: sql`(select ${placeSql()} from ${properties} where ${properties.id} = ${deal.propertyId} and ${properties.userId} = ${userId})`,
    detail: { buyer: offer.name, ...(offer.amount !== null ? { amount: offer.amount } : {}) },
  };
  const [, [declined]] = await db.batch([
    activityEntryWhen(context, entry, sql`exists (select 1 from ${dealOffers} where ${open})`),
    decline,
  ]);
  return declined ? { ok: true, name: declined.name } : { ok: false, status: 409, message: OFFER_ANSWERED };
}

export type FeeOutcome = { ok: true; profit: number } | Refused;

/** Records the fee actually received as the deal's profit; only an assigned deal has one (a second entry corrects it). */
export async function recordFeeReceived(
  context: ServiceContext<"db" | "now">,
  { userId, dealId, amount, actorId }: { userId: string; dealId: string; amount: number; actorId: string },
): Promise<FeeOutcome> {
  const { db } = context;
  const where = and(eq(deals.id, dealId), eq(deals.userId, userId), sql`${deals.dispoStatus} in ('assigned', 'fee_received')`)!;
  const update = db
    .update(deals)
    .set({ profit: amount, dispoStatus: "fee_received", updatedAt: context.now() })
    .where(where)
    .returning({ profit: deals.profit });
  const propertyId = sql`(select ${deals.propertyId} from ${deals} where ${deals.id} = ${dealId})`;
  const entry = {
    workspaceId: userId,
    actorId,
    kind: "fee_received" as const,
    dealId,
    propertyId,
    place: sql`(select ${placeSql()} from ${properties} where ${properties.id} = ${propertyId})`,
    detail: { amount },
  };
  // The member's entry first, under the update's own condition: it lands exactly when the fee is recorded.
  const [, updated] = await db.batch([activityEntryWhen(context, entry, sql`exists (select 1 from ${deals} where ${where})`), update]);
  if (updated[0]) return { ok: true, profit: updated[0].profit ?? amount };
  const exists = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.userId, userId)))
    .get();
  return exists ? { ok: false, status: 409, message: NOT_ASSIGNED } : { ok: false, status: 404, message: "Deal not found" };
}
