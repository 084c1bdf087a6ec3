/**
 * Emailing a deal to the chosen buyers (docs/decisions/111-dispo-buyers-and-contracts.md): each (deal, buyer) row is
 * claimed pending → sending in the statement that changes it, only while the buyer may be emailed, so parallel blasts
 * email each buyer once and an unsubscribe recorded before a claim stops it; a claim is a lease, so a row left
 * `sending` by a blast that died is claimed again by a later blast once the lease lapsed. The claimed rows go to the
 * email provider in batches of up to 100 (one email per buyer, each with the deal page's link and its own one-click
 * unsubscribe), each under an idempotency key of the deal, its buyers and their generations: a dead blast's batch taken
 * over is the same batch under the same key, which the provider answers without sending it again. Each batch's
 * outcome and its `buyer_email` ledger entry are written together. Units are reserved against the caps before
 * anything is queued.
 */
import { blastEmail } from "#app/domain/dispo/blast-email.ts";
import { blastBatches, blastBatchKey, planBlast, type BlastInput, type BlastSkips } from "#app/domain/dispo/blast.ts";
import { askingPriceOf } from "#app/domain/dispo/contract.ts";
import { EMAIL_BATCH_MAX, IdempotencyConflict } from "#app/providers/email/types.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";
import { DEAL_NOT_FOUND } from "#app/services/deals/deals.server.ts";
import { releaseUsage, reserveUsage, type CapRefusal, type Reservation } from "#app/services/usage/caps.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";

import { markFailed, markMarketed, markSent, queueAndClaim, readBlast, type ClaimedEmail } from "./blast-rows.server.ts";
import { dealPageUrl, liveDealLink } from "./deal-links.server.ts";

export const BUYER_NOT_FOUND = "Buyer not found";
export const NEEDS_POSTAL_ADDRESS = "Emails to buyers must carry your postal address: add your company's mailing address in Profile first.";
export const BLAST_FAILED = "The emails could not be sent; nothing was charged for them. Try again.";

type BlastContext = ServiceContext<"db" | "providers" | "config" | "now">;

export type Blasted = { ok: true; sent: number; failed: number; skipped: BlastSkips };
export type BlastRefusal = { ok: false; status: 404 | 422 | 502; message: string } | CapRefusal;

/** The unsubscribe page of one email. */
export function unsubscribeUrl(context: ServiceContext<"config">, token: string): string {
  return new URL(`/unsubscribe/${token}`, context.config.APP_ORIGIN).toString();
}

export async function blastDeal(
  context: BlastContext,
  { userId, dealId, input }: { userId: string; dealId: string; input: BlastInput },
): Promise<Blasted | BlastRefusal> {
  const ctx = atOneInstant(context);
  const read = await readBlast(ctx, { userId, dealId, buyerIds: input.buyerIds });
  if (!read.deal) return { ok: false, status: 404, message: DEAL_NOT_FOUND };
  if (read.buyers.length !== input.buyerIds.length) return { ok: false, status: 404, message: BUYER_NOT_FOUND };
  const postalAddress = read.sender.address;
  if (!read.sender.returnAddress || !postalAddress) return { ok: false, status: 422, message: NEEDS_POSTAL_ADDRESS };
  const plan = planBlast({
    buyers: read.buyers,
    statuses: read.statuses,
    sendAgain: input.sendAgain,
    blastKey: input.blastKey,
    suppressed: read.suppressed,
    now: ctx.now(),
  });
  if (plan.queue.length === 0) return { ok: true, sent: 0, failed: 0, skipped: plan.skipped };
  const reserved = await reserveUsage(ctx, userId, "buyer_email", plan.queue.length);
  if (!reserved.ok) return reserved;
  // Every email links the deal's page: its live link, made now if it has none (after the caps, so a refusal writes
  // nothing); a deal deleted meanwhile has none.
  const token = await liveDealLink(ctx, { userId, dealId });
  if (token === null) {
    await releaseUsage(ctx, reserved.reservation, plan.queue.length);
    return { ok: false, status: 404, message: DEAL_NOT_FOUND };
  }
  const claimKey = crypto.randomUUID();
  const claimed = await queueAndClaim(ctx, {
    userId,
    dealId,
    buyerIds: plan.queue,
    sendAgain: input.sendAgain,
    blastKey: input.blastKey ?? claimKey,
    claimKey,
  });
  // A parallel blast claimed the rest: their units are given back, and they count as being emailed.
  await releaseUsage(ctx, reserved.reservation, plan.queue.length - claimed.length);
  const skipped = { ...plan.skipped, beingSent: plan.skipped.beingSent + plan.queue.length - claimed.length };
  const deal = { ...read.deal, asking: askingPriceOf(read.deal) };
  const sender = { companyName: read.sender.companyName, email: read.sender.email, phone: read.sender.phone, postalAddress };
  const email = (row: ClaimedEmail) => ({
    row,
    message: {
      to: row.toAddress,
      ...blastEmail(deal, sender, { dealUrl: dealPageUrl(ctx, token), unsubscribeUrl: unsubscribeUrl(ctx, row.unsubscribeToken) }),
    },
  });
  // A row taken over from a lapsed claim was `sending` under that claim when read.
  const previousClaim = (row: ClaimedEmail) => {
    const before = read.statuses.get(row.buyerId);
    return before?.status === "sending" ? before.claimKey : null;
  };
  const outcome = await sendInBatches(ctx, {
    userId,
    dealId,
    claimKey,
    reservation: { ...reserved.reservation, quantity: claimed.length },
    batches: blastBatches(claimed, previousClaim, EMAIL_BATCH_MAX).map((batch) => batch.map(email)),
  });
  if (outcome.sent === 0 && outcome.failed > 0) return { ok: false, status: 502, message: BLAST_FAILED };
  return { ok: true, ...outcome, skipped };
}

type Outgoing = {
  row: ClaimedEmail;
  message: { to: string; subject: string; text: string; html: string; headers: Record<string, string> };
};

/**
 * Each batch of up to 100 claimed emails: sent under its idempotency key, then its rows marked sent and its ledger
 * entry written in one batch. A batch the provider answers "that key already sent another body" went out before (a
 * dead blast's, its deal or sender edited since): it is recorded as sent, without sending it again. A refused batch
 * stops the blast: its rows and the rest are failed and their units given back.
 */
async function sendInBatches(
  context: BlastContext,
  job: { userId: string; dealId: string; claimKey: string; reservation: Reservation; batches: Outgoing[][] },
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  for (const [index, batch] of job.batches.entries()) {
    let ids: (string | null)[];
    try {
      ({ ids } = await context.providers.email.sendBatch(
        batch.map((email) => email.message),
        {
          idempotencyKey: blastBatchKey(
            job.dealId,
            batch.map((email) => email.row),
          ),
        },
      ));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error instanceof IdempotencyConflict && error.reason === "other-body") ids = batch.map(() => null);
      else {
        console.error("emailing the deal to buyers failed", error.message);
        const rest = job.batches.slice(index).flatMap((rows) => rows.map((email) => email.row.id));
        await Promise.all([
          context.db.batch([markFailed(context, job.claimKey, rest)]),
          releaseUsage(context, job.reservation, rest.length),
        ]);
        return { sent, failed: rest.length };
      }
    }
    const rows = batch.map((email, i) => ({ id: email.row.id, providerId: ids[i] ?? null }));
    await context.db.batch([
      markSent(context, job.claimKey, rows),
      usageEntry(context, job.reservation, batch.length, ids[0] ?? null),
      markMarketed(context, job.userId, job.dealId),
    ]);
    sent += batch.length;
  }
  return { sent, failed: 0 };
}
