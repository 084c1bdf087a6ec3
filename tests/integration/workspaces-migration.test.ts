import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { companyProfiles, deals, documents, users } from "#db/schema.ts";
import { generateToken, hashToken, lookupSession } from "#app/services/accounts/session.server.ts";
import { documentFileResponse } from "#app/services/documents/files.server.ts";
import { listLeads } from "#app/services/leads/properties.server.ts";

import { everyTable, migrateAll, migrateUpTo, withoutColumn } from "./migration-setup.ts";

/** The migration that gives every existing user a workspace of their own; the ones before it are the old schema. */
const WORKSPACES_MIGRATION = "0032_workspaces.sql";
const NEW_TABLES = new Set([
  "workspaces",
  "workspace_members",
  "workspace_invitations",
  "usage_member_budgets",
  "usage_member_limits",
  "activity_log",
]);
/** The column the migrations add to an existing table (sessions: the workspace they work in; leads: the assignee). */
const ADDED_COLUMNS: Record<string, string> = { sessions: "workspace_id", properties: "assigned_to" };

async function everyKey(): Promise<string[]> {
  const listed = await env.FILES.list({ prefix: "users/" });
  return listed.objects.map((object) => `${object.key}:${object.size}:${object.etag}`).sort();
}

/** Two accounts at the old schema, each with leads, a deal, a stored document (in R2) and a signed-in session. */
async function seedOldAccounts(database: D1Database) {
  const db = createDb(database);
  const accounts = [];
  for (const name of ["Pat Owner", "Sam Solo"]) {
    const userId = crypto.randomUUID();
    const propertyId = crypto.randomUUID();
    const documentId = crypto.randomUUID();
    const filePath = `users/${userId}/documents/${documentId}.pdf`;
    // The leads by their old columns: the schema's insert names every column of today's table.
    const lead = database.prepare(
      "insert into properties (id, user_id, address, zip_code, city, state, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const now = Date.now();
    await db.insert(users).values({ id: userId, email: `${userId}@example.com`, fullName: name });
    await database.batch([
      lead.bind(propertyId, userId, "4127 N 38th St", "85018", "Phoenix", "AZ", now, now),
      lead.bind(crypto.randomUUID(), userId, "18 W Vernon Ave", "85003", null, null, now, now),
    ]);
    await db.batch([
      db.insert(deals).values({ userId, propertyId }),
      db.insert(documents).values({
        id: documentId,
        userId,
        propertyId,
        name: "loi.pdf",
        type: "letter_of_intent",
        filePath,
        contentType: "application/pdf",
        sizeBytes: 4,
      }),
    ]);
    if (name === "Pat Owner") await db.insert(companyProfiles).values({ userId, companyName: "Pat Buys Houses" });
    await env.FILES.put(filePath, "%PDF");
    const token = generateToken();
    await database
      .prepare("insert into sessions (sid, user_id, sess, expire, created_at) values (?, ?, '{}', ?, ?)")
      .bind(hashToken(token), userId, Date.now() + 3_600_000, Date.now())
      .run();
    accounts.push({ userId, name, propertyId, documentId, token });
  }
  return accounts;
}

describe("the workspaces migration", () => {
  it("gives every existing user a workspace of their own, changing no row and no R2 key", async () => {
    const database = env.MIGRATION_DB;
    await migrateUpTo(database, WORKSPACES_MIGRATION);
    const accounts = await seedOldAccounts(database);
    const tablesBefore = await everyTable(database);
    const keysBefore = await everyKey();

    await migrateAll(database);

    const tablesAfter = await everyTable(database);
    expect(Object.keys(tablesAfter).filter((name) => !NEW_TABLES.has(name))).toEqual(Object.keys(tablesBefore));
    for (const [name, rows] of Object.entries(tablesBefore)) {
      // Sessions gain the workspace they work in, leads their assignee (the founder, checked below); every other
      // column of every row is as it was.
      const added = ADDED_COLUMNS[name];
      const after = added ? withoutColumn(tablesAfter[name], added) : tablesAfter[name];
      expect(after, name).toEqual(rows);
    }
    expect(tablesBefore.properties).toHaveLength(4);
    expect(tablesAfter.properties.every((row) => row.assigned_to === row.user_id)).toBe(true);
    expect(await everyKey()).toEqual(keysBefore);

    expect(tablesAfter.workspaces.map((row) => [row.id, row.name]).sort()).toEqual(
      accounts.map((account) => [account.userId, account.name === "Pat Owner" ? "Pat Buys Houses" : account.name]).sort(),
    );
    expect(tablesAfter.workspace_members.map((row) => [row.workspace_id, row.user_id, row.role]).sort()).toEqual(
      accounts.map((account) => [account.userId, account.userId, "owner"]).sort(),
    );
    expect(tablesAfter.sessions.map((row) => row.workspace_id === row.user_id)).toEqual([true, true]);

    // Each account stays signed in, as its workspace's owner, and reads its own leads and files as before.
    const context = { db: createDb(database), files: env.FILES, now: () => new Date() };
    for (const account of accounts) {
      const lookup = lookupSession(context, account.token);
      lookup.send();
      const session = await lookup.session;
      expect(session?.workspaceId).toBe(account.userId);
      expect(session?.role).toBe("owner");
      expect(await listLeads(context, account.userId)).toHaveLength(2);
      const file = await documentFileResponse(context, account.userId, account.documentId, "download");
      expect(new TextDecoder().decode(await file?.arrayBuffer())).toBe("%PDF");
    }
  });
});
