// Deal analysis through the DealAnalysis Durable Object (the spec POST /api/deals/analyze and
// GET /api/deals/analyze/{id}/stream): start and join (one run for two POSTs at once), the events in order, a late
// client catching up, the analysis fields written before `complete`, another user's property refused, 401, 400, and a
// failing OpenAI provider ending in `error` with nothing written. The real object, through the test entry.
import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { properties, usageEvents } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import type { DealAnalysis } from "#workers/deal-analysis.ts";
import { parseEvents, type DealAnalysisEvent } from "#app/domain/deals/analysis-events.ts";
import type { DealAnalysisResult } from "#app/domain/deals/analysis.ts";
import { createLocalAi } from "#app/providers/ai/local.ts";
import { createOpenAiProvider } from "#app/providers/ai/openai.server.ts";
import type { AiProvider } from "#app/providers/ai/types.ts";
import * as streamRoute from "#app/routes/api.deals.analyze.$id.stream.ts";
import * as analyzeRoute from "#app/routes/api.deals.analyze.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { action as crmAnalysis } from "#app/routes/crm.analysis.tsx";
import { createFakeOpenAi } from "#tests/fakes/openai.ts";
import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { ApiClient, registerClient, toastOf, type Handler } from "./api-client.ts";
import { db } from "./db.ts";
import { seedTestMarket, ZIPS } from "./market-fixture.ts";

const LEAD = {
  ...PHOENIX_HOME,
  yearBuilt: 1978,
  arv: "300000",
  ownerName: "Maria Lopez",
  status: "analyzed",
};

async function withProperty(prefix: string, fields: Record<string, unknown> = {}) {
  const user = await registerClient(prefix);
  const created = await user.client.call(createRoute as Handler, "POST", "/api/properties", { ...LEAD, ...fields });
  expect(created.status).toBe(201);
  return { ...user, propertyId: created.body.id as string };
}

const analyze = (client: ApiClient, body: unknown) => client.call(analyzeRoute.action as Handler, "POST", "/api/deals/analyze", body);

const stream = (client: ApiClient, id: string) =>
  client.send(streamRoute.loader as Handler, "GET", `/api/deals/analyze/${id}/stream`, { params: { id }, settle: false });

function objectOf(userId: string, propertyId: string) {
  return env.DEAL_ANALYSIS.get(env.DEAL_ANALYSIS.idFromName(`${userId}:${propertyId}`));
}

/** Puts `ai` into the object of (user, property) in place of the one its env would build. */
async function useAi(userId: string, propertyId: string, ai: AiProvider) {
  await runInDurableObject(objectOf(userId, propertyId), (instance: DealAnalysis) => {
    instance.ai = ai;
  });
}

/** Reads the stream to its end; `onEvent` runs as each event arrives (before the next chunk is read). */
async function readEvents(response: Response, onEvent: (event: DealAnalysisEvent) => Promise<void> | void = () => undefined) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: DealAnalysisEvent[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const end = buffer.lastIndexOf("\n\n");
    if (end === -1) continue;
    for (const event of parseEvents(buffer.slice(0, end + 2))) {
      events.push(event);
      await onEvent(event);
    }
    buffer = buffer.slice(end + 2);
  }
  return events;
}

async function analysisRow(propertyId: string) {
  return db
    .select({
      strategy: properties.strategy,
      isDeal: properties.isDeal,
      analysisArv: properties.analysisArv,
      rehabCost: properties.rehabCost,
      analysisMaxOfferPrice: properties.analysisMaxOfferPrice,
      analysisConfidence: properties.analysisConfidence,
      profitMarginPct: properties.profitMarginPct,
      riskLevel: properties.riskLevel,
      keyAssumptions: properties.keyAssumptions,
      compSummary: properties.compSummary,
      nextActions: properties.nextActions,
      analysisRunAt: properties.analysisRunAt,
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .get();
}

/** The local provider, counting its analyses. */
function countingAi() {
  const local = createLocalAi();
  const counter = { calls: 0 };
  const ai: AiProvider = {
    ...local,
    analyzeDeal: async (input) => {
      counter.calls += 1;
      return local.analyzeDeal(input);
    },
  };
  return { ai, counter };
}

describe("POST /api/deals/analyze and its stream", () => {
  it("starts one run for two POSTs at once, streams progress in order and writes the fields before complete", async () => {
    const { client, userId, propertyId } = await withProperty("analysis-run");
    const { ai, counter } = countingAi();
    await useAi(userId, propertyId, ai);

    const [first, second] = await Promise.all([analyze(client, { propertyId }), analyze(client, { propertyId })]);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      expect(answer.body.data).toMatchObject({ propertyId, status: "running" });
    }
    expect([first.body.data, second.body.data].map((data) => (data as { joined: boolean }).joined).sort()).toEqual([false, true]);
    expect([first.body.message, second.body.message].sort()).toEqual(["Analysis already running", "Analysis started"]);

    // A third POST while the run goes on joins it too.
    const third = await analyze(client, { propertyId });
    expect(third.body).toMatchObject({ success: true, data: { joined: true }, message: "Analysis already running" });

    let writtenAtComplete: Awaited<ReturnType<typeof analysisRow>> | undefined;
    const events = await readEvents(await stream(client, propertyId), async (event) => {
      if (event.event === "complete") writtenAtComplete = await analysisRow(propertyId);
    });
    const names = events.map((event) => event.event);
    expect(names.at(-1)).toBe("complete");
    expect(names.slice(0, -1).every((name) => name === "progress")).toBe(true);
    const progress = events.flatMap((event) => (event.event === "progress" ? [event.data.progress] : []));
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((p) => p >= 0 && p <= 100)).toBe(true);
    expect(counter.calls).toBe(1);

    const complete = events.at(-1) as Extract<DealAnalysisEvent, { event: "complete" }>;
    const result: DealAnalysisResult = complete.data.data;
    expect(complete.data.success).toBe(true);
    expect(result.address).toBe("4821 N 35th Ave, Phoenix, AZ 85019");
    expect(result.arv).toBe(300000);
    // Written before `complete` went out, every field as the result says.
    expect(writtenAtComplete).toMatchObject({
      strategy: result.strategy,
      isDeal: result.is_deal,
      analysisArv: result.arv,
      rehabCost: result.rehab_cost,
      analysisMaxOfferPrice: result.max_offer_price,
      analysisConfidence: result.confidence,
      profitMarginPct: result.profit_margin_pct,
      riskLevel: result.risk_level,
      keyAssumptions: result.key_assumptions,
      compSummary: result.comp_summary,
      nextActions: result.next_actions,
    });
    expect(writtenAtComplete?.analysisRunAt).toBeInstanceOf(Date);

    // A client that comes after the end gets the result at once; a new POST is a new run (Re-analyze Deal).
    const late = await readEvents(await stream(client, propertyId));
    expect(late.map((event) => event.event)).toEqual(["progress", "complete"]);
    expect(late[0].data).toEqual({ progress: 100, message: "Complete!" });
    expect((late[1] as typeof complete).data.data).toEqual(result);
    const again = await analyze(client, { propertyId });
    expect(again.body).toMatchObject({ success: true, data: { joined: false }, message: "Analysis started" });
    expect((await readEvents(await stream(client, propertyId))).at(-1)?.event).toBe("complete");
    expect(counter.calls).toBe(2);
  });

  it("gives a client that connects mid-run the latest progress first, then the rest", async () => {
    const { client, userId, propertyId } = await withProperty("analysis-late");
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const local = createLocalAi();
    await useAi(userId, propertyId, { ...local, analyzeDeal: async (input) => (await gate, local.analyzeDeal(input)) });

    expect((await analyze(client, { propertyId })).status).toBe(200);
    // Wait until the run is at the model's step, then connect two clients (a reconnect is the same as a late one).
    const object = objectOf(userId, propertyId);
    for (let i = 0; i < 100; i += 1) {
      const state = await object.status();
      if (state.status === "running" && state.progress === 70) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [a, b] = [readEvents(await stream(client, propertyId)), readEvents(await stream(client, propertyId))];
    release();
    for (const events of await Promise.all([a, b])) {
      expect(events[0]).toEqual({ event: "progress", data: { progress: 70, message: "Running AI deal analysis..." } });
      expect(events.slice(1)).toEqual([
        { event: "progress", data: { progress: 90, message: "Saving the analysis..." } },
        { event: "progress", data: { progress: 100, message: "Complete!" } },
        expect.objectContaining({ event: "complete" }),
      ]);
    }
  });

  it("ends in error with nothing written when the OpenAI provider fails", async () => {
    const { client, userId, propertyId } = await withProperty("analysis-fail");
    const fake = createFakeOpenAi("sk-test");
    fake.failWith(500, "The server had an error");
    await useAi(
      userId,
      propertyId,
      createOpenAiProvider({
        apiKey: "sk-test",
        baseUrl: "https://openai.fake.test/v1",
        model: "gpt-test",
        maxRetries: 0,
        fetch: fake.fetch,
      }),
    );

    expect((await analyze(client, { propertyId })).body).toMatchObject({ success: true, message: "Analysis started" });
    const events = await readEvents(await stream(client, propertyId));
    const last = events.at(-1);
    expect(last?.event).toBe("error");
    expect((last as Extract<DealAnalysisEvent, { event: "error" }>).data.message).toMatch(/^Analysis Failed: /);
    expect(fake.calls.length).toBeGreaterThanOrEqual(1);
    const row = await analysisRow(propertyId);
    expect(Object.values(row ?? {}).every((value) => value === null)).toBe(true);
    // A failed run charges nothing (its reserved AI call was given back).
    expect(await db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).toEqual([]);
    // A late client gets the same error.
    expect((await readEvents(await stream(client, propertyId))).map((event) => event.event)).toEqual(["error"]);
  });

  it("answers 404 for another user's property and an unknown one, and starts nothing", async () => {
    const owner = await withProperty("analysis-owner");
    const other = await registerClient("analysis-other");
    for (const id of [owner.propertyId, crypto.randomUUID()]) {
      const answer = await analyze(other.client, { propertyId: id });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, message: "Property not found" });
      const streamed = await stream(other.client, id);
      expect(streamed.status).toBe(404);
      expect(await streamed.json()).toEqual({ success: false, message: "Property not found" });
    }
    expect(await objectOf(owner.userId, owner.propertyId).status()).toEqual({ status: "idle" });
    expect(await objectOf(other.userId, owner.propertyId).status()).toEqual({ status: "idle" });
  });

  it("answers 401 with the spec's message when signed out, and 400 for a body without a property", async () => {
    const signedOut = new ApiClient();
    const answer = await analyze(signedOut, { propertyId: crypto.randomUUID() });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: "Authentication required. Please log in again." });
    const streamed = await stream(signedOut, crypto.randomUUID());
    expect(streamed.status).toBe(401);

    const { client } = await registerClient("analysis-bad-body");
    for (const body of [{}, { propertyId: "" }, { propertyId: 12 }, null]) {
      const bad = await analyze(client, body);
      expect(bad.status).toBe(400);
      expect(bad.body.success).toBe(false);
    }
  });

  it("answers 422 'Unable to start analysis' for a property it can neither value nor read an ARV from", async () => {
    const { client, userId, propertyId } = await withProperty("analysis-no-arv", { arv: null });
    const answer = await analyze(client, { propertyId });
    expect(answer.status).toBe(422);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toMatch(/^Unable to start analysis: /);
    expect(await objectOf(userId, propertyId).status()).toEqual({ status: "idle" });
  });
});

describe("the property card's Analyze Deal without JavaScript (/crm/analysis)", () => {
  it("starts the run, waits for it and redirects back to the card with 'Analysis Complete'; the fields are stored", async () => {
    const { client, propertyId } = await withProperty("analysis-form");
    const response = await client.send(crmAnalysis as Handler, "POST", "/crm/analysis", { urlencoded: { propertyId } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/?section=crm&lead=${propertyId}`);
    expect(toastOf(response)).toMatchObject({ title: "Analysis Complete", variant: "success" });
    const row = await analysisRow(propertyId);
    expect(row?.analysisArv).toBe(300000);
    expect(row?.nextActions?.length).toBeGreaterThan(0);
  });

  it("redirects with the spec's titles: 'Unable to start analysis' for another user's property, 'Analysis Failed' when the provider fails", async () => {
    const owner = await withProperty("analysis-form-owner");
    const other = await registerClient("analysis-form-other");
    const foreign = await other.client.send(crmAnalysis as Handler, "POST", "/crm/analysis", {
      urlencoded: { propertyId: owner.propertyId },
    });
    expect(foreign.headers.get("Location")).toBe("/?section=crm");
    expect(toastOf(foreign)).toMatchObject({ title: "Unable to start analysis", description: "Property not found", variant: "error" });
    expect(await objectOf(other.userId, owner.propertyId).status()).toEqual({ status: "idle" });

    const fake = createFakeOpenAi("sk-test");
    fake.failWith(503);
    await useAi(
      owner.userId,
      owner.propertyId,
      createOpenAiProvider({
        apiKey: "sk-test",
        baseUrl: "https://openai.fake.test/v1",
        model: "gpt-test",
        maxRetries: 0,
        fetch: fake.fetch,
      }),
    );
    const failed = await owner.client.send(crmAnalysis as Handler, "POST", "/crm/analysis", {
      urlencoded: { propertyId: owner.propertyId },
    });
    expect(failed.headers.get("Location")).toBe(`/?section=crm&lead=${owner.propertyId}`);
    expect(toastOf(failed)).toMatchObject({ title: "Analysis Failed", variant: "error" });
    expect((await analysisRow(owner.propertyId))?.analysisRunAt).toBeNull();
  });
});

describe("a property on the market's record", () => {
  it("is valued from the market's comparable sales when it has no ARV yet", async () => {
    const market = await seedTestMarket(db, 2_000);
    await seedZipPlaces(db, ZIPS);
    const home = market.properties.find((p) => p.zip === "85008" && p.propertyType === "single_family" && p.bedrooms === 3)!;
    const { client, propertyId } = await withProperty("analysis-market", {
      address: home.address,
      city: home.city,
      state: home.state,
      zipCode: home.zip,
      bedrooms: home.bedrooms,
      squareFeet: home.squareFeet,
      yearBuilt: home.yearBuilt,
      arv: null,
    });
    expect((await analyze(client, { propertyId })).status).toBe(200);
    const events = await readEvents(await stream(client, propertyId));
    const messages = events.flatMap((event) => (event.event === "progress" ? [event.data.message] : []));
    expect(messages.some((message) => /^Valued from \d+ comparable sales?$/.test(message))).toBe(true);
    const complete = events.at(-1) as Extract<DealAnalysisEvent, { event: "complete" }>;
    expect(complete.event).toBe("complete");
    expect(complete.data.data.arv).toBeGreaterThan(10_000);
    expect(complete.data.data.comp_summary).toMatch(/comparable sale/);
  });

  it("reads the stored ARV, repairs and fee: one max offer, the stored one; its rehab is its own opinion", async () => {
    const { client, propertyId } = await withProperty("analysis-stored", {
      arv: "300000",
      repairEstimate: "20000",
      assignmentFee: "5000",
      squareFeet: 1500,
      yearBuilt: 2010,
    });
    expect((await analyze(client, { propertyId })).status).toBe(200);
    const events = await readEvents(await stream(client, propertyId));
    const complete = events.at(-1) as Extract<DealAnalysisEvent, { event: "complete" }>;
    expect(complete.event).toBe("complete");
    // $300,000 × 70 % − $20,000 − $5,000: the stored max offer, not one of the analyst's own rehab.
    expect(complete.data.data).toMatchObject({ arv: 300_000, max_offer_price: 185_000 });
    expect(complete.data.data.key_assumptions.join(" ")).toContain("Stored max offer of $185,000");
    const stored = await db.select().from(properties).where(eq(properties.id, propertyId)).get();
    expect(stored).toMatchObject({ arv: 300_000, ruleMaxOffer: 185_000, analysisArv: 300_000, analysisMaxOfferPrice: 185_000 });
  });
});
