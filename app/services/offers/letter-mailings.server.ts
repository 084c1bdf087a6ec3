/**
 * The record of each letter mailed for a property, taken as a claim before the mail provider is called: a twin
 * request (double-click, parallel send-offer) finds the claim taken and mails nothing.
 */
import { and, eq, lt, type SQL } from "drizzle-orm";

import { letterMailings } from "#db/schema.ts";
import { STALE_MAILING_MS } from "#app/domain/offers/mailing.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export type MailingClaim = { id: string; claimKey: string };
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
  },
): Promise<{ ok: true; claim: MailingClaim } | { ok: false; taken: TakenClaim }> {
  const now = context.now();
  const id = crypto.randomUUID();
  const inserted = await context.db
    .insert(letterMailings)
    .values({ id, ...claim, status: "mailing", createdAt: now })
    .onConflictDoNothing({ target: [letterMailings.userId, letterMailings.claimKey] })
    .returning({ id: letterMailings.id });
  if (inserted.length > 0) return { ok: true, claim: { id, claimKey: claim.claimKey } };
  const retaken = await context.db
    .update(letterMailings)
    .set({ createdAt: now, recipientName: claim.recipientName, recipientAddress: claim.recipientAddress, documentId: claim.documentId })
    .where(
      and(
        eq(letterMailings.userId, claim.userId),
        eq(letterMailings.claimKey, claim.claimKey),
        eq(letterMailings.status, "mailing"),
        lt(letterMailings.createdAt, new Date(now.getTime() - STALE_MAILING_MS)),
      ),
    )
    .returning({ id: letterMailings.id });
  if (retaken[0]) return { ok: true, claim: { id: retaken[0].id, claimKey: claim.claimKey } };
  const holder = await context.db
    .select({ status: letterMailings.status, trackingId: letterMailings.trackingId })
    .from(letterMailings)
    .where(and(eq(letterMailings.userId, claim.userId), eq(letterMailings.claimKey, claim.claimKey)))
    .get();
  return { ok: false, taken: holder ?? { status: "mailing", trackingId: null } };
}

/** Gives a claim back (the mailing was refused or failed): the same letter can be mailed again. */
export async function dropMailing(context: ServiceContext<"db">, userId: string, claim: MailingClaim) {
  await context.db
    .delete(letterMailings)
    .where(and(eq(letterMailings.id, claim.id), eq(letterMailings.userId, userId), eq(letterMailings.status, "mailing")));
}

/** The statement that records the claim as mailed, for the batch that also moves the property and writes the charge. */
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
    .where(and(eq(letterMailings.id, claim.id), eq(letterMailings.userId, userId), condition));
}

/**
 * Keeps the claim of a letter the mail provider may have made (no answer) as "mailing", dated so the next request for
 * it takes it over at once: that request sends the same idempotency key, so it records the letter the provider made
 * or makes it once. Nothing else can mail this offer meanwhile.
 */
export async function leaveMailingUnconfirmed(context: ServiceContext<"db">, userId: string, claim: MailingClaim, now: Date) {
  await context.db
    .update(letterMailings)
    .set({ createdAt: new Date(now.getTime() - STALE_MAILING_MS - 1_000) })
    .where(and(eq(letterMailings.id, claim.id), eq(letterMailings.userId, userId), eq(letterMailings.status, "mailing")));
}
