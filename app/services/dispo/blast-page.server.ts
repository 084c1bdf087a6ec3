/** The deal's blast screen: its matched buyers (from the matching service) with whether each was emailed about it. */
import { and, eq } from "drizzle-orm";

import { buyerEmails } from "#db/schema.ts";
import { blastClaimLapsed, type BlastRow } from "#app/domain/dispo/blast.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { matchDeal, readMatchDeal } from "./matches.server.ts";

/** The deal's address and its matched buyers on the list, best first; null for a foreign or unknown deal. */
export async function readBlastPage(
  context: ServiceContext<"db" | "providers" | "now">,
  { userId, dealId }: { userId: string; dealId: string },
): Promise<{ address: string | null; buyers: BlastRow[] } | null> {
  const deal = await readMatchDeal(context, { userId, dealId, batch: (queries) => context.db.batch(queries) });
  if (!deal) return null;
  const [answer, rows] = await Promise.all([
    matchDeal(context, { userId, deal }),
    context.db
      .select({ buyerId: buyerEmails.buyerId, status: buyerEmails.status, claimedAt: buyerEmails.claimedAt })
      .from(buyerEmails)
      .where(and(eq(buyerEmails.dealId, dealId), eq(buyerEmails.userId, userId))),
  ]);
  const now = context.now();
  const statuses = new Map(rows.map((row) => [row.buyerId, row]));
  const buyers = answer.matches.flatMap((match) => {
    if (match.buyerId === null) return [];
    const row = statuses.get(match.buyerId);
    // A claim past its lease is a dead blast's: the buyer was not emailed, and the next blast may email them.
    const sending = row?.status === "sending" && !blastClaimLapsed(row.claimedAt, now);
    const emailed: BlastRow["emailed"] = row?.status === "sent" ? "sent" : sending ? "sending" : null;
    return [
      { buyerId: match.buyerId, name: match.name, company: match.company, mayEmail: match.mayEmail, reasons: match.reasons, emailed },
    ];
  });
  return { address: deal.address, buyers };
}
