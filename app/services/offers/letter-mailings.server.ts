/**
 * The record of each letter mailed for a property, taken as a claim before the mail provider is called: a twin
 * request (double-click, parallel send-offer) finds the claim taken and mails nothing. A claim is dated when taken
 * (its token); a stale one is taken over by re-dating it, so every write of a holder is guarded by its own date and
 * a request that outlived its claim writes nothing once another has taken over.
 */
import { and, eq, lt, sql, type SQL } from "drizzle-orm";

import { letterMailings } from "#db/schema.ts";
import { STALE_MAILING_MS } from "#app/domain/offers/mailing.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** A claim held: its row and the instant it was taken (its token). */
export type MailingClaim = { id: string; claimKey: string; claimedAt: Date };
export type TakenClaim = { status: "mailing" | "mailed"; trackingId: string | null };

/** Takes the claim (or a stale one a dead request left), or answers who holds it. */
export async function claimMailing(
  context: ServiceContext<"db" | "now">,
  claim: {
    userId: string;
    propertyId: string;
    /** The Letter of Intent mailed, or null for a letter rendered for a sequence step. */
    documentId: string | null;
    claimKey: string;
    recipientName: string;
    recipientAddress: string;
    amount: number;
    /** The member requesting the mailing: charged when it is confirmed, by this request or the hourly sweep. */
    actorId: string;
  },
): Promise<{ ok: true; claim: MailingClaim } | { ok: false; taken: TakenClaim }> {
  const now = context.now();
  const id = crypto.randomUUID();
  const inserted = await context.db
    .insert(letterMailings)
    .values({ id, ...claim, status: "mailing", createdAt: now })
    .onConflictDoNothing({ target: [letterMailings.userId, letterMailings.claimKey] })
    .returning({ id: letterMailings.id });
  if (inserted.length > 0) return { ok: true, claim: { id, claimKey: claim.claimKey, claimedAt: now } };
  const retaken = await context.db
    .update(letterMailings)
    .set({
      createdAt: now,
      recipientName: claim.recipientName,
      recipientAddress: claim.recipientAddress,
      documentId: claim.documentId,
      actorId: claim.actorId,
    })
    .where(
      and(
        eq(letterMailings.userId, claim.userId),
        eq(letterMailings.claimKey, claim.claimKey),
        eq(letterMailings.status, "mailing"),
        lt(letterMailings.createdAt, new Date(now.getTime() - STALE_MAILING_MS)),
      ),
    )
    .returning({ id: letterMailings.id });
  if (retaken[0]) return { ok: true, claim: { id: retaken[0].id, claimKey: claim.claimKey, claimedAt: now } };
  return { ok: false, taken: await mailingOf(context, claim.userId, claim) };
}

/** Where the mailing of a claim key stands (a claim another request holds, or has recorded). */
export async function mailingOf(context: ServiceContext<"db">, userId: string, claim: { claimKey: string }): Promise<TakenClaim> {
  const holder = await context.db
    .select({ status: letterMailings.status, trackingId: letterMailings.trackingId })
    .from(letterMailings)
    .where(and(eq(letterMailings.userId, userId), eq(letterMailings.claimKey, claim.claimKey)))
    .get();
  return holder ?? { status: "mailing", trackingId: null };
}

/** The mailing is still held by this very claim (unrecorded, not taken over since): the guard of its holder's writes. */
export function mailingHeld(userId: string, claim: MailingClaim): SQL {
  return and(
    eq(letterMailings.id, claim.id),
    eq(letterMailings.userId, userId),
    eq(letterMailings.status, "mailing"),
    eq(letterMailings.createdAt, claim.claimedAt),
  )!;
}

/** `mailingHeld` as a condition another table's statement can carry (written before the mailing is recorded). */
export const holdingMailing = (userId: string, claim: MailingClaim): SQL =>
  sql`exists (select 1 from ${letterMailings} where ${mailingHeld(userId, claim)})`;

/** Gives a claim back (the mailing was refused or failed): the same letter can be mailed again. */
export async function dropMailing(context: ServiceContext<"db">, userId: string, claim: MailingClaim) {
  await context.db.delete(letterMailings).where(mailingHeld(userId, claim));
}

/**
 * The statement that records the claim as mailed, for the batch that also moves the property and writes the charge:
 * written only while the claim is still this holder's, so it goes last in that batch (the statements before it carry
 * `holdingMailing`), and it returns the row when it recorded it.
 */
export function completeMailing(
  context: ServiceContext<"db" | "now">,
  userId: string,
  claim: MailingClaim,
  receipt: { trackingId: string; provider: string },
  /** A further guard (a sequence step's claim still held), when the caller has one. */
  condition?: SQL,
) {
  const now = context.now();
  return context.db
    .update(letterMailings)
    .set({ status: "mailed", trackingId: receipt.trackingId, provider: receipt.provider, mailedAt: now })
    .where(and(mailingHeld(userId, claim), condition))
    .returning({ id: letterMailings.id });
}

/**
 * Keeps the claim of a letter the mail provider may have made (no answer) as "mailing", dated so the next request for
 * it takes it over at once: that request sends the same idempotency key, so it records the letter the provider made
 * or makes it once. Nothing else can mail this offer meanwhile.
 */
export async function leaveMailingUnconfirmed(context: ServiceContext<"db" | "now">, userId: string, claim: MailingClaim) {
  await context.db
    .update(letterMailings)
    .set({ createdAt: new Date(context.now().getTime() - STALE_MAILING_MS - 1_000) })
    .where(mailingHeld(userId, claim));
}
