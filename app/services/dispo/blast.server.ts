/**
 * Emailing a deal to the chosen buyers (docs/decisions/111-dispo-buyers-and-contracts.md): each (deal, buyer) row is
 * claimed pending → sending in the statement that changes it, only while the buyer may be emailed, so parallel blasts
 * email each buyer once and an unsubscribe recorded before a claim stops it; a claim is a lease, so a row left
 * `sending` by a blast that died is claimed again by a later blast once the lease lapsed. The claimed rows go to the
 * email provider in batches of up to 100 (one email per buyer, each with its own one-click unsubscribe); each batch's
 * outcome and its `buyer_email` ledger entry are written together. Units are reserved against the caps before
 * anything is queued.
 */
import type { BatchItem } from "drizzle-orm/batch";

import { placeOf } from "#app/domain/activity/activity.ts";
import { blastEmail, planBlast, type BlastInput, type BlastSkips } from "#app/domain/dispo/blast.ts";
import { askingPriceOf } from "#app/domain/dispo/contract.ts";
import { EMAIL_BATCH_MAX } from "#app/providers/email/types.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { activityEntryWhen, type ActivityRecord } from "#app/services/activity/activity-log.server.ts";
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";
import { DEAL_NOT_FOUND } from "#app/services/deals/deals.server.ts";
import { releaseUsage, reserveUsage, type CapRefusal, type Reservation } from "#app/services/usage/caps.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";

import { markFailed, markMarketed, markSent, queueAndClaim, readBlast, stillClaimed, type ClaimedEmail } from "./blast-rows.server.ts";

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
  /** `actorId`: the member blasting, whose activity entry goes in the first sent batch's write. */
  { userId, dealId, input, actorId }: { userId: string; dealId: string; input: BlastInput; actorId?: string },
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
  const emails = claimed.map((row) => ({
    row,
    message: { to: row.toAddress, ...blastEmail(deal, sender, unsubscribeUrl(ctx, row.unsubscribeToken)) },
  }));
  const outcome = await sendInBatches(ctx, {
    userId,
    dealId,
    claimKey,
    reservation: { ...reserved.reservation, quantity: claimed.length },
    emails,
    entry: actorId
      ? {
          workspaceId: userId,
          actorId,
          kind: "blast_sent",
          dealId,
          place: read.deal.address ? placeOf({ ...read.deal, address: read.deal.address }) : null,
          detail: { count: claimed.length },
        }
      : null,
  });
  if (outcome.sent === 0 && outcome.failed > 0) return { ok: false, status: 502, message: BLAST_FAILED };
  return { ok: true, ...outcome, skipped };
}

type Outgoing = { row: ClaimedEmail; message: { to: string; subject: string; text: string; headers: Record<string, string> } };

/**
 * Each batch of up to 100 claimed emails: sent under one idempotency key, then its rows marked sent and its ledger
 * entry written in one batch. A refused batch stops the blast: its rows and the rest are failed and their units given
 * back.
 */
async function sendInBatches(
  context: BlastContext,
  job: { userId: string; dealId: string; claimKey: string; reservation: Reservation; emails: Outgoing[]; entry: ActivityRecord | null },
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  for (let start = 0; start < job.emails.length; start += EMAIL_BATCH_MAX) {
    const chunk = job.emails.slice(start, start + EMAIL_BATCH_MAX);
    let ids: string[];
    try {
      ({ ids } = await context.providers.email.sendBatch(
        chunk.map((email) => email.message),
        { idempotencyKey: `deal-blast/${job.dealId}/${job.claimKey}/${start / EMAIL_BATCH_MAX}` },
      ));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      console.error("emailing the deal to buyers failed", error.message);
      const rest = job.emails.slice(start).map((email) => email.row.id);
      await Promise.all([context.db.batch([markFailed(context, job.claimKey, rest)]), releaseUsage(context, job.reservation, rest.length)]);
      return { sent, failed: rest.length };
    }
    const rows = chunk.map((email, index) => ({ id: email.row.id, providerId: ids[index]! }));
    // The member's entry once, with the first emails recorded as sent, while this blast still holds them.
    const entry = start === 0 && job.entry ? [activityEntryWhen(context, job.entry, stillClaimed(job.claimKey))] : [];
    const [first, ...rest]: BatchItem<"sqlite">[] = [
      ...entry,
      markSent(context, job.claimKey, rows),
      usageEntry(context, job.reservation, chunk.length, ids[0] ?? null),
      markMarketed(context, job.userId, job.dealId),
    ];
    await context.db.batch([first!, ...rest]);
    sent += chunk.length;
  }
  return { sent, failed: 0 };
}
