// The "New" badge (ADR 085): leads a saved search's daily run delivered show "New" in the lead queue until the user
// works them (saves them to the CRM); leads of an ordinary search do not.
import { createRequestHandler } from "@remix-run/cloudflare";
import { beforeAll, describe, expect, it } from "vitest";

import { NEW_FROM_SAVED_SEARCH } from "#app/components/workbench/lead-card.tsx";
import type { SavedSearchRow } from "#app/domain/leads/saved-searches.ts";
import type { LeadQueueItem } from "#app/domain/leads/search.ts";
import * as root from "#app/root.tsx";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import * as workbench from "#app/routes/leads.workbench.tsx";
import { action as savedAction, loader as savedLoader } from "#app/routes/saved-searches.tsx";
import { runDueSavedSearches } from "#app/services/leads/saved-search-run.server.ts";

import { registerClient, type ApiClient, type Handler } from "./api-client.ts";
import { seedMarket } from "./lead-search-setup.ts";
import { routeBuild } from "./remix-build.ts";

const remix = createRequestHandler(
  routeBuild({
    root: { path: "", module: root },
    "routes/leads.workbench": { path: "leads/workbench", module: workbench },
  }),
);

async function page(client: ApiClient, path: string) {
  const response = await remix(client.request("GET", path), client.requestContext());
  expect(response.status, path).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
}

type Page = Awaited<ReturnType<typeof workbench.loader>>;

beforeAll(async () => {
  await seedMarket();
});

async function dailyRunDelivered(prefix: string) {
  const signedIn = await registerClient(prefix);
  const { client } = signedIn;
  const post = (fields: Record<string, string>) => client.send(savedAction as Handler, "POST", "/saved-searches", { form: fields });
  expect(
    (await post({ intent: "save", name: "Daily Phoenix", wizard: "seller", cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" }))
      .status,
  ).toBe(302);
  const { searches } = await client.load<{ searches: SavedSearchRow[] }>(savedLoader as Handler, "/saved-searches");
  expect((await post({ intent: "daily", id: searches[0]!.id, daily: "on" })).status).toBe(302);
  const summary = await runDueSavedSearches(client.context);
  expect(summary.delivered).toBeGreaterThanOrEqual(5);
  return signedIn;
}

describe("the New badge", () => {
  it("marks a daily run's leads in the lead queue until the user works them", async () => {
    const { client } = await dailyRunDelivered("badge-new");
    const data = await client.load<Page>(workbench.loader as Handler, "/leads/workbench");
    expect(data.fromSavedSearch).toBe(true);
    expect(data.saved).toEqual({});
    const first = await page(client, "/leads/workbench?lead=0");
    expect(first).toContain(">New</span> " + NEW_FROM_SAVED_SEARCH);

    // Save for Later works the first lead: it is in the CRM, and no longer New; the second still is.
    const lead: LeadQueueItem = data.leads[0]!;
    const saved = await client.send(workbench.action as Handler, "POST", "/leads/workbench", {
      urlencoded: { intent: "save", leadId: lead.id, vendor: lead.raw.vendor, index: "0" },
    });
    expect(saved.status).toBe(302);
    expect(await page(client, "/leads/workbench?lead=0")).not.toContain(NEW_FROM_SAVED_SEARCH);
    expect(await page(client, "/leads/workbench?lead=1")).toContain(NEW_FROM_SAVED_SEARCH);
  });

  it("is not shown on the leads of a search the user ran themselves", async () => {
    const { client } = await registerClient("badge-own");
    const answer = await client.call(propertiesBatch as Handler, "POST", "/api/properties/batch", {
      count: 5,
      criteria: { location: "Phoenix, AZ", sellerType: "inherited" },
    });
    expect(answer.status).toBe(200);
    const data = await client.load<Page>(workbench.loader as Handler, "/leads/workbench");
    expect(data.fromSavedSearch).toBe(false);
    expect(await page(client, "/leads/workbench?lead=0")).not.toContain(NEW_FROM_SAVED_SEARCH);
  });
});
