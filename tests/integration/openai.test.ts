// The OpenAI AI provider (AI=openai) against a fake OpenAI (tests/fakes/openai.ts), inside workerd: the structured deal
// analysis (the strict schema sent, the answer checked), the chat reply with its history, and each failure — refusal,
// length cut, content filter, 401, 429 and 5xx (retried once), a timeout, an unreachable host — as a ProviderError
// with a clear message; then the agent chat on it, which keeps the user's message and says so when the model fails.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { messages } from "#db/schema.ts";
import { HISTORY_TURNS } from "#app/domain/chat/ai-bounds.ts";
import { AI_TROUBLE_TEXT } from "#app/domain/chat/intent.ts";
import { sellerCardContent } from "#app/domain/chat/messages.ts";
import { analyzeDeal, type DealAnalysisInput } from "#app/domain/deals/analysis.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import { createOpenAiProvider, type OpenAiConfig } from "#app/providers/ai/openai.server.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { sendChatMessage } from "#app/services/chat/chat.server.ts";
import { postMessages } from "#app/services/messages/conversation-writes.server.ts";
import { createFakeOpenAi, type FakeOpenAi } from "#tests/fakes/openai.ts";

import { registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

const KEY = "sk-test-key";
const BASE_URL = "https://openai.fake.test/v1";

function provider(fake: FakeOpenAi, config: Partial<OpenAiConfig> = {}) {
  return createOpenAiProvider({ apiKey: KEY, baseUrl: BASE_URL, model: "gpt-test", fetch: fake.fetch, maxRetries: 0, ...config });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

const DEAL: DealAnalysisInput = {
  address: "12 Main St, Phoenix, AZ 85004",
  arv: 320_000,
  // The stored figures: $32,000 repairs and a $10,000 fee leave a max offer of $182,000.
  stored: {
    arv: 320_000,
    rangeLow: 280_000,
    rangeHigh: 365_000,
    repairs: 32_000,
    assignmentFee: 10_000,
    maxOffer: 182_000,
    rulePct: 70,
    offer: null,
  },
  estimatedValue: 230_000,
  squareFeet: 1_600,
  yearBuilt: 1978,
  condition: 3,
  equityPercentage: 64,
  compCount: 6,
  valuationConfidence: 0.78,
  currentYear: 2026,
};

/** What a model following the prompt answers: the rules' own analysis is a valid one. */
const MODEL_ANALYSIS = { ...analyzeDeal(DEAL), strategy: "wholesale", comp_summary: "Six sales within half a mile support the ARV." };

/** The conversation a sent chat message went to (the test fails when it was refused). */
function conversationOf(sent: Awaited<ReturnType<typeof sendChatMessage>>): string {
  if (!sent || !("conversationId" in sent)) throw new Error(`the message was not sent: ${JSON.stringify(sent)}`);
  return sent.conversationId;
}

describe("choosing OpenAI by configuration", () => {
  it("picks the OpenAI client with AI=openai and its key, and asks the configured model", async () => {
    const fake = createFakeOpenAi(KEY);
    const { providers } = testContext(
      { AI: "openai", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: BASE_URL, OPENAI_MODEL: "gpt-configured" },
      {},
      { fetch: fake.fetch },
    );
    expect(providers.ai.name).toBe("openai");
    fake.answer("Hello! Ask me for sellers or buyers in a city.");
    await providers.ai.chatReply({ agent: "lead-finder", message: "hi" });
    expect(fake.calls[0]).toMatchObject({
      path: "/v1/chat/completions",
      authorization: `Bearer ${KEY}`,
      body: { model: "gpt-configured" },
    });
  });

  it("refuses AI=openai without OPENAI_API_KEY, naming it, and keeps the local provider when nothing is configured", () => {
    expect(() => testContext({ AI: "openai" })).toThrow(/OPENAI_API_KEY is required when AI=openai/);
    expect(testContext().providers.ai.name).toBe("local");
  });
});

describe("the model and its token budget", () => {
  it("asks a reasoning model for short reasoning and leaves a reply draft room for it (300 tokens used to cut it off)", async () => {
    const fake = createFakeOpenAi(KEY);
    const ai = provider(fake, { model: "gpt-6-luna" });
    fake.answer("Thanks for getting back to me. We can close in two weeks, as-is, at the price we discussed.");
    const draft = await ai.draftReply({ contactName: "Pat", lastIncoming: "Can you close fast?", property: null });
    expect(draft.text).toMatch(/^Thanks for getting back to me/);
    expect(fake.calls[0]!.body).toMatchObject({ model: "gpt-6-luna", reasoning_effort: "low" });
    expect(fake.calls[0]!.body.max_completion_tokens).toBeGreaterThanOrEqual(2_000);
    fake.answer("Hello!");
    await ai.chatReply({ agent: "lead-finder", message: "hi" });
    expect(fake.calls[1]!.body).toMatchObject({ reasoning_effort: "low" });
  });

  it("sends no reasoning_effort to a model that does not reason (the API refuses it there)", async () => {
    const fake = createFakeOpenAi(KEY);
    const ai = provider(fake, { model: "gpt-4.1-mini" });
    fake.answer("Hello!");
    await ai.chatReply({ agent: "lead-finder", message: "hi" });
    expect(fake.calls[0]!.body).not.toHaveProperty("reasoning_effort");
  });

  it("names the model and OPENAI_MODEL when the API does not know it (404 model_not_found)", async () => {
    const fake = createFakeOpenAi(KEY);
    const error = await failure(provider(fake, { model: "gpt-4-turbo" }).chatReply({ agent: "lead-finder", message: "hi" }));
    expect(error).toMatchObject({
      message: "openai: the model gpt-4-turbo does not exist or this key cannot use it (OPENAI_MODEL)",
      status: 404,
    });
  });

  it("reads a completion in the shape of the API reference's example (its fields and types, written out by hand)", async () => {
    // Chat Completions reference, "The chat completion object": nullable and optional fields included.
    const documented = {
      id: "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
      object: "chat.completion",
      created: 1_764_000_000,
      model: "gpt-6-luna-2026-09-30",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: "Hello! Ask me for sellers or buyers.", refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: {
        prompt_tokens: 19,
        completion_tokens: 310,
        total_tokens: 329,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 290, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      service_tier: "default",
      system_fingerprint: null,
    };
    const ai = createOpenAiProvider({
      apiKey: KEY,
      baseUrl: BASE_URL,
      model: "gpt-6-luna",
      maxRetries: 0,
      fetch: async () => Response.json(documented),
    });
    expect((await ai.chatReply({ agent: "lead-finder", message: "hi" })).text).toBe("Hello! Ask me for sellers or buyers.");
  });

  it("the fake refuses what the Chat Completions reference refuses", async () => {
    const fake = createFakeOpenAi(KEY);
    const post = async (body: Record<string, unknown>) => {
      fake.answer("ok");
      const response = await fake.fetch(`${BASE_URL}/chat/completions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: "hi" }], ...body }),
      });
      return response.ok ? "ok" : ((await response.json()) as { error: { message: string } }).error.message;
    };
    expect(await post({ model: "gpt-6-luna" })).toBe("ok");
    expect(await post({ model: "gpt-6-luna", maxCompletionTokens: 10 })).toBe(
      "Unrecognized request argument supplied: maxCompletionTokens",
    );
    expect(await post({ model: "gpt-6-luna", max_tokens: 300 })).toMatch(/'max_tokens' is not supported with this model/);
    expect(await post({ model: "gpt-4.1-mini", reasoning_effort: "low" })).toMatch(/'reasoning_effort' is not supported/);
    expect(await post({ model: "gpt-6-luna", reasoning_effort: "tiny" })).toBe("Invalid value for 'reasoning_effort'.");
    expect(await post({ model: "gpt-6-luna", max_completion_tokens: 0 })).toMatch(/must be a positive integer/);
  });
});

describe("deal analysis as structured output", () => {
  it("sends the property as JSON with the strict deal_analysis schema and answers the checked result", async () => {
    const fake = createFakeOpenAi(KEY);
    fake.answerJson(MODEL_ANALYSIS);
    expect(await provider(fake).analyzeDeal(DEAL)).toEqual({
      analysis: MODEL_ANALYSIS,
      usage: { promptTokens: 100, completionTokens: 50, requests: 1 },
    });

    const body = fake.calls[0].body as {
      messages: { role: string; content: string }[];
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { required: string[] } } };
    };
    expect(body.messages.map((m) => m.role)).toEqual(["system", "user"]);
    // The stored deal numbers travel with the property; the model is told to keep them, never to make its own.
    expect(body.messages[0].content).toContain("never compute a max offer of your own");
    expect(JSON.parse(body.messages[1].content).stored).toMatchObject({ arv: 320_000, maxOffer: 182_000 });
    expect(JSON.parse(body.messages[1].content)).toEqual(DEAL);
    expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "deal_analysis", strict: true } });
    expect(body.response_format.json_schema.schema.required).toEqual(Object.keys(MODEL_ANALYSIS));
  });

  it("refuses an answer outside the schema, a refusal, a length cut and a content-filter stop", async () => {
    const cases: [(fake: FakeOpenAi) => void, RegExp][] = [
      [(fake) => fake.answerJson({ ...MODEL_ANALYSIS, confidence: 1.7 }), /could not be read|did not match/],
      [(fake) => fake.answerJson({ ...MODEL_ANALYSIS, risk_level: "extreme" }), /could not be read|did not match/],
      [(fake) => fake.answer('{"address": "12 Main'), /could not be read/],
      [(fake) => fake.answerRefusal("I can't help with that."), /refused: I can't help with that\./],
      [(fake) => fake.answer(JSON.stringify(MODEL_ANALYSIS).slice(0, 40), "length"), /cut off \(length\)/],
      [(fake) => fake.answer("", "content_filter"), /withheld \(content filter\)/],
    ];
    for (const [queue, message] of cases) {
      const fake = createFakeOpenAi(KEY);
      queue(fake);
      const error = await failure(provider(fake).analyzeDeal(DEAL));
      expect(error, String(message)).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe("failures of the service", () => {
  it("maps 401 without retrying, and 429 and 500 after one retry", async () => {
    const unauthorised = createFakeOpenAi("another-key");
    const refused = await failure(provider(unauthorised, { maxRetries: 1 }).chatReply({ agent: "lead-finder", message: "hi" }));
    expect(refused).toMatchObject({ status: 401, message: expect.stringContaining("API key was refused") });
    expect(unauthorised.calls).toHaveLength(1);

    for (const [status, text] of [
      [429, "too many requests"],
      [500, "HTTP 500"],
    ] as const) {
      const fake = createFakeOpenAi(KEY);
      fake.failWith(status);
      const error = await failure(provider(fake, { maxRetries: 1 }).chatReply({ agent: "lead-finder", message: "hi" }));
      expect(error).toMatchObject({ status, message: expect.stringContaining(text) });
      expect(fake.calls).toHaveLength(2);
    }
  });

  it("gives up after the timeout, and says so when the host cannot be reached", async () => {
    const slow = createFakeOpenAi(KEY);
    slow.hang(true);
    const timedOut = await failure(provider(slow, { timeoutMs: 200 }).analyzeDeal(DEAL));
    expect((timedOut as Error).message).toContain("did not answer in time");

    const down = createFakeOpenAi(KEY);
    down.unreachable(true);
    const unreachable = await failure(provider(down).chatReply({ agent: "lead-finder", message: "hi" }));
    expect((unreachable as Error).message).toContain("could not be reached");
  });
});

describe("the agent chat on OpenAI", () => {
  it("answers with the model's words, offers the wizard the message asks for, and sends the recent history as text", async () => {
    const fake = createFakeOpenAi(KEY);
    const context = testContext({ AI: "openai", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: BASE_URL }, {}, { fetch: fake.fetch });
    const { userId } = await registerClient("openai-chat");

    // An earlier conversation with a seller card in it, longer than the history the model is sent.
    const lead = {
      id: "l1",
      addressLine: "9 Elm St",
      city: "Mesa",
      state: "AZ",
      zip: "85201",
      flags: [],
      raw: { ownerPhoneNumbers: [], ownerEmails: [] },
    } as unknown as LeadQueueItem;
    const earlier = Array.from({ length: HISTORY_TURNS }, (_, i) => ({
      content: `turn ${i}`,
      role: "user" as const,
      isAiGenerated: false,
    }));
    const card = {
      content: sellerCardContent(lead, { requestId: null, location: "Mesa, AZ", index: 0, total: 1 }),
      role: "assistant" as const,
      isAiGenerated: false,
    };
    const posted = await postMessages(
      { db, now: () => new Date() },
      userId,
      { conversationId: null, start: { agentType: "lead-finder", title: "t" } },
      [...earlier, card],
    );

    fake.answer("Phoenix has plenty of high-equity owners. Open the Seller Lead Wizard to search.");
    const sent = await sendChatMessage(context, userId, {
      agent: "lead-finder",
      c: posted!.conversationId,
      content: "high equity sellers in Phoenix, AZ",
    });
    expect(sent).toEqual({ conversationId: posted!.conversationId });

    const body = fake.calls[0].body as { messages: { role: string; content: string }[] };
    expect(body.messages[0].role).toBe("system");
    expect(body.messages.at(-1)).toEqual({ role: "user", content: "high equity sellers in Phoenix, AZ" });
    expect(body.messages.at(-2)).toEqual({ role: "assistant", content: "Seller lead: 9 Elm St, Mesa, AZ 85201" });
    expect(body.messages.length).toBeLessThanOrEqual(HISTORY_TURNS + 2);

    const stored = await db.select().from(messages).where(eq(messages.conversationId, posted!.conversationId));
    const reply = stored.find((m) => m.content.includes("plenty of high-equity owners"))!;
    expect(reply.isAiGenerated).toBe(true);
    expect(JSON.parse(reply.content)).toMatchObject({
      type: "text",
      offer: { wizard: "seller", answers: { cityOrZip: "Phoenix", state: "AZ", sellerType: "high_equity" } },
    });
  });

  it("keeps the user's message and answers the spec's trouble text when the model fails", async () => {
    const fake = createFakeOpenAi(KEY);
    fake.failWith(503);
    const context = testContext(
      { AI: "openai", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: BASE_URL, OPENAI_TIMEOUT_MS: "1000" },
      {},
      { fetch: fake.fetch },
    );
    const { userId } = await registerClient("openai-chat-down");
    const sent = await sendChatMessage(context, userId, { agent: "lead-finder", content: "sellers in 85004" });
    const stored = await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationOf(sent)));
    expect(stored.map((m) => [m.role, m.isAiGenerated])).toEqual([
      ["user", false],
      ["assistant", false],
    ]);
    expect(stored[0].content).toBe("sellers in 85004");
    expect(stored[1].content).toBe(AI_TROUBLE_TEXT);
  });
});
