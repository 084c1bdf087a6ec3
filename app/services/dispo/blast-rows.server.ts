/**
 * The statements of a deal's blast: what it reads first (the deal, the sender, the chosen buyers, their rows for the
 * deal, the addresses that unsubscribed), the batch that queues and claims the buyers' rows, and the guarded outcome.
 * Lists travel as one JSON parameter read by `json_each` (D1 binds at most 100 parameters a statement).
 */
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";

import { buyerEmails, buyers, deals } from "#db/schema.ts";
import { BLAST_CLAIM_LEASE_MS } from "#app/domain/dispo/blast.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { senderOf, senderQuery } from "#app/services/offers/offer-records.server.ts";

import { dealFactsQuery } from "./deal-rows.server.ts";

const inJson = (ids: readonly string[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

/** A fresh unsubscribe token: 32 random bytes, base64url. */
export function unsubscribeToken(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

/** Everything a blast decides on, in one round trip; the deal is null when it is not the user's. */
export async function readBlast(
  context: ServiceContext<"db">,
  { userId, dealId, buyerIds }: { userId: string; dealId: string; buyerIds: string[] },
) {
  const { db } = context;
  const [dealRows, senderRows, chosen, rows, suppressed] = await db.batch([
    dealFactsQuery(context, { userId, dealId }),
    senderQuery(context, userId),
    db
      .select({ id: buyers.id, email: buyers.email, emailConsent: buyers.emailConsent, unsubscribedAt: buyers.unsubscribedAt })
      .from(buyers)
      .where(and(eq(buyers.userId, userId), sql`${buyers.id} in ${inJson(buyerIds)}`)),
    db
      .select({
        buyerId: buyerEmails.buyerId,
        status: buyerEmails.status,
        blastKey: buyerEmails.blastKey,
        claimedAt: buyerEmails.claimedAt,
        claimKey: buyerEmails.claimKey,
      })
      .from(buyerEmails)
      .where(and(eq(buyerEmails.dealId, dealId), eq(buyerEmails.userId, userId), sql`${buyerEmails.buyerId} in ${inJson(buyerIds)}`)),
    db
      .selectDistinct({ email: sql<string>`lower(${buyers.email})` })
      .from(buyers)
      .where(and(eq(buyers.userId, userId), isNotNull(buyers.unsubscribedAt), isNotNull(buyers.email))),
  ]);
  return {
    deal: dealRows[0] ?? null,
    sender: senderOf(senderRows[0]),
    buyers: chosen,
    statuses: new Map(
      rows.map((row) => [row.buyerId, { status: row.status, blastKey: row.blastKey, claimedAt: row.claimedAt, claimKey: row.claimKey }]),
    ),
    suppressed: new Set(suppressed.map((row) => row.email)),
  };
}

/**
 * The row is free to claim at `now`: pending, or `sending` under a claim past its lease (or one never dated), whose
 * blast died before writing its outcome. A fresh claim is never taken over.
 */
function claimable(now: Date): SQL {
  const expired = new Date(now.getTime() - BLAST_CLAIM_LEASE_MS);
  return or(
    eq(buyerEmails.status, "pending"),
    and(eq(buyerEmails.status, "sending"), or(isNull(buyerEmails.claimedAt), lt(buyerEmails.claimedAt, expired))),
  )!;
}

export type ClaimedEmail = { id: string; buyerId: string; round: number; toAddress: string; unsubscribeToken: string };

/**
 * One batch: a row for each queued buyer new to this deal; with "send again", the sent rows back to pending once per
 * blast key; failed rows back to pending; then the claim — pending (or sending past its lease) → sending, dated, only
 * while the buyer is the user's, consents, has an address and neither they nor their address unsubscribed —
 * returning the rows this request holds.
 */
export async function queueAndClaim(
  context: ServiceContext<"db" | "now">,
  claim: { userId: string; dealId: string; buyerIds: string[]; sendAgain: boolean; blastKey: string; claimKey: string },
): Promise<ClaimedEmail[]> {
  const { db } = context;
  const now = context.now();
  const at = now.getTime();
  const { userId, dealId, buyerIds, blastKey, claimKey } = claim;
  const fresh = JSON.stringify(buyerIds.map((buyerId) => ({ id: crypto.randomUUID(), buyerId, token: unsubscribeToken() })));
  const chosen = and(eq(buyerEmails.dealId, dealId), eq(buyerEmails.userId, userId), sql`${buyerEmails.buyerId} in ${inJson(buyerIds)}`);
  const emailable = sql`exists (select 1 from ${buyers} b where b.id = ${buyerEmails.buyerId} and b.user_id = ${userId}
      and b.email_consent = 1 and b.unsubscribed_at is null and coalesce(b.email, '') <> ''
      and not exists (select 1 from ${buyers} u where u.user_id = ${userId} and u.unsubscribed_at is not null and lower(u.email) = lower(b.email)))`;
  const results = await db.batch([
    // Every column in the table's order (an insert from a select names them all).
    db
      .insert(buyerEmails)
      .select(
        sql`select json_extract(value, '$.id'), ${userId}, ${dealId}, json_extract(value, '$.buyerId'), 'pending', 1, ${blastKey},
          null, null, null, json_extract(value, '$.token'), null, null, ${at}, ${at}
        from json_each(${fresh})
        where exists (select 1 from ${deals} where ${deals.id} = ${dealId} and ${deals.userId} = ${userId})`,
      )
      .onConflictDoNothing({ target: [buyerEmails.dealId, buyerEmails.buyerId] }),
    db
      .update(buyerEmails)
      .set({ status: "pending", blastKey, updatedAt: now })
      .where(and(chosen, eq(buyerEmails.status, "failed"))),
    ...(claim.sendAgain
      ? [
          db
            .update(buyerEmails)
            .set({ status: "pending", round: sql`${buyerEmails.round} + 1`, blastKey, updatedAt: now })
            .where(and(chosen, eq(buyerEmails.status, "sent"), sql`${buyerEmails.blastKey} <> ${blastKey}`)),
        ]
      : []),
    db
      .update(buyerEmails)
      .set({
        status: "sending",
        claimKey,
        claimedAt: now,
        toAddress: sql`(select b.email from ${buyers} b where b.id = ${buyerEmails.buyerId})`,
        updatedAt: now,
      })
      .where(and(chosen, claimable(now), emailable))
      .returning({
        id: buyerEmails.id,
        buyerId: buyerEmails.buyerId,
        round: buyerEmails.round,
        toAddress: buyerEmails.toAddress,
        unsubscribeToken: buyerEmails.unsubscribeToken,
      }),
  ]);
  const claimed = results.at(-1) as (Omit<ClaimedEmail, "toAddress"> & { toAddress: string | null })[];
  return claimed.filter((row): row is ClaimedEmail => row.toAddress !== null);
}

/**
 * The rows a provider accepted, as sent with their ids (null: sent before under the batch's key, the provider's id not
 * known); only while this request still holds them.
 */
export function markSent(context: ServiceContext<"db" | "now">, claimKey: string, sent: { id: string; providerId: string | null }[]) {
  const now = context.now();
  const ids = JSON.stringify(sent.map((row) => ({ id: row.id, p: row.providerId })));
  return context.db
    .update(buyerEmails)
    .set({
      status: "sent",
      providerId: sql`(select json_extract(value, '$.p') from json_each(${ids}) where json_extract(value, '$.id') = ${buyerEmails.id})`,
      sentAt: now,
      claimKey: null,
      claimedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(buyerEmails.claimKey, claimKey),
        eq(buyerEmails.status, "sending"),
        sql`${buyerEmails.id} in ${inJson(sent.map((row) => row.id))}`,
      ),
    );
}

/** Rows the provider refused (or never got): failed, so a later blast queues them again. */
export function markFailed(context: ServiceContext<"db" | "now">, claimKey: string, rowIds: string[]) {
  return context.db
    .update(buyerEmails)
    .set({ status: "failed", claimKey: null, claimedAt: null, updatedAt: context.now() })
    .where(and(eq(buyerEmails.claimKey, claimKey), eq(buyerEmails.status, "sending"), sql`${buyerEmails.id} in ${inJson(rowIds)}`));
}

/** A deal just under contract is being marketed once its first emails went. */
export function markMarketed(context: ServiceContext<"db" | "now">, userId: string, dealId: string) {
  return context.db
    .update(deals)
    .set({ dispoStatus: "marketed", updatedAt: context.now() })
    .where(and(eq(deals.id, dealId), eq(deals.userId, userId), eq(deals.dispoStatus, "under_contract")));
}
