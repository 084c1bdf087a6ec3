// The migration that names who spent on every ledger row: each existing row's member is its workspace's founder (the
// row's own user_id), every other column and table is as it was, and members' own caps start empty.
import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { users } from "#db/schema.ts";

const MEMBER_SPEND_MIGRATION = "0034_member_spend.sql";

type Rows = Record<string, unknown>[];

async function everyTable(database: D1Database): Promise<Record<string, Rows>> {
  const { results } = await database
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations' order by name",
    )
    .all<{ name: string }>();
  const tables: Record<string, Rows> = {};
  for (const { name } of results) tables[name] = (await database.prepare(`select * from "${name}" order by rowid`).all()).results;
  return tables;
}

/** Two accounts, each with charges of two kinds this month and one last month, as the old schema wrote them. */
async function seedCharges(database: D1Database) {
  const founders = [crypto.randomUUID(), crypto.randomUUID()];
  await createDb(database)
    .insert(users)
    .values(founders.map((id) => ({ id, email: `${id}@example.com`, fullName: "Pat Owner" })));
  const statements = [];
  for (const userId of founders) {
    for (const [kind, period, cost] of [
      ["letter", "2026-11", 105_000_000],
      ["ai_tokens", "2026-11", 3_333],
      ["lead", "2026-10", 10_000_000],
    ] as const) {
      statements.push(
        database
          .prepare(
            "insert into usage_events (id, user_id, kind, quantity, unit_cost_microcents, cost_microcents, provider, provider_request_id, period, created_at) values (?, ?, ?, 1, ?, ?, 'lob', ?, ?, ?)",
          )
          .bind(crypto.randomUUID(), userId, kind, cost, cost, `req-${kind}`, period, Date.now()),
      );
    }
  }
  await database.batch(statements);
  return founders;
}

describe("the member-spend migration", () => {
  it("names every existing charge's founder as who spent it, losing no row", async () => {
    const database = env.MIGRATION_DB;
    const before = env.TEST_MIGRATIONS.filter((migration) => migration.name < MEMBER_SPEND_MIGRATION);
    expect(before.length).toBeLessThan(env.TEST_MIGRATIONS.length);
    await applyD1Migrations(database, before);
    const founders = await seedCharges(database);
    const tablesBefore = await everyTable(database);

    await applyD1Migrations(database, env.TEST_MIGRATIONS);

    const tablesAfter = await everyTable(database);
    expect(tablesAfter.usage_member_budgets).toEqual([]);
    for (const [name, rows] of Object.entries(tablesBefore)) {
      const after = name === "usage_events" ? tablesAfter[name].map(({ actor_id: _actor, ...rest }) => rest) : tablesAfter[name];
      expect(after, name).toEqual(rows);
    }
    expect(tablesAfter.usage_events).toHaveLength(6);
    expect(tablesAfter.usage_events.every((row) => row.actor_id === row.user_id)).toBe(true);
    expect(new Set(tablesAfter.usage_events.map((row) => row.actor_id))).toEqual(new Set(founders));
    const indexes = await database.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'usage_events'").all();
    expect(indexes.results.map((row) => row.name)).toContain("usage_events_user_period_kind_idx");
  });
});
