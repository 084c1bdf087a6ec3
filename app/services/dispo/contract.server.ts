/**
 * Putting a deal under contract: the purchase contract's terms written on the user's own deal, which moves to the
 * Closing stage ("Under Contract") with its disposition status. One guarded UPDATE: a foreign or unknown deal changes
 * nothing and answers null.
 */
import { and, eq, sql } from "drizzle-orm";

import { deals } from "#db/schema.ts";
import { dayInstant, type ContractInput } from "#app/domain/dispo/contract.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { getDeal, type DealView } from "#app/services/deals/deals.server.ts";

const ASSIGNED = new Set<string>(["assigned", "fee_received"]);

export async function putUnderContract(
  context: ServiceContext<"db" | "now">,
  { userId, dealId, contract }: { userId: string; dealId: string; contract: ContractInput },
): Promise<DealView | null> {
  const [updated] = await context.db
    .update(deals)
    .set({
      stage: "closing",
      dispoStatus: contract.dispoStatus,
      contractPrice: contract.contractPrice,
      closeDate: dayInstant(contract.closeDate),
      inspectionDeadline: dayInstant(contract.inspectionDeadline),
      earnestMoney: contract.earnestMoney,
      assignmentFeeAsked: contract.assignmentFeeAsked,
      buyerPrice: contract.buyerPrice ?? null,
      // The purchase agreement's date: the day the deal first went under contract (later edits keep it).
      contractedAt: sql`coalesce(${deals.contractedAt}, ${context.now().getTime()})`,
      assignedAt: ASSIGNED.has(contract.dispoStatus) ? sql`coalesce(${deals.assignedAt}, ${context.now().getTime()})` : null,
      updatedAt: context.now(),
    })
    .where(and(eq(deals.id, dealId), eq(deals.userId, userId)))
    .returning({ id: deals.id });
  return updated ? getDeal(context, userId, dealId) : null;
}
