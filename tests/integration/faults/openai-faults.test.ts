// OpenAI faults: 500, 429 with Retry-After, past the timeout, a body that is not JSON and a dropped
// connection each give Terry's the spec trouble text (502 as JSON, never a server error), with no charge in the usage
// ledger and the AI call's cap given back; the SDK retries at most once, so a fault costs at most two requests.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { usageCounters, usageEvents } from "#db/schema.ts";
import { AI_TROUBLE_TEXT } from "#app/domain/chat/intent.ts";
import { action as terryRoute } from "#app/routes/api.terry.chat.ts";
import { createFakeOpenAi } from "#tests/fakes/openai.ts";
import { ApiClient, registerClient, type Handler } from "#tests/integration/api-client.ts";
import { testContext } from "#tests/integration/context.ts";

import { db } from "../db.ts";
import { FAULTS, faultyFetch } from "./faulty-fetch.ts";

const KEY = "sk-test";
/** The OpenAI client's own bound: one retry after the first request. */
const MAX_REQUESTS = 2;

const aiCallsCounted = async (userId: string) =>
  (
    await db
      .select({ amount: usageCounters.amount })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.meter, "ai_call"), eq(usageCounters.span, "day")))
      .get()
  )?.amount ?? 0;

describe("Terry when OpenAI fails", () => {
  it.each(FAULTS)("%s: the spec's trouble text as a 502 JSON answer, at most two requests, nothing charged", async (fault) => {
    const fake = createFakeOpenAi(KEY);
    // The completion fails; the model check (ADR 088) answers, so the bound counts the completion's own requests.
    const faulty = faultyFetch(fake.fetch, (url) => url.endsWith("/chat/completions"));
    const vars = { AI: "openai", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: "https://openai.fake.test/v1", OPENAI_TIMEOUT_MS: "200" };
    const { client, userId } = await registerClient(`openai-${fault}`, {}, new ApiClient(testContext(vars, {}, { fetch: faulty.fetch })));
    faulty.set(fault);
    const answer = await client.call(terryRoute as Handler, "POST", "/api/terry/chat", { message: "What sold in 85019 last month?" });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ success: false, message: AI_TROUBLE_TEXT });
    expect(faulty.calls).toBeGreaterThanOrEqual(1);
    expect(faulty.calls).toBeLessThanOrEqual(MAX_REQUESTS);
    expect(await db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).toEqual([]);
    expect(await aiCallsCounted(userId)).toBe(0);
  });
});
