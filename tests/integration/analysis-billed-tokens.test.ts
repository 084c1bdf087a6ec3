// A deal analysis whose model answer cannot be used — it fails the schema, the provider's own check refuses it, or it
// arrives after the run's deadline — still records the tokens the vendor billed for it, in the ledger and the counters.
import { env, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { usageCounters, usageEvents } from "#db/schema.ts";
import type { DealAnalysis } from "#workers/deal-analysis.ts";
import { BilledAiError } from "#app/providers/ai/billed.ts";
import { createLocalAi } from "#app/providers/ai/local.ts";
import type { AiProvider } from "#app/providers/ai/types.ts";
import * as streamRoute from "#app/routes/api.deals.analyze.$id.stream.ts";
import * as analyzeRoute from "#app/routes/api.deals.analyze.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

const USAGE = { promptTokens: 900, completionTokens: 250, requests: 1 };
const TOKENS = USAGE.promptTokens + USAGE.completionTokens;
const LEAD = {
  ...PHOENIX_HOME,
  yearBuilt: 1978,
  arv: "300000",
};

const openAiClient = () => new ApiClient(testContext({ AI: "openai", OPENAI_API_KEY: "sk-test", USAGE_UNIT_COSTS: '{"ai_tokens":0.01}' }));

async function analysisOf(prefix: string, analyzeDeal: AiProvider["analyzeDeal"], deadlineMs?: number) {
  const { client, userId } = await registerClient(prefix, {}, openAiClient());
  const created = await client.call(createRoute as Handler, "POST", "/api/properties", { ...LEAD, address: "12 W Elm St" });
  const id = created.body.id as string;
  const stub = env.DEAL_ANALYSIS.get(env.DEAL_ANALYSIS.idFromName(`${userId}:${id}`));
  await runInDurableObject(stub, (instance: DealAnalysis) => {
    instance.ai = { ...createLocalAi(), name: "openai", analyzeDeal };
    if (deadlineMs !== undefined) instance.deadlineMs = deadlineMs;
  });
  expect((await client.call(analyzeRoute.action as Handler, "POST", "/api/deals/analyze", { propertyId: id })).status).toBe(200);
  const streamed = await client.send(streamRoute.loader as Handler, "GET", `/api/deals/analyze/${id}/stream`, {
    params: { id },
    settle: false,
  });
  const events = await streamed.text();
  return { userId, events };
}

async function tokensOf(userId: string) {
  const events = await db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "ai_tokens")));
  const [counter] = await db
    .select()
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.meter, "ai_tokens"), eq(usageCounters.span, "month")));
  return { ledger: events.reduce((sum, event) => sum + event.quantity, 0), counted: counter?.amount ?? 0 };
}

describe("tokens of an answer the analysis cannot use", () => {
  it("an analysis outside the schema: the run fails and the billed tokens are recorded", async () => {
    const local = createLocalAi();
    const { userId, events } = await analysisOf("billed-schema", async (input) => {
      const { analysis } = await local.analyzeDeal(input);
      return { analysis: { ...analysis, confidence: 7 }, usage: USAGE };
    });
    expect(events).toContain("event: error");
    expect(await tokensOf(userId)).toEqual({ ledger: TOKENS, counted: TOKENS });
  });

  it("an answer the provider refused (its schema check) still carries and records its tokens", async () => {
    const { userId, events } = await analysisOf("billed-provider", () =>
      Promise.reject(new BilledAiError("openai", "the model's analysis did not match the schema", USAGE)),
    );
    expect(events).toContain("event: error");
    expect(await tokensOf(userId)).toEqual({ ledger: TOKENS, counted: TOKENS });
  });

  it("an answer that arrives after the deadline: the run ends in error, and the late answer's tokens are recorded", async () => {
    const local = createLocalAi();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { userId, events } = await analysisOf(
      "billed-late",
      async (input) => {
        await answered;
        return { ...(await local.analyzeDeal(input)), usage: USAGE };
      },
      // Past by the time the model answers: the answer waits for the test.
      300,
    );
    expect(events).toContain("event: error");
    expect(await tokensOf(userId)).toEqual({ ledger: 0, counted: 0 });
    answer();
    let tokens = await tokensOf(userId);
    for (let i = 0; i < 100 && tokens.ledger === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      tokens = await tokensOf(userId);
    }
    expect(tokens).toEqual({ ledger: TOKENS, counted: TOKENS });
  });
});
