// Deal-analysis faults: a run whose model never answers ends in `error` at its deadline — nothing
// written, nothing charged, its place given back — and a model that answers after the deadline still writes nothing;
// a run left "running" with no live alarm (an object evicted mid-run) ends for the next reader, so a client that
// reconnects gets a clear error, never a hang.
import { env, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { properties, usageCounters, usageEvents, usageLeases } from "#db/schema.ts";
import type { DealAnalysis } from "#workers/deal-analysis.ts";
import { parseEvents } from "#app/domain/deals/analysis-events.ts";
import type { DealAnalysisState } from "#app/domain/deals/analysis-job.ts";
import { createLocalAi } from "#app/providers/ai/local.ts";
import * as streamRoute from "#app/routes/api.deals.analyze.$id.stream.ts";
import * as analyzeRoute from "#app/routes/api.deals.analyze.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { registerClient, type ApiClient, type Handler } from "#tests/integration/api-client.ts";
import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { db } from "../db.ts";

/** Long enough for the paced steps before the model's (about 1 s), short enough for a test. */
const SHORT_DEADLINE_MS = 2_500;
const LEAD = {
  ...PHOENIX_HOME,
  address: "77 W Fault Ln",
  yearBuilt: 1978,
  arv: "300000",
};

const objectOf = (userId: string, propertyId: string) => env.DEAL_ANALYSIS.get(env.DEAL_ANALYSIS.idFromName(`${userId}:${propertyId}`));
const analyze = (client: ApiClient, propertyId: string) =>
  client.call(analyzeRoute.action as Handler, "POST", "/api/deals/analyze", { propertyId });
async function events(client: ApiClient, id: string) {
  const response = await client.send(streamRoute.loader as Handler, "GET", `/api/deals/analyze/${id}/stream`, {
    params: { id },
    settle: false,
  });
  expect(response.status).toBe(200);
  return parseEvents(await response.text());
}

async function withProperty(prefix: string) {
  const user = await registerClient(prefix);
  const created = await user.client.call(createRoute as Handler, "POST", "/api/properties", LEAD);
  expect(created.status).toBe(201);
  return { ...user, propertyId: created.body.id as string };
}

const analysisOf = (propertyId: string) =>
  db.select({ strategy: properties.strategy, runAt: properties.analysisRunAt }).from(properties).where(eq(properties.id, propertyId)).get();
const chargesOf = (userId: string) => db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
const aiCallsCounted = async (userId: string) =>
  (
    await db
      .select({ amount: usageCounters.amount })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.meter, "ai_call"), eq(usageCounters.span, "day")))
      .get()
  )?.amount ?? 0;

describe("a deal analysis whose model never answers", () => {
  it("ends in error at its deadline with nothing written or charged, and a late answer writes nothing", async () => {
    const { client, userId, propertyId } = await withProperty("fault-deadline");
    let answer = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    let answered = () => {};
    const lateAnswer = new Promise<void>((resolve) => (answered = resolve));
    const local = createLocalAi();
    await runInDurableObject(objectOf(userId, propertyId), (instance: DealAnalysis) => {
      instance.deadlineMs = SHORT_DEADLINE_MS;
      instance.ai = {
        ...local,
        analyzeDeal: async (input) => {
          await gate;
          const late = await local.analyzeDeal(input);
          answered();
          return late;
        },
      };
    });
    expect((await analyze(client, propertyId)).status).toBe(200);
    expect(await aiCallsCounted(userId)).toBe(1);

    // The stream ends (no hang) with the deadline's error; a client that reconnects gets the same.
    const first = await events(client, propertyId);
    expect(first.at(-1)).toEqual({ event: "error", data: { message: "Analysis Failed: the analysis took too long." } });
    expect(await events(client, propertyId)).toEqual([first.at(-1)]);
    expect(await analysisOf(propertyId)).toEqual({ strategy: null, runAt: null });
    expect(await chargesOf(userId)).toEqual([]);
    expect(await aiCallsCounted(userId)).toBe(0);
    await expect.poll(async () => (await db.select().from(usageLeases).where(eq(usageLeases.userId, userId))).length).toBe(0);

    // The model answers after all: the run was given up, so its result is not written and not charged.
    answer();
    await lateAnswer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await analysisOf(propertyId)).toEqual({ strategy: null, runAt: null });
    expect(await chargesOf(userId)).toEqual([]);
    expect((await objectOf(userId, propertyId).status()).status).toBe("error");
  });
});

describe("a run left running without its alarm (evicted mid-run)", () => {
  it("ends in a clear error for the next reader instead of streaming progress forever", async () => {
    const { client, userId, propertyId } = await withProperty("fault-evicted");
    const startedAt = Date.now() - 10 * 60_000;
    const stuck: DealAnalysisState = {
      status: "running",
      runId: crypto.randomUUID(),
      startedAt,
      progress: 70,
      message: "Running AI deal analysis...",
    };
    await runInDurableObject(objectOf(userId, propertyId), async (instance: DealAnalysis, state) => {
      await state.storage.put("state", stuck);
      await state.storage.deleteAlarm();
      // The instance as the runtime rebuilds it after an eviction: the stored state, no run of its own.
      Reflect.set(instance, "state", stuck);
    });
    const reconnect = await events(client, propertyId);
    expect(reconnect).toEqual([{ event: "error", data: { message: "Analysis Failed: the analysis took too long." } }]);
    expect((await objectOf(userId, propertyId).status()).status).toBe("error");
    // A new run can start and finishes normally.
    expect((await analyze(client, propertyId)).status).toBe(200);
    expect((await events(client, propertyId)).at(-1)?.event).toBe("complete");
  });
});
