// The migration that records who asked for each letter's mailing: every existing mailing's member is its workspace's
// founder (the row's own user_id), every other column and table is as it was, and the claim's indexes are kept.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { everyTable, migrateAll, migrateUpTo, withoutColumn } from "./migration-setup.ts";

const MAILING_REQUESTER_MIGRATION = "0037_mailing_requester.sql";

/** Two workspaces, each with a lead and two mailings of it (one mailed, one still being mailed), as the old schema wrote them. */
async function seedMailings(database: D1Database) {
  const founders = [crypto.randomUUID(), crypto.randomUUID()];
  const now = Date.now();
  const statements = [];
  for (const userId of founders) {
    const propertyId = crypto.randomUUID();
    statements.push(
      database
        .prepare("insert into users (id, email, full_name, created_at, updated_at) values (?, ?, 'Pat Owner', ?, ?)")
        .bind(userId, `${userId}@example.com`, now, now),
      database
        .prepare(
          "insert into properties (id, user_id, address, zip_code, created_at, updated_at) values (?, ?, '4127 N 38th St', '85018', ?, ?)",
        )
        .bind(propertyId, userId, now, now),
    );
    for (const [status, trackingId] of [
      ["mailed", "ltr_1"],
      ["mailing", null],
    ] as const) {
      statements.push(
        database
          .prepare(
            "insert into letter_mailings (id, user_id, property_id, claim_key, status, recipient_name, recipient_address, amount, tracking_id, created_at) values (?, ?, ?, ?, ?, 'Maria Lopez', '12 Elm St, Mesa, AZ 85201', 17000000, ?, ?)",
          )
          .bind(crypto.randomUUID(), userId, propertyId, `${propertyId}:${status}`, status, trackingId, now),
      );
    }
  }
  await database.batch(statements);
  return founders;
}

describe("the mailing-requester migration", () => {
  it("names every existing mailing's founder as who asked for it, losing no row", async () => {
    const database = env.MIGRATION_DB;
    await migrateUpTo(database, MAILING_REQUESTER_MIGRATION);
    const founders = await seedMailings(database);
    const tablesBefore = await everyTable(database);

    await migrateAll(database);

    const tablesAfter = await everyTable(database);
    expect(Object.keys(tablesAfter)).toEqual(Object.keys(tablesBefore));
    for (const [name, rows] of Object.entries(tablesBefore)) {
      const after = name === "letter_mailings" ? withoutColumn(tablesAfter[name], "actor_id") : tablesAfter[name];
      expect(after, name).toEqual(rows);
    }
    expect(tablesAfter.letter_mailings).toHaveLength(4);
    expect(tablesAfter.letter_mailings.every((row) => row.actor_id === row.user_id)).toBe(true);
    expect(new Set(tablesAfter.letter_mailings.map((row) => row.actor_id))).toEqual(new Set(founders));
    const indexes = await database.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'letter_mailings'").all();
    expect(indexes.results.map((row) => row.name)).toEqual(
      expect.arrayContaining(["letter_mailings_user_claim_idx", "letter_mailings_user_property_idx"]),
    );
  });
});
