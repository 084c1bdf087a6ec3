import type { Db } from "#db/client.ts";
import { deals } from "#db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo account's pipeline: deals in every stage for the given properties (the demo leads' ids), including
 * closing deals with close dates spread over the last months so the dashboard's revenue chart has data.
 * Deterministic; uses at most 14 properties. Answers the number of deals created.
 */
export async function seedDemoDeals(db: Db, userId: string, propertyIds: readonly string[], now = new Date()): Promise<number> {
  const plan: {
    stage: (typeof deals.$inferInsert)["stage"];
    value: number | null;
    createdDaysAgo: number;
    closedMonthsAgo?: number;
    notes?: string;
  }[] = [
    { stage: "lead_generation", value: 142_000, createdDaysAgo: 2, notes: "Owner answered the mailer; wants a call back Thursday." },
    { stage: "lead_generation", value: null, createdDaysAgo: 6 },
    { stage: "lead_generation", value: 98_500, createdDaysAgo: 12 },
    { stage: "analysis", value: 187_000, createdDaysAgo: 9, notes: "Comps pulled; roof and HVAC need a look." },
    { stage: "analysis", value: 121_000, createdDaysAgo: 21 },
    { stage: "analysis", value: 264_000, createdDaysAgo: 35 },
    { stage: "negotiation", value: 155_000, createdDaysAgo: 18, notes: "Countered at $155k; seller wants a 30-day close." },
    { stage: "negotiation", value: 209_500, createdDaysAgo: 44 },
    { stage: "closing", value: 176_000, createdDaysAgo: 20, closedMonthsAgo: 0, notes: "Assignment signed; title ordered." },
    { stage: "closing", value: 132_500, createdDaysAgo: 48, closedMonthsAgo: 1 },
    { stage: "closing", value: 219_000, createdDaysAgo: 75, closedMonthsAgo: 2 },
    { stage: "closing", value: 98_000, createdDaysAgo: 104, closedMonthsAgo: 3 },
    { stage: "closing", value: 245_000, createdDaysAgo: 130, closedMonthsAgo: 4 },
    { stage: "closing", value: 167_500, createdDaysAgo: 160, closedMonthsAgo: 5 },
  ];
  const rows = plan.slice(0, propertyIds.length).map((item, index) => {
    const createdAt = new Date(now.getTime() - item.createdDaysAgo * DAY_MS);
    const closeDate =
      item.closedMonthsAgo === undefined
        ? null
        : new Date(
            Math.min(now.getTime(), Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - item.closedMonthsAgo, 10 + (index % 15), 17)),
          );
    return {
      userId,
      propertyId: propertyIds[index],
      stage: item.stage,
      dealValue: item.value,
      profit: item.value === null ? null : Math.round(item.value * 0.08),
      closeDate,
      notes: item.notes ?? null,
      createdAt,
      updatedAt: closeDate ?? createdAt,
    };
  });
  if (rows.length === 0) return 0;
  // Ten columns a row: eight rows a statement stays under D1's 100 bound parameters.
  const statements = [];
  for (let start = 0; start < rows.length; start += 8) statements.push(db.insert(deals).values(rows.slice(start, start + 8)));
  // drizzle's db.batch wants a non-empty tuple; the statements are built in a loop.
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return rows.length;
}
