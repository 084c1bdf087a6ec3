/**
 * Emailing a deal under contract to buyers: who may be emailed, the request's schema, the preview line and the summary
 * (the email itself is blast-email.ts). Pure: app/services/dispo/blast.server.ts sends it.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { z } from "zod";

import { formatNumber } from "#app/domain/shared/format.ts";
import { formatCostCents } from "#app/domain/usage/usage-money.ts";

/** A matched buyer as the deal's blast screen lists it: whether they may be emailed, why they match, and if emailed. */
export type BlastRow = {
  buyerId: string;
  name: string;
  company: string | null;
  mayEmail: boolean;
  reasons: string[];
  emailed: "sent" | "sending" | null;
};

/** The most buyers one blast names (the day's cap on buyer emails is higher than any one list a screen shows). */
export const BLAST_MAX_BUYERS = 500;

const Id = z.string().trim().min(1).max(64);

/**
 * `POST /api/deals/{id}/blast` and the deal's blast form: the buyers chosen, whether to email again those already
 * emailed about this deal, and the form's key (a double-clicked "send again" queues each buyer once).
 */
export const BlastSchema = z.strictObject({
  buyerIds: z
    .array(Id)
    .min(1, "Choose at least one buyer")
    .max(BLAST_MAX_BUYERS, `Choose at most ${BLAST_MAX_BUYERS} buyers`)
    .transform((ids) => [...new Set(ids)]),
  sendAgain: z.boolean().default(false),
  blastKey: z.string().trim().min(8).max(64).optional(),
});
export type BlastInput = z.infer<typeof BlastSchema>;

/**
 * How long a blast's claim on a buyer's row lasts. A row still `sending` after it belongs to a blast that died between
 * its claim and its outcome (a worker killed, a provider that never answered), and the next blast may claim it again;
 * a living blast of the most buyers (five provider calls) ends long before.
 */
export const BLAST_CLAIM_LEASE_MS = 10 * 60_000;

/** A claim taken at `claimedAt` (null: one taken before claims were dated) has outlived its lease at `now`. */
export const blastClaimLapsed = (claimedAt: Date | null, now: Date) =>
  claimedAt === null || now.getTime() - claimedAt.getTime() > BLAST_CLAIM_LEASE_MS;

export type BlastBuyer = { id: string; email: string | null; emailConsent: boolean; unsubscribedAt: Date | null };
export type BlastSkips = { noConsent: number; unsubscribed: number; noEmail: number; alreadyEmailed: number; beingSent: number };

/**
 * Which chosen buyers this blast queues, and why the others are left out: no address, no consent, unsubscribed (or
 * their address is), emailed about this deal already (unless sending again), or being emailed by another blast now
 * (a claim within its lease; one past it is queued again).
 */
export function planBlast({
  buyers,
  statuses,
  sendAgain,
  blastKey,
  suppressed,
  now,
}: {
  buyers: readonly BlastBuyer[];
  /** Each buyer's email row for this deal (its status, the blast that queued it last, its claim's date), by buyer id. */
  statuses: ReadonlyMap<string, { status: string; blastKey: string; claimedAt: Date | null }>;
  sendAgain: boolean;
  /** This blast's key: a "send again" already queued under it is not queued again. */
  blastKey: string | undefined;
  /** Lower-cased addresses that unsubscribed from this user. */
  suppressed: ReadonlySet<string>;
  now: Date;
}): { queue: string[]; skipped: BlastSkips } {
  const skipped: BlastSkips = { noConsent: 0, unsubscribed: 0, noEmail: 0, alreadyEmailed: 0, beingSent: 0 };
  const queue: string[] = [];
  for (const buyer of buyers) {
    const row = statuses.get(buyer.id);
    const status = row?.status;
    if (!buyer.email) skipped.noEmail += 1;
    else if (buyer.unsubscribedAt !== null || suppressed.has(buyer.email.toLowerCase())) skipped.unsubscribed += 1;
    else if (!buyer.emailConsent) skipped.noConsent += 1;
    else if (status === "sending" && !blastClaimLapsed(row?.claimedAt ?? null, now)) skipped.beingSent += 1;
    else if (status === "sent" && (!sendAgain || row?.blastKey === blastKey)) skipped.alreadyEmailed += 1;
    else queue.push(buyer.id);
  }
  return { queue, skipped };
}

/** A claimed email as batching reads it: the buyer, and which "send again" generation of their email it is. */
export type BatchedEmail = { buyerId: string; round: number };

const byBuyer = (a: BatchedEmail, b: BatchedEmail) => (a.buyerId < b.buyerId ? -1 : a.buyerId > b.buyerId ? 1 : 0);

/**
 * The claimed emails in provider batches of at most `size`. Those taken over from one lapsed claim stay together, cut
 * exactly as that claim's holder cut them (by buyer id, `size` a batch): each batch is then the dead one's again, under
 * the same idempotency key, and a provider that accepted it answers it again instead of sending it twice. The rest
 * (`previousClaim` null) are batched the same way, after.
 */
export function blastBatches<Row extends BatchedEmail>(
  rows: readonly Row[],
  previousClaim: (row: Row) => string | null,
  size: number,
): Row[][] {
  const groups = new Map<string | null, Row[]>();
  for (const row of rows) {
    const claim = previousClaim(row);
    groups.set(claim, [...(groups.get(claim) ?? []), row]);
  }
  const fresh = groups.get(null);
  groups.delete(null);
  return [...groups.values(), ...(fresh ? [fresh] : [])].flatMap((group) => {
    const sorted = [...group].sort(byBuyer);
    return Array.from({ length: Math.ceil(sorted.length / size) }, (_, i) => sorted.slice(i * size, (i + 1) * size));
  });
}

/**
 * A batch's idempotency key: the deal, then the SHA-256 of its buyers with each one's generation, so the same emails
 * sent again (a dead blast's batch taken over) carry the same key and any other batch another (Resend keeps a key 24
 * hours and takes up to 256 characters; this one is under 120).
 */
export function blastBatchKey(dealId: string, batch: readonly BatchedEmail[]): string {
  const members = [...batch]
    .sort(byBuyer)
    .map((row) => `${row.buyerId}:${row.round}`)
    .join(",");
  return `deal-blast/${dealId}/${encodeBase64urlNoPadding(sha256(new TextEncoder().encode(members)))}`;
}

/** "Email 37 buyers — $0.04": the blast's button, priced before it is pressed. */
export function blastPreview(count: number, unitCostCents: number): string {
  return `Email ${formatNumber(count)} ${count === 1 ? "buyer" : "buyers"} — ${formatCostCents(count * unitCostCents)}`;
}

/** "Emailed 3 buyers. Left out: 1 without email consent, 2 emailed already." */
export function blastSummary(sent: number, skipped: BlastSkips): string {
  const parts = [
    skipped.noConsent ? `${skipped.noConsent} without email consent` : null,
    skipped.unsubscribed ? `${skipped.unsubscribed} unsubscribed` : null,
    skipped.noEmail ? `${skipped.noEmail} without an email address` : null,
    skipped.alreadyEmailed ? `${skipped.alreadyEmailed} emailed already (choose "Send again" to email them again)` : null,
    skipped.beingSent ? `${skipped.beingSent} being emailed now` : null,
  ].filter((part) => part !== null);
  const head = `Emailed ${formatNumber(sent)} ${sent === 1 ? "buyer" : "buyers"}.`;
  return parts.length > 0 ? `${head} Left out: ${parts.join(", ")}.` : head;
}

/** An unsubscribe token: 32 random bytes, base64url (43 characters). */
export const UnsubscribeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
