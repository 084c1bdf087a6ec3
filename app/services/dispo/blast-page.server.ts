/** The deal's blast screen: its matched buyers (from the matching service) with whether each was emailed about it. */
import { and, eq } from "drizzle-orm";

import { buyerEmails } from "#db/schema.ts";
import type { BlastRow } from "#app/domain/dispo/blast.ts";
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
      .select({ buyerId: buyerEmails.buyerId, status: buyerEmails.status })
      .from(buyerEmails)
      .where(and(eq(buyerEmails.dealId, dealId), eq(buyerEmails.userId, userId))),
  ]);
  const statuses = new Map(rows.map((row) => [row.buyerId, row.status]));
  const buyers = answer.matches.flatMap((match) => {
    if (match.buyerId === null) return [];
    const status = statuses.get(match.buyerId);
    const emailed = status === "sent" || status === "sending" ? status : null;
    return [
      { buyerId: match.buyerId, name: match.name, company: match.company, mayEmail: match.mayEmail, reasons: match.reasons, emailed },
    ];
  });
  return { address: deal.address, buyers };
}
