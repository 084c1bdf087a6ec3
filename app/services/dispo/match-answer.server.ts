/** Buyer Breeze's answer to "who should I send 123 Main St to?": the user's deal at that address, matched as the API does. */
import { and, desc, eq, sql } from "drizzle-orm";

import { deals, properties } from "#db/schema.ts";
import { matchAnswerText, matchQuestionAddress } from "#app/domain/dispo/match-question.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { matchDeal, readMatchDeal } from "./matches.server.ts";

/** The answer in words, or null when the message is not that question (the AI provider answers it then). */
export async function answerMatchQuestion(
  context: ServiceContext<"db" | "providers" | "now">,
  { userId, message }: { userId: string; message: string },
): Promise<string | null> {
  const address = matchQuestionAddress(message);
  if (!address) return null;
  const [found] = await context.db
    .select({ dealId: deals.id })
    .from(deals)
    .innerJoin(properties, and(eq(properties.id, deals.propertyId), eq(properties.userId, deals.userId)))
    .where(and(eq(deals.userId, userId), sql`lower(${properties.address}) like ${`${address.toLowerCase().replace(/[%_]/g, "")}%`}`))
    .orderBy(desc(deals.updatedAt))
    .limit(1);
  const deal = found ? await readMatchDeal(context, { userId, dealId: found.dealId, batch: (queries) => context.db.batch(queries) }) : null;
  if (!deal) return matchAnswerText({ address, dealId: null, matches: [] });
  const { matches } = await matchDeal(context, { userId, deal });
  return matchAnswerText({ address, dealId: deal.id, matches });
}
