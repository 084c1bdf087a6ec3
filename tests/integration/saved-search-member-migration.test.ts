// The migration that records who saved each search: every existing search's member is its workspace's founder (the
// row's own user_id), every other column and table is as it was (lead requests still name their saved search), and the
// searches' indexes are kept.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { everyTable, migrateAll, migrateUpTo, withoutColumn } from "./migration-setup.ts";

const SAVED_SEARCH_MEMBER_MIGRATION = "0038_saved_search_member.sql";

/** Two workspaces, each with a daily saved search and a lead request its run made, as the old schema wrote them. */
async function seedSearches(database: D1Database) {
  const founders = [crypto.randomUUID(), crypto.randomUUID()];
  const now = Date.now();
  const statements = [];
  for (const userId of founders) {
    const searchId = crypto.randomUUID();
    statements.push(
      database
        .prepare("insert into users (id, email, full_name, created_at, updated_at) values (?, ?, 'Pat Owner', ?, ?)")
        .bind(userId, `${userId}@example.com`, now, now),
      database
        .prepare(
          "insert into saved_searches (id, user_id, type, name, criteria_json, is_active, last_run_at, last_run_note, created_at, updated_at) values (?, ?, 'seller', 'Phoenix inherited', ?, 1, ?, null, ?, ?)",
        )
        .bind(searchId, userId, JSON.stringify({ cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" }), now, now, now),
      database
        .prepare(
          "insert into lead_requests (id, user_id, saved_search_id, kind, vendor, request_params, requested_count, responded_count, status, created_at, updated_at) values (?, ?, ?, 'seller', 'local', '{}', 5, 5, 'completed', ?, ?)",
        )
        .bind(crypto.randomUUID(), userId, searchId, now, now),
    );
  }
  await database.batch(statements);
  return founders;
}

describe("the saved-search member migration", () => {
  it("names every existing search's founder as who saved it, losing no row or link", async () => {
    const database = env.MIGRATION_DB;
    await migrateUpTo(database, SAVED_SEARCH_MEMBER_MIGRATION);
    const founders = await seedSearches(database);
    const tablesBefore = await everyTable(database);

    await migrateAll(database);

    const tablesAfter = await everyTable(database);
    expect(Object.keys(tablesAfter)).toEqual(Object.keys(tablesBefore));
    for (const [name, rows] of Object.entries(tablesBefore)) {
      const after = name === "saved_searches" ? withoutColumn(tablesAfter[name], "created_by") : tablesAfter[name];
      expect(after, name).toEqual(rows);
    }
    expect(tablesAfter.saved_searches).toHaveLength(2);
    expect(tablesAfter.saved_searches.every((row) => row.created_by === row.user_id)).toBe(true);
    expect(new Set(tablesAfter.saved_searches.map((row) => row.created_by))).toEqual(new Set(founders));
    expect(tablesAfter.lead_requests.every((row) => row.saved_search_id !== null)).toBe(true);
    const indexes = await database.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'saved_searches'").all();
    expect(indexes.results.map((row) => row.name)).toEqual(
      expect.arrayContaining(["saved_searches_user_idx", "saved_searches_user_name_idx", "saved_searches_active_run_idx"]),
    );
  });
});
