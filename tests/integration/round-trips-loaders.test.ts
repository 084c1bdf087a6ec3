// Round-trip budgets (round-trips-setup.ts): the D1 counter itself, each signed-in loader as Remix calls it, and
// each /api list.
import { describe, expect, it } from "vitest";

import { conversations } from "#db/schema.ts";
import { SECTION_IDS } from "#app/domain/shell/sections.ts";
import * as root from "#app/root.tsx";
import * as index from "#app/routes/_index.tsx";
import { loader as authMe } from "#app/routes/api.auth.me.ts";
import { loader as authUser } from "#app/routes/api.auth.user.ts";
import { loader as buyerLeadsApi } from "#app/routes/api.buyer-leads.ts";
import { loader as contactsApi } from "#app/routes/api.contacts.ts";
import { loader as messagesApi } from "#app/routes/api.conversations.$id.messages.ts";
import { loader as conversationsApi } from "#app/routes/api.conversations.ts";
import { loader as dealAnalysisStream } from "#app/routes/api.deals.analyze.$id.stream.ts";
import { loader as dealsApi } from "#app/routes/api.deals.ts";
import { loader as documentsApi } from "#app/routes/api.documents.ts";
import { loader as propertiesApi } from "#app/routes/api.properties.ts";
import * as buyerBreeze from "#app/routes/buyer-breeze.tsx";
import { loader as addLeadPage } from "#app/routes/crm.leads.tsx";
import { loader as generatePage } from "#app/routes/documents.generate.tsx";
import { loader as newMessagePage } from "#app/routes/messages.send.tsx";
import { loader as newDealPage } from "#app/routes/pipeline.deals.tsx";
import * as profile from "#app/routes/profile.tsx";
import { listConversations, listMessages, matchesSearch } from "#app/services/messages/conversations.server.ts";

import type { Handler } from "./api-client.ts";
import { accountWithData, BUDGET, costOf, counter, db, expectWithinBudget } from "./round-trips-setup.ts";

describe("the D1 counter", () => {
  it("counts parallel calls and a batch as one wave and each awaited call as one more", async () => {
    const d1 = counter.db;
    const parallel = await costOf(() =>
      Promise.all([d1.prepare("SELECT 1").all(), d1.prepare("SELECT 2").first(), d1.prepare("SELECT 3").raw()]),
    );
    expect([parallel.roundTrips, parallel.sequential]).toEqual([3, 1]);

    const sequential = await costOf(async () => {
      await d1.prepare("SELECT 1").all();
      await d1.prepare("SELECT ?").bind(2).run();
      await d1.batch([d1.prepare("SELECT 3"), d1.prepare("SELECT 4")]);
    });
    expect([sequential.roundTrips, sequential.sequential]).toEqual([3, 3]);

    // A query that waited for another is one deeper even while a third, slower one is still in flight.
    const chained = await costOf(() =>
      Promise.all([
        d1.prepare("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) SELECT count(*) FROM n").first(),
        d1
          .prepare("SELECT 1")
          .first()
          .then(() => d1.prepare("SELECT 2").first()),
      ]),
    );
    expect([chained.roundTrips, chained.sequential]).toEqual([3, 2]);
  });
});

describe("each signed-in loader, called as Remix calls it, costs at most 2 sequential round trips", () => {
  it.each(SECTION_IDS)("the shell with the %s section", async (section) => {
    const { client } = await accountWithData();
    const cost = await costOf(() =>
      client.load<{ signedIn: boolean; payload: { id: string } }>(index.loader as Handler, `/?section=${section}`),
    );
    expect(cost.value.signedIn).toBe(true);
    expect(cost.value.payload.id).toBe(section);
    expectWithinBudget(cost, section);
  });

  it("the shell's sections with a record open, a filter or a search", async () => {
    const { client, conversationId, leadId } = await accountWithData();
    for (const path of [
      `/?section=crm&lead=${leadId}`,
      // The property card with its comps shown (Show/Hide Comps): read in the same batch.
      `/?section=crm&lead=${leadId}&comps=1`,
      "/?section=crm&status=qualified&q=phoenix",
      // A page smaller than the list: the total is counted too.
      "/?section=crm&limit=2",
      `/?section=messages&c=${conversationId}`,
      "/?section=messages&q=a",
      "/?section=documents&generate=1",
      "/?section=dashboard&period=this-year",
      "/?section=pipeline&period=this-month",
      // The agent chat: a conversation, another agent, a wizard step, and a count asked for without JavaScript.
      `/?section=chat&c=${conversationId}`,
      "/?section=chat&agent=negotiation",
      "/?section=chat&c=new&wizard=buyer&step=2&cityOrZip=85004",
      "/?section=chat&wizard=seller&at=3&intent=count&cityOrZip=Phoenix&state=AZ&sellerType=inherited",
      // The Target Market Finder (Terry): the latest Terry conversation, and a new chat.
      "/?section=chat&terry=1",
      "/?section=chat&terry=1&c=new",
    ]) {
      expectWithinBudget(await costOf(() => client.load(index.loader as Handler, path)), path);
    }
  });

  it("the messages section opens the thread that `c` or the search picks with the list, not after it", async () => {
    const { client, userId } = await accountWithData();
    const threads = await listConversations({ db }, userId);
    expect(threads.length).toBeGreaterThan(2);
    type Messages = { payload: { data: { selected: { id: string } | null; messages: { content: string }[] } } };
    const open = async (query: string) => {
      const cost = await costOf(() => client.load<Messages>(index.loader as Handler, `/?section=messages&${query}`));
      return { ...cost, ...cost.value.payload.data };
    };
    const contentsOf = async (id: string) => ((await listMessages({ db }, userId, id)) ?? []).map((m) => m.content);
    for (const thread of threads) {
      // Each thread by id, by its contact's last name in another case, and by its property's address.
      const surname = thread.contactName!.split(" ").at(-1)!.toUpperCase();
      for (const query of [`c=${thread.id}`, `q=${encodeURIComponent(surname)}`, `q=${encodeURIComponent(thread.propertyAddress ?? "")}`]) {
        const opened = await open(query);
        expect(opened.selected?.id, query).toBe(thread.id);
        expect(opened.messages.map((m) => m.content)).toEqual(await contentsOf(thread.id));
        expect(opened.sequential, `${query}\n${opened.log}`).toBeLessThanOrEqual(BUDGET);
      }
    }
    // Words of a preview (the cut one ends in "..."): the most recent thread whose list entry matches, as the list shows.
    for (const thread of threads) {
      const words = thread.lastMessage.slice(-12);
      const expected = threads.find((t) => matchesSearch(t, words.toLowerCase()))!;
      const opened = await open(`q=${encodeURIComponent(words)}`);
      expect(opened.selected?.id, words).toBe(expected.id);
      expect(opened.sequential, `${words}\n${opened.log}`).toBeLessThanOrEqual(BUDGET);
    }
    // Not the user's conversation: the newest one opens instead.
    const fallback = await open(`c=${crypto.randomUUID()}`);
    expect(fallback.selected?.id).toBe(threads[0].id);
    expect(fallback.messages.map((m) => m.content)).toEqual(await contentsOf(threads[0].id));
    expect(fallback.sequential).toBeLessThanOrEqual(BUDGET);
    // Text SQLite's LIKE does not fold (non-ASCII case): still the right thread, read once more.
    const [ørsted] = await db
      .insert(conversations)
      .values({ userId, title: "Ørsted Estate", createdAt: new Date(0), updatedAt: new Date(0) })
      .returning();
    const folded = await open("q=%C3%B8rsted");
    expect(folded.selected?.id).toBe(ørsted.id);
    expect(folded.messages).toEqual([]);
  });

  it("the root loader", async () => {
    const { client } = await accountWithData();
    const cost = await costOf(() => client.load<{ user: { id: string } | null }>(root.loader as Handler, "/"));
    expect(cost.value.user).not.toBeNull();
    expect(cost.sessionLookups).toBe(1);
    expect(cost.sequential, cost.log).toBe(1);
  });

  it("the other pages: /buyer-breeze, /profile, Add Lead, New Deal, Generate Contract, New Message", async () => {
    const { client } = await accountWithData();
    const pages: [Handler, string][] = [
      [buyerBreeze.loader as Handler, "/buyer-breeze"],
      [profile.loader as Handler, "/profile"],
      [addLeadPage as Handler, "/crm/leads"],
      [newDealPage as Handler, "/pipeline/deals"],
      [generatePage as Handler, "/documents/generate"],
      [newMessagePage as Handler, "/messages/send"],
    ];
    for (const [loader, path] of pages) {
      const cost = await costOf(() => client.load(loader, path));
      expect(cost.sessionLookups, path).toBe(1);
      expect(cost.sequential, `${path}\n${cost.log}`).toBeLessThanOrEqual(BUDGET);
    }
  });
});

describe("each /api list costs at most 2 sequential round trips", () => {
  it("GET properties, deals, documents, conversations, messages, buyer leads, contacts and the current user", async () => {
    const { client, conversationId } = await accountWithData();
    const lists: [Handler, string, Record<string, string>?][] = [
      [propertiesApi as Handler, "/api/properties"],
      [propertiesApi as Handler, "/api/properties?limit=2&status=new&q=a"],
      [dealsApi as Handler, "/api/deals"],
      [documentsApi as Handler, "/api/documents"],
      [conversationsApi as Handler, "/api/conversations"],
      [messagesApi as Handler, `/api/conversations/${conversationId}/messages`, { id: conversationId }],
      [buyerLeadsApi as Handler, "/api/buyer-leads"],
      [contactsApi as Handler, "/api/contacts"],
      [authMe as Handler, "/api/auth/me"],
      [authUser as Handler, "/api/auth/user"],
    ];
    for (const [loader, path, params] of lists) {
      const cost = await costOf(() => client.call(loader, "GET", path, undefined, { params }));
      expect(cost.value.status, path).toBe(200);
      expectWithinBudget(cost, path);
    }
    // A list with something in it, so the reads above really ran over data.
    const properties = await client.call(propertiesApi as Handler, "GET", "/api/properties");
    expect((properties.body as unknown as unknown[]).length).toBeGreaterThan(0);
  });

  it("GET /api/deals/analyze/{id}/stream: the session, then whether the property is the user's", async () => {
    const { client, leadId } = await accountWithData();
    const path = `/api/deals/analyze/${leadId}/stream`;
    // Not settled: the stream holds a place until its body ends, and gives it back then (waitUntil).
    const cost = await costOf(() => client.send(dealAnalysisStream as Handler, "GET", path, { params: { id: leadId }, settle: false }));
    expect(cost.value.status, path).toBe(200);
    expect(cost.value.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    await cost.value.text();
    expectWithinBudget(cost, path);
  });

  it("a conversation that is not the user's answers 404 within the same budget", async () => {
    const { conversationId } = await accountWithData();
    const { client: other } = await accountWithData();
    const cost = await costOf(() =>
      other.call(messagesApi as Handler, "GET", `/api/conversations/${conversationId}/messages`, undefined, {
        params: { id: conversationId },
      }),
    );
    expect(cost.value.status).toBe(404);
    expect(cost.sequential, cost.log).toBeLessThanOrEqual(BUDGET);
  });
});
