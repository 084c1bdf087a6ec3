// The migration that names who spent on every ledger row: each existing row's member is its workspace's founder (the
// row's own user_id), every other column and table is as it was, and members' own caps start empty.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { users } from "#db/schema.ts";

import { expectFounderColumnAdded } from "./migration-setup.ts";

const MEMBER_SPEND_MIGRATION = "0034_member_spend.sql";

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
    const tablesAfter = await expectFounderColumnAdded(env.MIGRATION_DB, {
      migration: MEMBER_SPEND_MIGRATION,
      seed: seedCharges,
      table: "usage_events",
      column: "actor_id",
      indexes: ["usage_events_user_period_kind_idx"],
    });
    expect(tablesAfter.usage_events).toHaveLength(6);
    expect(tablesAfter.usage_member_budgets).toEqual([]);
  });
});
