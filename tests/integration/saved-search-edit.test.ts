// Editing a saved search: its name and answers change by the wizard's rules and the save's limits (400s name the
// field, nothing written), only the owner's search (another user's id → 404, on the form and the post), and a
// search's chosen number of leads is what its run pulls and what the ledger charges.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { leadRequests, savedSearches, usageEvents } from "#db/schema.ts";
import { LEAD_COUNT_INVALID, SELLER_TYPE_REQUIRED } from "#app/domain/chat/wizard.ts";
import { NAME_TAKEN, NAME_TOO_LONG, SAVED_SEARCH_NAME_MAX, type SavedSearchRow } from "#app/domain/leads/saved-searches.ts";
import { action, loader } from "#app/routes/saved-searches.tsx";

import { registerClient, toastOf, type ApiClient, type Handler } from "./api-client.ts";
import { db, deliveredTo, seedMarket } from "./lead-search-setup.ts";

const PHOENIX = { wizard: "seller", cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" };
const EDITED = { cityOrZip: "85033", state: "AZ", sellerType: "preforeclosure", minBedrooms: "3", price: "4", leadCount: "10" };

const post = (client: ApiClient, fields: Record<string, string>) =>
  client.send(action as Handler, "POST", "/saved-searches", { form: fields });
const list = async (client: ApiClient) =>
  (await client.load<{ searches: SavedSearchRow[] }>(loader as Handler, "/saved-searches")).searches;
const edit = (client: ApiClient, id: string, name: string, answers: Record<string, string> = EDITED) =>
  post(client, { intent: "edit", id, name, ...answers });

async function saved(client: ApiClient, name: string) {
  expect((await post(client, { intent: "save", name, ...PHOENIX })).status).toBe(302);
  return (await list(client)).find((row) => row.name === name)!;
}

beforeAll(async () => {
  await seedMarket();
});

describe("editing a saved search", () => {
  it("opens the form for the owner's search and saves a new name and answers, which the list then shows", async () => {
    const { client } = await registerClient("edit-round-trip");
    const search = await saved(client, "Phoenix inherited");
    const form = await client.load<{ editing: string }>(loader as Handler, `/saved-searches?edit=${search.id}`);
    expect(form.editing).toBe(search.id);
    const answer = await edit(client, search.id, "  Maryvale preforeclosures ");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/saved-searches");
    expect(toastOf(answer)?.title).toBe("Search updated");
    const [row] = await list(client);
    expect(row).toMatchObject({ id: search.id, name: "Maryvale preforeclosures", kind: "seller" });
    expect(row!.answers).toMatchObject(EDITED);
  });

  it("answers 400 with each field's message for a bad name or bad answers, and writes nothing", async () => {
    const { client } = await registerClient("edit-refused");
    const search = await saved(client, "Mine");
    await saved(client, "Other");
    const refusals: [Response, string, string][] = [
      [await edit(client, search.id, "  "), "name", "Name the search"],
      [await edit(client, search.id, "x".repeat(SAVED_SEARCH_NAME_MAX + 1)), "name", NAME_TOO_LONG],
      [await edit(client, search.id, "Other"), "name", NAME_TAKEN],
      [await edit(client, search.id, "Mine", { ...EDITED, sellerType: "bargain" }), "sellerType", SELLER_TYPE_REQUIRED],
      [await edit(client, search.id, "Mine", { ...EDITED, leadCount: "7" }), "leadCount", LEAD_COUNT_INVALID],
      [await edit(client, search.id, "Mine", { ...EDITED, leadCount: "500" }), "leadCount", LEAD_COUNT_INVALID],
    ];
    for (const [answer, field, message] of refusals) {
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { edit: { id: string; errors: Record<string, string[]> } };
      expect(body.edit.id).toBe(search.id);
      expect(body.edit.errors[field]).toEqual([message]);
    }
    const refusedLocation = await edit(client, search.id, "Mine", { ...EDITED, cityOrZip: "" });
    expect(refusedLocation.status).toBe(400);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row).toMatchObject({ name: "Mine", criteriaJson: expect.objectContaining({ sellerType: "inherited" }) });
  });

  it("answers 404 for another user's search on the form and the post, and changes nothing", async () => {
    const owner = await registerClient("edit-owner");
    const intruder = await registerClient("edit-intruder");
    const search = await saved(owner.client, "Owner's");
    expect((await edit(intruder.client, search.id, "Taken over")).status).toBe(404);
    await expect(intruder.client.load(loader as Handler, `/saved-searches?edit=${search.id}`)).rejects.toMatchObject({ status: 404 });
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.name).toBe("Owner's");
  });
});

describe("a saved search's number of leads", () => {
  it("Run now pulls the search's chosen count, and the ledger charges that many leads and skip traces", async () => {
    const { client, userId } = await registerClient("edit-count");
    const search = await saved(client, "Ten at a time");
    expect((await edit(client, search.id, "Ten at a time", { ...PHOENIX, leadCount: "10" })).status).toBe(302);
    expect((await post(client, { intent: "run", id: search.id })).status).toBe(302);
    expect(await deliveredTo(userId)).toHaveLength(10);
    const [request] = await db.select().from(leadRequests).where(eq(leadRequests.savedSearchId, search.id));
    expect(request).toMatchObject({ requestedCount: 10, respondedCount: 10 });
    const charges = await db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), inArray(usageEvents.providerRequestId, [request!.id])));
    expect(charges.map((event) => [event.kind, event.quantity]).sort()).toEqual([
      ["lead", 10],
      ["skip_trace", 10],
    ]);
  });

  it("pulls the largest count, 50, in one run", async () => {
    const { client, userId } = await registerClient("edit-count-50");
    const search = await saved(client, "Fifty");
    expect((await edit(client, search.id, "Fifty", { ...PHOENIX, sellerType: "high_equity", leadCount: "50" })).status).toBe(302);
    expect((await post(client, { intent: "run", id: search.id })).status).toBe(302);
    expect(await deliveredTo(userId)).toHaveLength(50);
  });
});
