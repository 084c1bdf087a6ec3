// A reload during a deal analysis rejoins it: the CRM page's loader reads the DealAnalysis object's
// state for the open lead, so while the run goes on the card gets its progress (not "No analysis yet"), and once it has
// ended the card gets none and shows the stored result. Another user's lead of the same id shows nothing of the run.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import type { DealAnalysis } from "#workers/deal-analysis.ts";
import { createLocalAi } from "#app/providers/ai/local.ts";
import * as index from "#app/routes/_index.tsx";
import * as analyzeRoute from "#app/routes/api.deals.analyze.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { registerClient, type ApiClient, type Handler } from "./api-client.ts";

const LEAD = {
  ...PHOENIX_HOME,
  yearBuilt: 1978,
  arv: "300000",
  ownerName: "Maria Lopez",
  status: "analyzed",
};

type Card = {
  property: { id: string; strategy: string | null };
  analysisRunning: { progress: number; message: string; startedAt: number } | null;
};

async function card(client: ApiClient, propertyId: string): Promise<Card | null> {
  const page = await client.load<{ payload: { data: { selected: Card | null } } }>(
    index.loader as Handler,
    `/?section=crm&lead=${propertyId}`,
  );
  return page.payload.data.selected;
}

function objectOf(userId: string, propertyId: string) {
  return env.DEAL_ANALYSIS.get(env.DEAL_ANALYSIS.idFromName(`${userId}:${propertyId}`));
}

describe("the CRM card's loader during a deal analysis", () => {
  it("gives the running analysis's progress while it runs, and none once the result is stored", async () => {
    const { client, userId } = await registerClient("rejoin");
    const created = await client.call(createRoute as Handler, "POST", "/api/properties", LEAD);
    const propertyId = String(created.body.id);

    expect((await card(client, propertyId))?.analysisRunning).toBeNull();

    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const local = createLocalAi();
    const object = objectOf(userId, propertyId);
    await runInDurableObject(object, (instance: DealAnalysis) => {
      instance.ai = { ...local, analyzeDeal: async (input) => (await gate, local.analyzeDeal(input)) };
    });
    expect((await client.call(analyzeRoute.action as Handler, "POST", "/api/deals/analyze", { propertyId })).status).toBe(200);
    for (let i = 0; i < 100; i += 1) {
      const state = await object.status();
      if (state.status === "running" && state.progress === 70) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // The reload mid-run: the card names the run's progress as the object holds it.
    const running = await card(client, propertyId);
    expect(running?.property.id).toBe(propertyId);
    expect(running?.analysisRunning).toEqual({ progress: 70, message: "Running AI deal analysis...", startedAt: expect.any(Number) });

    // Another user opening a lead of that id sees no card, and nothing of the run.
    const stranger = await registerClient("rejoin-stranger");
    expect(await card(stranger.client, propertyId)).toBeNull();

    release();
    for (let i = 0; i < 100; i += 1) {
      if ((await object.status()).status !== "running") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const done = await card(client, propertyId);
    expect(done?.analysisRunning).toBeNull();
    expect(done?.property.strategy).not.toBeNull();
  });
});
