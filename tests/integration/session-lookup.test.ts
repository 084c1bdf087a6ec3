// The session lookup as one D1 batch that a page's own reads can join until it is sent (session.server.ts
// `lookupSession`, joined through `readBesideSession`): the joined reads are scoped by the session's user in SQL (`sessionOwner`), answer in the same round trip, never fail
// the lookup, and read through the same indexes as queries scoped by a user id.
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { properties, sessions } from "#db/schema.ts";
import { seedDemoCrm } from "#db/seed/demo/crm.ts";
import {
  hashToken,
  lookupSession,
  readBesideSession,
  SESSION_COOKIE,
  sessionOwner,
  type SessionReads,
} from "#app/services/accounts/session.server.ts";
import { readCrmPage } from "#app/services/leads/properties.server.ts";

import { registerClient } from "./api-client.ts";
import { D1Counter } from "./d1-counter.ts";
import { db } from "./db.ts";
import { planOf, recordingD1, type Sent } from "./recording-d1.ts";
import { teamOf } from "./team-fixture.ts";

const counter = new D1Counter(env.DB);
const counted = createDb(counter.db);

/** A registered user with the demo CRM's twelve leads, and the token of the session registering signed them in. */
async function userWithLeads() {
  const { client, userId } = await registerClient("lookup");
  await seedDemoCrm(db, userId);
  const token = client.cookies.get(SESSION_COOKIE)!;
  expect(token).toMatch(/^[a-z2-7]{32}$/);
  return { userId, token };
}

const leadsOf = (userRef: string | ReturnType<typeof sessionOwner>) =>
  counted.select({ id: properties.id, userId: properties.userId }).from(properties).where(eq(properties.userId, userRef));

/** A page's read of the session user's leads, in the batch it is given. */
const readLeads = async ({ userId, batch }: SessionReads) => (await batch([leadsOf(userId)]))[0];

describe("a page's reads joined to the session lookup", () => {
  it("answer in the session's own round trip, with the session user's rows only", async () => {
    const mine = await userWithLeads();
    await userWithLeads();
    counter.reset();
    const lookup = lookupSession({ db: counted, now: () => new Date() }, mine.token);
    const reading = readBesideSession(lookup, readLeads);
    lookup.send();
    const read = await reading;
    const [session, leads] = [read?.session, read?.value ?? []];
    expect(session?.user.id).toBe(mine.userId);
    expect(session?.user.company?.companyName).toBe("Quinn Home Buyers LLC");
    // The password hash stays in the database: only sign-in and re-authentication read it.
    expect(session?.user.email).toMatch(/@/);
    expect(session?.user).not.toHaveProperty("passwordHash");
    expect(leads).toHaveLength(12);
    expect(new Set(leads.map((lead) => lead.userId))).toEqual(new Set([mine.userId]));
    expect(counter.roundTrips, counter.describe()).toBe(1);
  });

  it("wait for the explicit send, however long the request takes: no microtask or timer sends the batch", async () => {
    const mine = await userWithLeads();
    counter.reset();
    const lookup = lookupSession({ db: counted, now: () => new Date() }, mine.token);
    const early = readBesideSession(lookup, readLeads);
    // Other I/O answers (an R2 read) and the batch still waits: what joins before the send is sent with it.
    await env.FILES.head("session-lookup/nothing");
    expect(counter.roundTrips, counter.describe()).toBe(0);
    const late = readBesideSession(lookup, readLeads);
    lookup.send();
    lookup.send();
    expect((await early)?.value).toHaveLength(12);
    expect((await late)?.value).toHaveLength(12);
    expect(counter.roundTrips, counter.describe()).toBe(1);
  });

  it("run as a batch of their own once the lookup has been sent", async () => {
    const mine = await userWithLeads();
    counter.reset();
    const lookup = lookupSession({ db: counted, now: () => new Date() }, mine.token);
    lookup.send();
    expect((await lookup.session)?.user.id).toBe(mine.userId);
    const read = await readBesideSession(lookup, readLeads);
    expect(read?.value).toHaveLength(12);
    expect(counter.roundTrips, counter.describe()).toBe(2);
    expect(counter.sequential).toBe(2);
  });

  it("find the workspace's members in the session's own statement when asked before the send; on their own after", async () => {
    const team = await teamOf("lookup-members");
    const token = team.owner.client.cookies.get(SESSION_COOKIE)!;
    const joined = [team.owner, team.acquisitions, team.dispo, team.caller].map((person) => person.userId);
    counter.reset();
    const lookup = lookupSession({ db: counted, now: () => new Date() }, token);
    const read = readBesideSession(lookup, ({ members }) => members());
    lookup.send();
    const early = await read;
    expect(early?.value.map((member) => member.userId)).toEqual(joined);
    expect(early?.value[0].name).toMatch(/\S/);
    expect(early?.session.memberships.map((membership) => membership.role)).toEqual(["owner"]);
    expect(counter.calls).toHaveLength(1);
    expect(counter.calls[0].sql).toMatch(/^batch of 1: /);
    const late = await readBesideSession(lookup, ({ members }) => members());
    expect(late?.value.map((member) => member.userId)).toEqual(joined);
    expect(counter.roundTrips, counter.describe()).toBe(2);
  });

  it("that fail reject their own promise only: the session and the other joiners still answer", async () => {
    const mine = await userWithLeads();
    const lookup = lookupSession({ db: counted, now: () => new Date() }, mine.token);
    const broken = readBesideSession(lookup, ({ batch }) => batch([counted.run(sql`select * from no_such_table`)]));
    const fine = readBesideSession(lookup, readLeads);
    lookup.send();
    await expect(broken).rejects.toThrow(/no_such_table/);
    expect((await fine)?.value).toHaveLength(12);
    expect((await lookup.session)?.user.id).toBe(mine.userId);
  });

  it("read nothing for a token with no session, and an expired session reads as none and is deleted", async () => {
    const mine = await userWithLeads();
    const unknown = lookupSession({ db: counted, now: () => new Date() }, "a".repeat(32));
    // Scoped by the session's user in SQL, the batch itself finds nothing; readBesideSession answers null.
    const reading = Promise.all([unknown.session, readLeads(unknown.reads)]);
    unknown.send();
    const [session, leads] = await reading;
    expect(session).toBeNull();
    expect(leads).toEqual([]);
    const other = lookupSession({ db: counted, now: () => new Date() }, "b".repeat(32));
    const nothing = readBesideSession(other, readLeads);
    other.send();
    expect(await nothing).toBeNull();

    const sid = hashToken(mine.token);
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid));
    const expired = lookupSession({ db: counted, now: () => new Date() }, mine.token);
    expired.send();
    expect(await expired.session).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.sid, sid))).toEqual([]);
  });
});

describe("the CRM page's batch scoped by the session's user", () => {
  it("reads the user's leads through the same indexes as a user id would, and never scans a table", async () => {
    const mine = await userWithLeads();
    const [lead] = await db.select({ id: properties.id }).from(properties).where(eq(properties.userId, mine.userId)).limit(1);
    const plans = async (userRef: string | ReturnType<typeof sessionOwner>) => {
      const sent: Sent[] = [];
      const recorded = createDb(recordingD1(sent));
      const page = await readCrmPage({ db: recorded }, userRef, {
        filter: { status: "new", q: "phoenix" },
        limit: 5,
        leadId: lead.id,
        withComps: true,
      });
      return { page, plans: await Promise.all(sent.map(async (statement) => (await planOf(statement)).map((row) => row.detail))) };
    };
    const bySession = await plans(sessionOwner(hashToken(mine.token)));
    const byId = await plans(mine.userId);
    expect(bySession.page).toEqual(byId.page);
    expect(bySession.page.leads.map((row) => row.address)).toEqual(["4127 N 38th St"]);
    expect(bySession.page.selected?.property.id).toBe(lead.id);
    const details = bySession.plans.flat();
    expect(
      details.filter((detail) =>
        /^SCAN (properties|contacts|comps|comp_choices|property_valuations|sessions|lead_notes|follow_up_steps|follow_up_activities)\b/.test(
          detail,
        ),
      ),
    ).toEqual([]);
    // The session's user is found by the sessions table's primary key, once per statement (the card's pinned and excluded comps,
    // valuation history, the user's deal rule, the lead's running sequence and its notes included: ADRs 091, 092 and 096).
    expect(details.filter((detail) => /SEARCH sessions USING INDEX sqlite_autoindex_sessions_1 \(sid=\?\)/.test(detail))).toHaveLength(11);
    // Each statement searches its table by the same index as the statement scoped by a user id.
    const tables = (plan: string[]) => plan.filter((detail) => /^SEARCH (properties|contacts|comps)\b/.test(detail));
    expect(bySession.plans.map(tables)).toEqual(byId.plans.map(tables));
  });
});
