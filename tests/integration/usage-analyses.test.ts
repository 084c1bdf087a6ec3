// Deal analyses under the usage caps: at most CONCURRENT_ANALYSES runs and CONCURRENT_ANALYSIS_STREAMS open
// streams per user, each place given back when its run or stream ends; every finished run is one AI call in the
// ledger, written with its result, with the tokens the model reported (counted toward the spend cap), and a failed
// run charges nothing.
import { env, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { usageCounters, usageEvents, usageLeases } from "#db/schema.ts";
import type { DealAnalysis } from "#workers/deal-analysis.ts";
import { CONCURRENT_ANALYSES, CONCURRENT_ANALYSIS_STREAMS } from "#app/domain/usage/kinds.ts";
import { createLocalAi } from "#app/providers/ai/local.ts";
import * as streamRoute from "#app/routes/api.deals.analyze.$id.stream.ts";
import * as analyzeRoute from "#app/routes/api.deals.analyze.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { loader as usageRoute } from "#app/routes/api.usage.ts";
import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

const LEAD = {
  ...PHOENIX_HOME,
  yearBuilt: 1978,
  arv: "300000",
};

const analyze = (client: ApiClient, propertyId: string) =>
  client.call(analyzeRoute.action as Handler, "POST", "/api/deals/analyze", { propertyId });
const stream = (client: ApiClient, id: string) =>
  client.send(streamRoute.loader as Handler, "GET", `/api/deals/analyze/${id}/stream`, { params: { id }, settle: false });

async function properties(client: ApiClient, n: number, first = 100) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const created = await client.call(createRoute as Handler, "POST", "/api/properties", { ...LEAD, address: `${first + i} W Elm St` });
    expect(created.status).toBe(201);
    ids.push(created.body.id as string);
  }
  return ids;
}

/** Reads a stream to its end (the run's last event). */
async function drain(response: Response) {
  expect(response.status).toBe(200);
  await response.text();
}

const leasesOf = (userId: string, kind: "analysis" | "stream") =>
  db
    .select()
    .from(usageLeases)
    .where(and(eq(usageLeases.userId, userId), eq(usageLeases.kind, kind)));

describe("concurrent deal analyses", () => {
  it(`runs at most ${CONCURRENT_ANALYSES} analyses at once, charges each finished run once, and frees the place when it ends`, async () => {
    const { client, userId } = await registerClient("usage-analyses");
    const ids = await properties(client, CONCURRENT_ANALYSES + 1);
    const answers = await Promise.all(ids.map((id) => analyze(client, id)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CONCURRENT_ANALYSES);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    expect(refused.body.message).toMatch(/deal analyses running/);

    const started = ids.filter((_, i) => answers[i]!.status === 200);
    await Promise.all(started.map(async (id) => drain(await stream(client, id))));
    await expect.poll(async () => (await leasesOf(userId, "analysis")).length).toBe(0);
    const charges = await db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
    expect(charges.map((charge) => [charge.kind, charge.quantity])).toEqual(Array(CONCURRENT_ANALYSES).fill(["ai_call", 1]));

    const waited = ids[answers.findIndex((answer) => answer.status === 429)]!;
    expect((await analyze(client, waited)).status).toBe(200);
    await drain(await stream(client, waited));
  });

  it(`follows at most ${CONCURRENT_ANALYSIS_STREAMS} analysis streams at once and frees a place when a stream ends`, async () => {
    const { client, userId } = await registerClient("usage-streams");
    const [id] = await properties(client, 1);
    expect((await analyze(client, id!)).status).toBe(200);
    const open = await Promise.all(Array.from({ length: CONCURRENT_ANALYSIS_STREAMS + 1 }, () => stream(client, id!)));
    expect(open.map((response) => response.status).sort()).toEqual([...Array(CONCURRENT_ANALYSIS_STREAMS).fill(200), 429]);
    await Promise.all(open.filter((response) => response.status === 200).map(drain));
    await expect.poll(async () => (await leasesOf(userId, "stream")).length).toBe(0);
    // The run is over: a stream now answers its result and ends, holding no place.
    await drain(await stream(client, id!));
  });
});

describe("a deal analysis's tokens", () => {
  const PROMPT_TOKENS = 1_200;
  const COMPLETION_TOKENS = 300;
  const TOKENS = PROMPT_TOKENS + COMPLETION_TOKENS;
  /** A real AI provider's prices: 0.01 ¢ a token, so the run's 1,500 tokens cost 15 ¢, past a 10 ¢ monthly cap. */
  const openAiClient = () =>
    new ApiClient(
      testContext({ AI: "openai", OPENAI_API_KEY: "sk-test", USAGE_UNIT_COSTS: '{"ai_tokens":0.01}', MONTHLY_SPEND_CAP_CENTS: "10" }),
    );

  it("are written to the ledger with the result and counted toward the spend cap: the next AI call is refused 402", async () => {
    const { client, userId } = await registerClient("usage-tokens", {}, openAiClient());
    const [id] = await properties(client, 1);
    // The object's model reports the tokens the API's `usage` would (the local analysis, billed as OpenAI's).
    const local = createLocalAi();
    await runInDurableObject(env.DEAL_ANALYSIS.get(env.DEAL_ANALYSIS.idFromName(`${userId}:${id!}`)), (instance: DealAnalysis) => {
      instance.ai = {
        ...local,
        name: "openai",
        analyzeDeal: async (input) => ({
          ...(await local.analyzeDeal(input)),
          usage: { promptTokens: PROMPT_TOKENS, completionTokens: COMPLETION_TOKENS, requests: 1 },
        }),
      };
    });
    expect((await analyze(client, id!)).status).toBe(200);
    await drain(await stream(client, id!));

    const charges = await db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
    expect(charges.map((charge) => [charge.kind, charge.quantity, charge.costMicrocents, charge.provider]).sort()).toEqual([
      ["ai_call", 1, 0, "openai"],
      ["ai_tokens", TOKENS, 15_000_000, "openai"],
    ]);
    const spend = await db
      .select({ amount: usageCounters.amount })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.meter, "spend")))
      .get();
    expect(spend?.amount).toBe(15_000_000);
    const usage = await client.call(usageRoute as Handler, "GET", "/api/usage");
    expect((usage.body.items as { kind: string }[]).find((item) => item.kind === "ai_tokens")).toEqual({
      kind: "ai_tokens",
      count: TOKENS,
      costCents: 15,
    });

    // 15 ¢ spent of a 10 ¢ cap: the next analysis is refused before it starts, and charges nothing.
    const [next] = await properties(client, 1, 200);
    const refused = await analyze(client, next!);
    expect(refused.status).toBe(402);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    expect(await db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).toHaveLength(2);
  });
});
