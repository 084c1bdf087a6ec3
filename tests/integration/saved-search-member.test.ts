// A saved search's daily run is the member's who saved it: their ledger rows, their Profile → Usage counts, their own
// limits (a run past them stops with their note and charges nothing more), and the workspace's founder once that member
// has been removed from the workspace.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { savedSearches } from "#db/schema.ts";
import { loader as profileLoader } from "#app/routes/profile.tsx";
import { action as savedAction, loader as savedLoader } from "#app/routes/saved-searches.tsx";
import * as team from "#app/routes/team.tsx";
import { runDueSavedSearches } from "#app/services/leads/saved-search-run.server.ts";

import type { ApiClient, Handler } from "./api-client.ts";
import { deliveredTo, seedMarket } from "./lead-search-setup.ts";
import { db, ledgerOf, member, workspace } from "./member-caps-setup.ts";

const PHOENIX = { wizard: "seller", cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" };
const DAY_MS = 24 * 60 * 60 * 1000;

const post = (client: ApiClient, fields: Record<string, string>) =>
  client.send(savedAction as Handler, "POST", "/saved-searches", { form: fields });

/** The member saves a daily seller search in Phoenix; its id. */
async function savedDaily(client: ApiClient, name: string) {
  expect((await post(client, { intent: "save", name, ...PHOENIX })).status).toBe(302);
  const { searches } = await client.load<{ searches: { id: string; name: string }[] }>(savedLoader as Handler, "/saved-searches");
  const id = searches.find((search) => search.name === name)!.id;
  expect((await post(client, { intent: "daily", id, daily: "on" })).status).toBe(302);
  return id;
}

const searchRow = (id: string) => db.select().from(savedSearches).where(eq(savedSearches.id, id)).get();

type Loaded = { members: { memberId: string; counts: Record<string, number> }[] | null };

beforeAll(async () => {
  await seedMarket();
});

describe("a member's saved search", () => {
  it("records who saved it; its daily run is charged to them, counted in Profile → Usage, and its leads delivered", async () => {
    const { context, owner } = await workspace();
    const acquisitions = await member(owner.client, context);
    const id = await savedDaily(acquisitions.client, "Phoenix inherited");
    expect((await searchRow(id))?.createdBy).toBe(acquisitions.userId);

    const summary = await runDueSavedSearches(context);
    expect(summary).toMatchObject({ ran: 1, delivered: 5 });
    expect(await deliveredTo(owner.userId)).toHaveLength(5);
    const ledger = await ledgerOf(owner.userId);
    expect(ledger.map((row) => row.kind).sort()).toEqual(["lead", "skip_trace"]);
    expect(ledger.every((row) => row.actorId === acquisitions.userId)).toBe(true);

    const loaded = (await owner.client.load(profileLoader as Handler, "/profile?tab=usage")) as Loaded;
    const byId = new Map(loaded.members?.map((row) => [row.memberId, row]));
    expect(byId.get(acquisitions.userId)?.counts.lead).toBe(5);
    expect(byId.get(owner.userId)?.counts.lead ?? 0).toBe(0);
  });

  it("stops at the member's own lead limit with its note, charging nothing more, while the founder's search still runs", async () => {
    const { context, owner } = await workspace();
    const limited = await member(owner.client, context);
    const limits = { intent: "limits", userId: limited.userId, "lead.perMonth": "7" };
    expect((await owner.client.send(team.action, "POST", "/team", { form: limits })).status).toBe(302);
    const id = await savedDaily(limited.client, "Limited");
    const day1 = new Date("2026-12-02T06:00:00Z");
    context.now = () => day1;
    await runDueSavedSearches(context);
    expect(await deliveredTo(owner.userId)).toHaveLength(5);
    const charged = await ledgerOf(owner.userId);

    context.now = () => new Date(day1.getTime() + DAY_MS);
    await runDueSavedSearches(context);
    expect(await deliveredTo(owner.userId)).toHaveLength(5);
    expect(await ledgerOf(owner.userId)).toEqual(charged);
    expect((await searchRow(id))?.lastRunNote).toMatch(
      /^You have reached your member limit of 7 leads a month, set by the workspace's owner\./,
    );

    // The limit is the member's own: a search the founder saved runs on the same day.
    context.now = () => new Date();
    await savedDaily(owner.client, "Founder's");
    context.now = () => new Date(day1.getTime() + 2 * DAY_MS);
    await runDueSavedSearches(context);
    const founders = (await ledgerOf(owner.userId)).filter((row) => row.actorId === owner.userId);
    expect(founders.map((row) => row.kind).sort()).toEqual(["lead", "skip_trace"]);
  });

  it("is charged to the founder once the member who saved it has been removed", async () => {
    const { context, owner } = await workspace();
    const leaving = await member(owner.client, context);
    const id = await savedDaily(leaving.client, "Left behind");
    const removed = await owner.client.send(team.action, "POST", "/team", { form: { intent: "remove", userId: leaving.userId } });
    expect(removed.status).toBe(302);

    expect(await runDueSavedSearches(context)).toMatchObject({ ran: 1, delivered: 5 });
    const ledger = await ledgerOf(owner.userId);
    expect(ledger).toHaveLength(2);
    expect(ledger.every((row) => row.actorId === owner.userId)).toBe(true);
    expect((await searchRow(id))?.createdBy).toBe(leaving.userId);
  });
});
