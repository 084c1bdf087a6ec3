/**
 * Letters of intent the mail provider never confirmed ("Mailing Not Confirmed": the claim kept as "mailing", nothing
 * charged) are settled by the hourly sweep: it takes each such claim back (one guarded statement, so a user pressing
 * Mail again meanwhile finds it in progress), asks the provider again with the letter's same idempotency key (the
 * provider answers the letter it made, or makes it once), and records the outcome once — mailed: the mailing, the
 * property's status, the letter's charge and the lead's deal (as Mail the Offer records them) and the member's entry in
 * one batch, charged and logged to the member who asked for the mailing (no one is signed in to a sweep); refused: the
 * claim given back, nothing charged, so the letter can be mailed again; still unknown: left for the next sweep. Only
 * while the provider still holds the key.
 */
import { and, eq, gt, isNotNull, lt } from "drizzle-orm";

import { documents, letterMailings, properties } from "#db/schema.ts";
import { placeOf } from "#app/domain/activity/activity.ts";
import { STALE_MAILING_MS } from "#app/domain/offers/mailing.ts";
import { parseMailingAddress, statusAfterMail } from "#app/domain/offers/offer-rules.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { MailAddressRefused, MailOutcomeUnknown } from "#app/providers/mail/types.ts";
import { activityEntryWhen } from "#app/services/activity/activity-log.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { dealOnMailStatement } from "#app/services/deals/deal-on-mail.server.ts";
import { countUsage, releaseUsage } from "#app/services/usage/caps.server.ts";
import { usageEntryWhen } from "#app/services/usage/ledger.server.ts";

import { completeMailing, dropMailing, holdingMailing, leaveMailingUnconfirmed } from "./letter-mailings.server.ts";
import { mailIdempotencyKey } from "./mail-letter.server.ts";
import { readPropertyAndSender } from "./offer-records.server.ts";

/** Unconfirmed letters one sweep asks about (each may wait on the provider's retries). */
export const UNCONFIRMED_PER_SWEEP = 10;
/** Lob keeps an idempotency key 24 hours: past that, asking again could make a second letter, so the sweep stops. */
export const MAIL_KEY_LIFE_MS = 23 * 60 * 60_000;

type SweepContext = ServiceContext<"db" | "files" | "providers" | "config" | "now">;
type Mailing = typeof letterMailings.$inferSelect;
export type UnconfirmedSweep = { mailed: number; failed: number; unknown: number };

/**
 * One sweep over the unconfirmed letters of intent (claims left "mailing" past STALE_MAILING_MS, within the key's
 * life), the oldest first.
 */
export async function sweepUnconfirmedMailings(context: SweepContext): Promise<UnconfirmedSweep> {
  const now = context.now();
  const rows = await context.db
    .select()
    .from(letterMailings)
    .where(
      and(
        eq(letterMailings.status, "mailing"),
        isNotNull(letterMailings.documentId),
        lt(letterMailings.createdAt, new Date(now.getTime() - STALE_MAILING_MS)),
        gt(letterMailings.createdAt, new Date(now.getTime() - MAIL_KEY_LIFE_MS)),
      ),
    )
    .orderBy(letterMailings.createdAt)
    .limit(UNCONFIRMED_PER_SWEEP);
  const swept: UnconfirmedSweep = { mailed: 0, failed: 0, unknown: 0 };
  for (const row of rows) {
    const outcome = await settle({ ...context, now: () => now }, row);
    if (outcome) swept[outcome]++;
  }
  return swept;
}

/** Takes the claim back (only while still unconfirmed and untouched), asks the provider once more, records the outcome. */
async function settle(context: SweepContext, row: Mailing): Promise<keyof UnconfirmedSweep | null> {
  const { db } = context;
  const now = context.now();
  const [taken] = await db
    .update(letterMailings)
    .set({ createdAt: now })
    .where(and(eq(letterMailings.id, row.id), eq(letterMailings.status, "mailing"), eq(letterMailings.createdAt, row.createdAt)))
    .returning({ id: letterMailings.id });
  if (!taken) return null;
  const claim = { id: row.id, claimKey: row.claimKey, claimedAt: now };
  const letter = await letterOf(context, row);
  if (!letter) {
    await dropMailing(context, row.userId, claim);
    return "failed";
  }
  let receipt;
  try {
    receipt = await context.providers.mail.sendLetter(letter.request);
  } catch (error) {
    if (error instanceof MailOutcomeUnknown) {
      await leaveMailingUnconfirmed(context, row.userId, claim);
      return "unknown";
    }
    if (!(error instanceof ProviderError) && !(error instanceof MailAddressRefused)) throw error;
    // Refused: no letter was made, and none was charged (an unconfirmed letter never is): the claim is given back.
    console.error("an unconfirmed letter was refused", error.message);
    await dropMailing(context, row.userId, claim);
    return "failed";
  }
  // The letter was made: it is charged whatever the caps say now (counted, never refused), to the member who asked.
  const spender = { workspaceId: row.userId, memberId: row.actorId };
  const reservation = await countUsage(context, { spender, kind: "letter", quantity: 1 });
  // Each write only while the sweep still holds the claim, the mailing itself last (a user's Mail may take over a claim
  // the sweep outlived): the deal is Mail the Offer's own statement, so a lead mailed either way gets it once.
  const holding = holdingMailing(row.userId, claim);
  const entry = {
    workspaceId: row.userId,
    actorId: row.actorId,
    kind: "letter_mailed" as const,
    propertyId: row.propertyId,
    place: placeOf(letter.property),
    detail: { amount: row.amount },
  };
  const [, , , , recorded] = await db.batch([
    db
      .update(properties)
      .set({ status: statusAfterMail(letter.status), updatedAt: now })
      .where(and(eq(properties.id, row.propertyId), eq(properties.userId, row.userId), holding)),
    usageEntryWhen(context, { reservation, quantity: 1, providerRequestId: receipt.trackingId, condition: holding }),
    dealOnMailStatement(context, { userId: row.userId, propertyId: row.propertyId, condition: holding }),
    activityEntryWhen(context, entry, holding),
    completeMailing(context, row.userId, claim, receipt),
  ]);
  if (recorded.length > 0) return "mailed";
  await releaseUsage(context, reservation);
  return null;
}

/** The letter as it was first sent: its PDF, its recipient, the user's return address and its idempotency key. */
async function letterOf(context: SweepContext, row: Mailing) {
  const [{ property, sender }, document] = await Promise.all([
    readPropertyAndSender(context, row.userId, row.propertyId),
    context.db
      .select({ filePath: documents.filePath })
      .from(documents)
      .where(and(eq(documents.id, row.documentId!), eq(documents.userId, row.userId)))
      .get(),
  ]);
  const to = parseMailingAddress(row.recipientAddress);
  const object = document?.filePath ? await context.files.get(document.filePath) : null;
  if (!property || !object || !to) return null;
  return {
    status: property.status,
    property,
    request: {
      userId: row.userId,
      propertyId: row.propertyId,
      idempotencyKey: await mailIdempotencyKey(row.propertyId, `${row.documentId}:${row.claimKey}`),
      to: { name: row.recipientName, ...to },
      from: sender.returnAddress,
      pdf: new Uint8Array(await object.arrayBuffer()),
      offerAmount: row.amount,
      description: `Letter of Intent - ${property.address}`,
    },
  };
}
