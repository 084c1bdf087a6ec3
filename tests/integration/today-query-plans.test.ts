// Today reads indexes, never a whole table (the budget: a user with thousands of leads and activities):
// EXPLAIN QUERY PLAN of the very statements GET /api/tasks/today sends, with their bound values. The due activities
// come from follow_up_activities_open_idx (open steps only, ADR 096), their contacts from follow_up_activity_contacts_activity_idx,
// their leads, properties and steps by key; the paused sequences from the paused CRM rows by index (ADR 096). A test never
// times anything.
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { properties } from "#db/schema.ts";
import { action as propertySequence } from "#app/routes/api.properties.$id.sequence.ts";
import { loader as todayApi } from "#app/routes/api.tasks.today.ts";
import { readToday } from "#app/services/today/today.server.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";
import { planOf, recordingD1, type Sent } from "./recording-d1.ts";

const NOW = new Date("2026-06-15T12:00:00Z");

/** Plan lines that read a whole table: not the due tasks' own capped row set (the CTE `due`, at most TODAY_LIMIT rows). */
const fullScans = (details: string[]) => details.filter((detail) => /^SCAN (?!CONSTANT ROW|due$)/.test(detail));

describe("Today's queries", () => {
  it("find the due activities, their contacts, leads, properties and steps by index", async () => {
    const sent: Sent[] = [];
    const client = new ApiClient(testContext({}, { DB: recordingD1(sent) }));
    client.context = { ...client.context, now: () => NOW };
    const { userId } = await registerClient("today-plans", {}, client);
    for (let i = 0; i < 3; i++) {
      const [lead] = await db
        .insert(properties)
        .values({ userId, address: `${100 + i} Plan St`, zipCode: "85004", ownerPhone: "(602) 555-0101" })
        .returning();
      const started = await client.call(propertySequence, "POST", "/", { action: "start" }, { params: { id: lead.id } });
      expect(started.status).toBe(201);
    }
    sent.length = 0;
    const answer = await client.call(todayApi, "GET", "/api/tasks/today");
    expect(answer.status).toBe(200);
    // The session lookup's one statement (the person, the company and the person's workspaces joined) and Today's three
    // (due tasks with their contacts, coming up, paused), one batch.
    const statements = [...sent];
    expect(statements).toHaveLength(4);
    const plans = await Promise.all(statements.map(planOf));
    const details = plans.map((plan) => plan.map((row) => row.detail));
    const explain = statements.map((statement, i) => `${statement.sql}\n  ${details[i].join("\n  ")}`).join("\n");
    for (const plan of details) expect(fullScans(plan), explain).toEqual([]);
    const all = details.flat();
    expect(
      all.some((detail) => detail.includes("USING INDEX follow_up_activities_open_idx")),
      explain,
    ).toBe(true);
    expect(
      all.some((detail) => detail.includes("USING INDEX follow_up_activity_contacts_activity_idx")),
      explain,
    ).toBe(true);
    // The paused sequences (ADR 096): the user's paused CRM rows, never a walk of every CRM lead (vendor = 'crm' alone).
    expect(
      all.some((detail) => /USING (COVERING )?INDEX leads_crm_user_sequence_idx \(user_id=\? AND sequence_status=\?\)/.test(detail)),
      explain,
    ).toBe(true);
    expect(
      all.filter((detail) => /\(vendor=\?\)$/.test(detail)),
      explain,
    ).toEqual([]);

    // The page's reads (ADR 096): its tasks ranked in SQL with their count, the paused, the contract deadlines and the
    // buyers' unanswered offers; coming up only when asked.
    sent.length = 0;
    const reads = await readToday({ db: createDb(recordingD1(sent)), now: () => NOW }, userId, {
      zone: "America/New_York",
      tasksShown: 2,
      upcomingLimit: 0,
    });
    expect(reads.rows).toHaveLength(2);
    expect(reads.total).toBe(3);
    expect(reads.upcoming).toEqual([]);
    expect(sent).toHaveLength(4);
    const withUpcoming = await readToday({ db: createDb(recordingD1(sent)), now: () => NOW }, userId, {
      zone: "America/New_York",
      tasksShown: 2,
    });
    expect(withUpcoming.upcoming).toHaveLength(12);
    expect(sent).toHaveLength(9);
    const pagePlans = await Promise.all(sent.map(planOf));
    const pageExplain = sent.map((statement, i) => `${statement.sql}\n  ${pagePlans[i].map((row) => row.detail).join("\n  ")}`).join("\n");
    for (const plan of pagePlans) expect(fullScans(plan.map((row) => row.detail)), pageExplain).toEqual([]);
  });
});

describe("a member's Today", () => {
  it("reads the tasks of the leads assigned to them by index, as everyone's", async () => {
    const sent: Sent[] = [];
    const client = new ApiClient(testContext({}, { DB: recordingD1(sent) }));
    client.context = { ...client.context, now: () => NOW };
    const { userId } = await registerClient("today-member-plans", {}, client);
    for (let i = 0; i < 2; i++) {
      const [lead] = await db
        .insert(properties)
        .values({ userId, assignedTo: userId, address: `${200 + i} Member St`, zipCode: "85004", ownerPhone: "(602) 555-0101" })
        .returning();
      const started = await client.call(propertySequence, "POST", "/", { action: "start" }, { params: { id: lead.id } });
      expect(started.status).toBe(201);
    }
    sent.length = 0;
    const reads = await readToday({ db: createDb(recordingD1(sent)), now: () => NOW }, userId, {
      zone: "America/New_York",
      tasksShown: 1,
      assignee: userId,
    });
    expect(reads.total).toBe(2);
    expect(sent).toHaveLength(5);
    const plans = await Promise.all(sent.map(planOf));
    const details = plans.map((plan) => plan.map((row) => row.detail));
    const explain = sent.map((statement, i) => `${statement.sql}\n  ${details[i].join("\n  ")}`).join("\n");
    for (const plan of details) expect(fullScans(plan), explain).toEqual([]);
    expect(
      details.flat().some((detail) => detail.includes("USING INDEX follow_up_activities_open_idx")),
      explain,
    ).toBe(true);
  });
});
