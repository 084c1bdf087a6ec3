// The migration that records who saved each search: every existing search's member is its workspace's founder (the
// row's own user_id), every other column and table is as it was (lead requests still name their saved search), and the
// searches' indexes are kept.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { expectFounderColumnAdded, seedFounders } from "./migration-setup.ts";

const SAVED_SEARCH_MEMBER_MIGRATION = "0038_saved_search_member.sql";

/** Two workspaces, each with a daily saved search and a lead request its run made, as the old schema wrote them. */
const seedSearches = (database: D1Database) =>
  seedFounders(database, (userId, now) => {
    const searchId = crypto.randomUUID();
    return [
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
    ];
  });

describe("the saved-search member migration", () => {
  it("names every existing search's founder as who saved it, losing no row or link", async () => {
    const tablesAfter = await expectFounderColumnAdded(env.MIGRATION_DB, {
      migration: SAVED_SEARCH_MEMBER_MIGRATION,
      seed: seedSearches,
      table: "saved_searches",
      column: "created_by",
      indexes: ["saved_searches_user_idx", "saved_searches_user_name_idx", "saved_searches_active_run_idx"],
    });
    expect(tablesAfter.saved_searches).toHaveLength(2);
    expect(tablesAfter.lead_requests.every((row) => row.saved_search_id !== null)).toBe(true);
  });
});
