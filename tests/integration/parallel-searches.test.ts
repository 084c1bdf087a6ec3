// Identical seller searches at once: each claims its page of the market before the vendor call, so every vendor record
// is read, and its lead and skip trace charged, once — whether the searches come from the API or from Run now.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { usageEvents } from "#db/schema.ts";
import type { SavedSearchRow } from "#app/domain/leads/saved-searches.ts";
import { action as savedSearchesAction, loader as savedSearchesLoader } from "#app/routes/saved-searches.tsx";

import { registerClient, type ApiClient, type Handler } from "./api-client.ts";
import { batch, db, deliveredTo, inPhoenix, marketIds, propertiesOf, seedMarket } from "./lead-search-setup.ts";

beforeAll(async () => {
  await seedMarket();
});

async function charged(userId: string) {
  const rows = await db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
  const sum = (kind: string) => rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.quantity, 0);
  return { lead: sum("lead"), skipTrace: sum("skip_trace") };
}

const post = (client: ApiClient, fields: Record<string, string>) =>
  client.send(savedSearchesAction as Handler, "POST", "/saved-searches", { form: fields });

describe("identical seller searches in parallel", () => {
  it("5 parallel POST /api/properties/batch deliver 25 different leads and charge each record's lead and skip trace once", async () => {
    const { client, userId } = await registerClient("parallel-batch");
    const criteria = { location: "Phoenix, AZ", sellerType: "high_equity" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => batch(client, criteria, 5)));
    for (const answer of answers) expect(answer.status).toBe(200);
    const ids = answers.flatMap((answer) => propertiesOf(answer).map((p) => p.id));
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    expect(ids.sort()).toEqual(
      marketIds((p) => inPhoenix(p) && p.isHighEquity === true)
        .slice(0, 25)
        .sort(),
    );
    expect((await deliveredTo(userId)).sort()).toEqual(ids);
    expect(await charged(userId)).toEqual({ lead: 25, skipTrace: 25 });
  });

  it("4 parallel Run now of one saved search charge one lead and one skip trace per record delivered", async () => {
    const { client, userId } = await registerClient("parallel-run-now");
    const saved = await post(client, {
      intent: "save",
      name: "Twice",
      wizard: "seller",
      cityOrZip: "Phoenix",
      state: "AZ",
      sellerType: "corporate-owned",
    });
    expect(saved.status).toBe(302);
    const loaded = await client.load<{ searches: SavedSearchRow[] }>(savedSearchesLoader as Handler, "/saved-searches");
    const id = loaded.searches[0]!.id;
    const runs = await Promise.all(Array.from({ length: 4 }, () => post(client, { intent: "run", id })));
    for (const run of runs) expect(run.status).toBe(302);
    const delivered = await deliveredTo(userId);
    expect(new Set(delivered).size).toBe(delivered.length);
    const { lead, skipTrace } = await charged(userId);
    expect(lead).toBe(delivered.length);
    expect(skipTrace).toBe(delivered.length);
    const charges = await db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "lead")));
    expect(charges.length).toBeGreaterThan(0);
  });
});
