// The migration that records who asked for each letter's mailing: every existing mailing's member is its workspace's
// founder (the row's own user_id), every other column and table is as it was, and the claim's indexes are kept.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { expectFounderColumnAdded, seedFounders } from "./migration-setup.ts";

const MAILING_REQUESTER_MIGRATION = "0037_mailing_requester.sql";

/** Two workspaces, each with a lead and two mailings of it (one mailed, one still being mailed), as the old schema wrote them. */
const seedMailings = (database: D1Database) =>
  seedFounders(database, (userId, now) => {
    const propertyId = crypto.randomUUID();
    return [
      database
        .prepare(
          "insert into properties (id, user_id, address, zip_code, created_at, updated_at) values (?, ?, '4127 N 38th St', '85018', ?, ?)",
        )
        .bind(propertyId, userId, now, now),
      ...(
        [
          ["mailed", "ltr_1"],
          ["mailing", null],
        ] as const
      ).map(([status, trackingId]) =>
        database
          .prepare(
            "insert into letter_mailings (id, user_id, property_id, claim_key, status, recipient_name, recipient_address, amount, tracking_id, created_at) values (?, ?, ?, ?, ?, 'Maria Lopez', '12 Elm St, Mesa, AZ 85201', 17000000, ?, ?)",
          )
          .bind(crypto.randomUUID(), userId, propertyId, `${propertyId}:${status}`, status, trackingId, now),
      ),
    ];
  });

describe("the mailing-requester migration", () => {
  it("names every existing mailing's founder as who asked for it, losing no row", async () => {
    const tablesAfter = await expectFounderColumnAdded(env.MIGRATION_DB, {
      migration: MAILING_REQUESTER_MIGRATION,
      seed: seedMailings,
      table: "letter_mailings",
      column: "actor_id",
      indexes: ["letter_mailings_user_claim_idx", "letter_mailings_user_property_idx"],
    });
    expect(tablesAfter.letter_mailings).toHaveLength(4);
  });
});
