// The Lead Workbench on the server: the page's loader and its render without JavaScript, and its
// action — Save for Later, Let's Work It, Confirm Add to CRM, Next Lead and Pass — over a small seeded market, with
// the queue made by POST /api/properties/batch as the wizard makes it.
import { createRequestHandler } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { and, count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { contacts, leadDeliveries, leads, properties } from "#db/schema.ts";
import type { LeadQueueItem } from "#app/domain/leads/search.ts";
import * as root from "#app/root.tsx";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import * as workbench from "#app/routes/leads.workbench.tsx";

import { ApiClient, registerClient, toastOf, type Handler } from "./api-client.ts";
import { seedTestMarket } from "./market-fixture.ts";
import { routeBuild } from "./remix-build.ts";

const db = createDb(env.DB);
const loader = workbench.loader as Handler;
const action = workbench.action as Handler;
type Page = Awaited<ReturnType<typeof workbench.loader>>;

beforeAll(async () => {
  await seedTestMarket(db, 2_000);
});

/** A signed-up user whose seller search ran (the wizard's call): the 5 leads it answered, in order. */
async function searched(prefix: string, criteria: Record<string, unknown> = { location: "Phoenix, AZ", sellerType: "high_equity" }) {
  const signedIn = await registerClient(prefix);
  const answer = await signedIn.client.call(propertiesBatch as Handler, "POST", "/api/properties/batch", { count: 5, criteria });
  expect(answer.status).toBe(200);
  const queue = answer.body.properties as LeadQueueItem[];
  expect(queue).toHaveLength(5);
  return { ...signedIn, queue, requestId: String(answer.body.requestId) };
}

const post = (client: ApiClient, fields: Record<string, string>, query = "") =>
  client.send(action, "POST", `/leads/workbench${query}`, { urlencoded: fields });
const saveForm = (lead: LeadQueueItem, intent: "save" | "work" | "add", index: number) => ({
  intent,
  leadId: lead.id,
  vendor: lead.raw.vendor,
  index: String(index),
});

async function crmOf(userId: string) {
  return db.select().from(properties).where(eq(properties.userId, userId));
}

/** The whole page (root and route) through Remix's handler, as a browser without JavaScript gets it. */
const remix = createRequestHandler(
  routeBuild({
    root: { path: "", module: root },
    "routes/leads.workbench": { path: "leads/workbench", module: workbench },
  }),
);
async function html(client: ApiClient, path: string) {
  const response = await remix(client.request("GET", path), client.requestContext());
  expect(response.status, path).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
}

describe("signed out", () => {
  it("the page and its action redirect to the sign-in page and write nothing", async () => {
    const anonymous = new ApiClient();
    const page = await anonymous.send(loader, "GET", "/leads/workbench?lead=2");
    expect(page.headers.get("Location")).toBe(`/login?${new URLSearchParams({ next: "/leads/workbench?lead=2" })}`);
    const before = await db.select({ n: count() }).from(properties);
    const posted = await post(anonymous, { intent: "save", leadId: "local-1", vendor: "local", index: "0" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toMatch(/^\/login\?/);
    expect(await db.select({ n: count() }).from(properties)).toEqual(before);
  });
});

describe("the page", () => {
  it("sends a user without a seller search to / with the toast", async () => {
    const { client } = await registerClient("wb-none");
    const answer = await client.send(loader, "GET", "/leads/workbench");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/");
    expect(toastOf(answer)).toMatchObject({ title: "No Leads Found", description: "Please run the wizard to find leads first." });
  });

  it("shows the latest search's 5 leads in order, none saved, with the keyless map", async () => {
    const { client, queue, requestId } = await searched("wb-queue");
    const page = await client.load<Page>(loader, "/leads/workbench");
    expect(page.requestId).toBe(requestId);
    expect(page.location).toBe("Phoenix, AZ");
    expect(page.leads).toEqual(queue);
    expect(page.saved).toEqual({});
    expect(page.streetViews).toEqual(Object.fromEntries(queue.map((lead) => [lead.id, null])));
    expect(page.preloads).toEqual([]);
  });

  it("renders the lead `?lead=` names, clamped to the queue, with the header, the card and the bar", async () => {
    const { client, queue } = await searched("wb-render");
    const first = await html(client, "/leads/workbench");
    expect(first).toContain("Reviewing 5 seller leads");
    expect(first).toContain("Lead 1 of 5");
    expect(first).toContain(queue[0].addressLine);
    // Back to Wizard: the Seller Lead Wizard with the queue's search filled in (ADR 052).
    expect(first).toContain(
      'href="/?section=chat&amp;agent=lead-finder&amp;wizard=seller&amp;cityOrZip=Phoenix&amp;state=AZ&amp;sellerType=high_equity"',
    );
    for (const button of ["Save for Later", "Let&#x27;s Work It", "Pass"]) expect(first).toContain(`>${button}</button>`);
    expect(first).not.toContain(">Next Lead</button>");

    const third = await html(client, "/leads/workbench?lead=2");
    expect(third).toContain("Lead 3 of 5");
    expect(third).toContain(queue[2].addressLine);
    for (const [path, shown] of [
      ["/leads/workbench?lead=99", 4],
      ["/leads/workbench?lead=-1", 0],
      ["/leads/workbench?lead=x", 0],
      ["/leads/workbench?lead=1.5", 0],
    ] as const) {
      const page = await html(client, path);
      expect(page, path).toContain(`Lead ${shown + 1} of 5`);
      expect(page, path).toContain(queue[shown].addressLine);
    }
  });

  it("shows 'No Leads Available' when the search's leads are no longer stored", async () => {
    const { client, userId, queue } = await searched("wb-gone", { location: "Detroit, MI", sellerType: "high_equity" });
    const rows = await db
      .select({ id: leads.id })
      .from(leads)
      .where(
        inArray(
          leads.vendorLeadId,
          queue.map((lead) => lead.id),
        ),
      );
    // Other users' deliveries of the same leads go with them; this test's user is the only one searching Detroit.
    await db.delete(leads).where(
      inArray(
        leads.id,
        rows.map((row) => row.id),
      ),
    );
    expect(await db.select().from(leadDeliveries).where(eq(leadDeliveries.userId, userId))).toEqual([]);
    const page = await client.load<Page>(loader, "/leads/workbench");
    expect(page.leads).toEqual([]);
    const text = await html(client, "/leads/workbench");
    expect(text).toContain("No Leads Available");
    expect(text).toContain("Reviewing 0 seller leads");
  });
});

describe("Save for Later, Let's Work It and Confirm Add to CRM", () => {
  it("Save for Later writes the lead with status new; a second save answers Already in CRM", async () => {
    const { client, userId, queue } = await searched("wb-save");
    const lead = queue[0];
    const saved = await post(client, saveForm(lead, "save", 0));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/leads/workbench?lead=0");
    expect(toastOf(saved)).toMatchObject({ title: "Saved for Later", description: `${lead.addressLine} was added to your CRM.` });

    const [property, ...more] = await crmOf(userId);
    expect(more).toEqual([]);
    expect(property).toMatchObject({
      address: lead.addressLine,
      city: lead.city,
      state: lead.state,
      zipCode: lead.zip,
      status: "new",
      currentAgent: null,
      arv: lead.estimatedValue,
      // The lead's max offer is only an estimate before any valuation: no offer is stored.
      maxOffer: null,
      bedrooms: lead.bedrooms,
      ownerName: lead.ownerName,
      leadType: lead.flags[0] ?? null,
      sourcePropertyId: lead.id,
      latitude: lead.lat,
      longitude: lead.lon,
    });
    if (lead.ownerName) {
      const [contact] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.userId, userId), eq(contacts.propertyId, property.id)));
      expect(contact).toMatchObject({ name: lead.ownerName });
    }

    // The page knows it is saved: the bar offers Next Lead instead.
    const page = await client.load<Page>(loader, "/leads/workbench");
    expect(page.saved).toEqual({
      [lead.id]: {
        propertyId: property.id,
        status: "new",
        arv: property.arv,
        analysisArv: null,
        maxOffer: property.maxOffer,
        offerPdfFilename: null,
        // The 70 % rule's max offer of the saved estimate, apart from the offer (ADR 092); no repairs or fee typed yet.
        repairEstimate: null,
        assignmentFee: null,
        ruleMaxOffer: property.ruleMaxOffer,
        // The provider's estimate is the ARV, with no range and no model part (the engine's valuation adds them).
        arvLow: null,
        arvHigh: null,
        confidenceScore: property.confidenceScore,
        modelValue: null,
        modelShare: null,
      },
    });
    const text = await html(client, "/leads/workbench?lead=0");
    expect(text).toContain(">Next Lead</button>");
    expect(text).not.toContain(">Save for Later</button>");

    const again = await post(client, saveForm(lead, "save", 0));
    expect(again.status).toBe(302);
    expect(toastOf(again)).toMatchObject({ title: "Already in CRM" });
    expect(await crmOf(userId)).toHaveLength(1);
  });

  it("Let's Work It writes the lead analyzed for the Deal Analyzer and opens the details without Confirm Add to CRM; a stale post of it answers Already in CRM", async () => {
    const { client, userId, queue } = await searched("wb-work");
    const lead = queue[1];
    const worked = await post(client, saveForm(lead, "work", 1));
    expect(worked.status).toBe(302);
    // Let's Work It values the lead too: the details open on the filled Property Value panel.
    expect(worked.headers.get("Location")).toMatch(/^\/leads\/workbench\?lead=1&details=1&value=\d+.*#property-value$/);
    expect(toastOf(worked)).toMatchObject({ variant: "success" });
    expect(await crmOf(userId)).toEqual([
      expect.objectContaining({ address: lead.addressLine, status: "analyzed", currentAgent: "deal_analyzer" }),
    ]);

    const page = await client.load<Page>(loader, "/leads/workbench?lead=1&details=1");
    expect(page.saved[lead.id]).toMatchObject({ status: "analyzed" });
    // The details, and the offer steps the saved lead now shows.
    expect(page.preloads.map((preload) => preload.source)).toEqual([
      "app/components/workbench/workbench-lead-details.tsx",
      "app/components/workbench/offer-steps.tsx",
    ]);
    const text = await html(client, "/leads/workbench?lead=1&details=1");
    expect(text).toContain("Max Offer (70% Rule)");
    // The lead is in the CRM: no Confirm Add to CRM, its status and the way there instead.
    expect(text).not.toContain("Confirm Add to CRM");
    expect(text).toContain("Open in CRM");
    expect(text).toContain("Analyzed");
    expect(text).toContain("Contact Information");

    // A page from before the save still posts it: the answer says it is there, and nothing is written twice.
    const added = await post(client, saveForm(lead, "add", 1));
    expect(toastOf(added)).toMatchObject({ title: "Already in CRM" });
    expect(added.headers.get("Location")).toBe("/leads/workbench?lead=1");
    expect(await crmOf(userId)).toHaveLength(1);
  });

  it("Confirm Add to CRM writes a lead that is not saved yet with status new", async () => {
    const { client, userId, queue } = await searched("wb-add");
    const added = await post(client, saveForm(queue[4], "add", 4));
    expect(toastOf(added)).toMatchObject({ title: "Added to CRM" });
    expect(await crmOf(userId)).toEqual([expect.objectContaining({ address: queue[4].addressLine, status: "new", currentAgent: null })]);
  });

  it("refuses a lead of another user's queue, or unknown, and writes nothing", async () => {
    const mine = await searched("wb-mine", { location: "Tempe, AZ", sellerType: "high_equity" });
    const theirs = await searched("wb-theirs", { location: "Cleveland, OH", sellerType: "high_equity" });

    for (const fields of [
      saveForm(theirs.queue[0], "save", 0),
      saveForm(theirs.queue[1], "work", 1),
      { intent: "save", leadId: "local-999999999", vendor: "local", index: "0" },
      { intent: "add", leadId: theirs.queue[0].id, vendor: "batchdata", index: "0" },
    ]) {
      const answer = await post(mine.client, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(404);
      expect(await answer.json()).toMatchObject({ title: "Error", message: expect.stringContaining("not in your lead queue") });
    }
    expect(await crmOf(mine.userId)).toEqual([]);
    expect(await crmOf(theirs.userId)).toEqual([]);
  });

  it("opens an earlier search's queue with `?request=` (a seller card's Let's Work It), saves its leads and stays on it", async () => {
    const mine = await searched("wb-earlier", { location: "Tempe, AZ", sellerType: "high_equity" });
    const theirs = await searched("wb-earlier-theirs", { location: "Cleveland, OH", sellerType: "high_equity" });
    const newer = await mine.client.call(propertiesBatch as Handler, "POST", "/api/properties/batch", {
      count: 5,
      criteria: { location: "Phoenix, AZ", sellerType: "high_equity" },
    });
    expect(newer.status).toBe(200);

    // Without `?request=` the page is the latest search; with it, the earlier one, in its order.
    expect((await mine.client.load<Page>(loader, "/leads/workbench")).requestId).toBe(String(newer.body.requestId));
    const earlier = await mine.client.load<Page>(loader, `/leads/workbench?lead=2&request=${mine.requestId}`);
    expect(earlier).toMatchObject({ requestId: mine.requestId, pinned: mine.requestId, location: "Tempe, AZ", leads: mine.queue });
    expect(await html(mine.client, `/leads/workbench?lead=2&request=${mine.requestId}`)).toContain(mine.queue[2].addressLine);

    // Its forms post back to it, and the answer returns to it.
    const worked = await post(mine.client, saveForm(mine.queue[2], "work", 2), `?request=${mine.requestId}`);
    expect(worked.headers.get("Location")).toMatch(new RegExp(`^/leads/workbench\\?lead=2&details=1&request=${mine.requestId}&value=`));
    expect(await crmOf(mine.userId)).toEqual([expect.objectContaining({ address: mine.queue[2].addressLine, status: "analyzed" })]);
    const reloaded = await mine.client.load<Page>(loader, `/leads/workbench?request=${mine.requestId}`);
    expect(Object.keys(reloaded.saved)).toEqual([mine.queue[2].id]);
    const next = await post(mine.client, { intent: "next", index: "2" }, `?request=${mine.requestId}`);
    expect(next.headers.get("Location")).toBe(`/leads/workbench?lead=3&request=${mine.requestId}`);

    // Another user's search, or an id that is no search, opens the latest queue instead; nothing of theirs shows.
    for (const request of [theirs.requestId, "no-such-search"]) {
      const answer = await mine.client.send(loader, "GET", `/leads/workbench?request=${request}`);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/leads/workbench");
    }
  });

  it("answers a form without a lead or a known button with 400 and writes nothing", async () => {
    const { client, userId } = await searched("wb-bad");
    const forms: Record<string, string>[] = [
      {},
      { intent: "delete", leadId: "local-1", vendor: "local" },
      { intent: "save", vendor: "local" },
      { intent: "next" },
    ];
    for (const fields of forms) {
      const answer = await post(client, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await crmOf(userId)).toEqual([]);
  });
});

describe("Next Lead and Pass without JavaScript", () => {
  it("move on with the toast, and on the last lead say All Leads Reviewed", async () => {
    const { client } = await searched("wb-move");
    const next = await post(client, { intent: "next", index: "0" });
    expect(next.headers.get("Location")).toBe("/leads/workbench?lead=1");
    expect(toastOf(next)).toMatchObject({ title: "Showing lead 2 of 5" });

    const pass = await post(client, { intent: "pass", index: "2" });
    expect(pass.headers.get("Location")).toBe("/leads/workbench?lead=3");
    expect(toastOf(pass)).toMatchObject({ title: "Lead Passed", description: "Showing lead 4 of 5" });

    for (const intent of ["next", "pass"]) {
      const last = await post(client, { intent, index: "4" });
      expect(last.headers.get("Location")).toBe("/leads/workbench?lead=4");
      expect(toastOf(last)).toMatchObject({ title: "All Leads Reviewed", description: "You've reached the end of your lead queue." });
    }
    // A position past the end (a stale page) stays on the last lead.
    expect((await post(client, { intent: "next", index: "40" })).headers.get("Location")).toBe("/leads/workbench?lead=4");
  });

  it("send a user without a search to / with the toast", async () => {
    const { client } = await registerClient("wb-move-none");
    const answer = await post(client, { intent: "next", index: "0" });
    expect(answer.headers.get("Location")).toBe("/");
    expect(toastOf(answer)).toMatchObject({ title: "No Leads Found" });
  });
});
