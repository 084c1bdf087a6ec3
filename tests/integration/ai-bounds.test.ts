// every OpenAI call bounded — a max_completion_tokens on each, the text sent capped (4,000 characters a
// message, 16,000 with its history: 400 and 413 naming the field), Terry's rounds at 3 — and each answer reporting the
// API's usage, against the fake OpenAI (tests/fakes/openai.ts).
import { describe, expect, it } from "vitest";

import { AI_CONTEXT_CHARS_MAX, AI_MESSAGE_MAX } from "#app/domain/chat/ai-bounds.ts";
import { analyzeDeal, type DealAnalysisInput } from "#app/domain/deals/analysis.ts";
import {
  CHAT_MAX_COMPLETION_TOKENS,
  DEAL_ANALYSIS_MAX_COMPLETION_TOKENS,
  REPLY_DRAFT_MAX_COMPLETION_TOKENS,
  TERRY_MAX_COMPLETION_TOKENS,
  TERRY_MAX_ROUNDS,
} from "#app/domain/shared/openai-models.ts";
import { createOpenAiProvider, type OpenAiConfig } from "#app/providers/ai/openai.server.ts";
import { action as terryApi } from "#app/routes/api.terry.chat.ts";
import { action as chatSend } from "#app/routes/chat.send.tsx";
import { createFakeOpenAi, type FakeOpenAi } from "#tests/fakes/openai.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";

const KEY = "sk-bounds";
const BASE_URL = "https://openai.fake.test/v1";
const VARS = { AI: "openai", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: BASE_URL, OPENAI_TIMEOUT_MS: "2000" };
const provider = (fake: FakeOpenAi, config: Partial<OpenAiConfig> = {}) =>
  createOpenAiProvider({ apiKey: KEY, baseUrl: BASE_URL, model: "gpt-test", fetch: fake.fetch, maxRetries: 0, ...config });
const noLookup = async () => ({ error: "no data" });

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

/** The fake's `usage` of one completion. */
const ONE = { promptTokens: 100, completionTokens: 50, requests: 1 };

describe("every OpenAI call carries max_completion_tokens and answers the API's usage", () => {
  it("deal analysis, chat reply, Terry and reply draft each send their named ceiling", async () => {
    const fake = createFakeOpenAi(KEY);
    const ai = provider(fake);
    fake.answerJson({ ...analyzeDeal(DEAL), comp_summary: "Six sales support the ARV." });
    expect((await ai.analyzeDeal(DEAL)).usage).toEqual(ONE);
    fake.answer("Hello!");
    expect((await ai.chatReply({ agent: "lead-finder", message: "hi" })).usage).toEqual(ONE);
    fake.answer("I cannot answer that from our data.");
    expect((await ai.terryReply({ message: "rents?", history: [], lookup: noLookup })).usage).toEqual(ONE);
    fake.answer("Thanks, we can close fast.");
    expect(await ai.draftReply({ contactName: "Pat", lastIncoming: "Fast?", property: null })).toEqual({
      text: "Thanks, we can close fast.",
      usage: ONE,
    });
    expect(fake.calls.map((call) => call.body.max_completion_tokens)).toEqual([
      DEAL_ANALYSIS_MAX_COMPLETION_TOKENS,
      CHAT_MAX_COMPLETION_TOKENS,
      TERRY_MAX_COMPLETION_TOKENS,
      REPLY_DRAFT_MAX_COMPLETION_TOKENS,
    ]);
  });

  it("OPENAI_MAX_COMPLETION_TOKENS replaces every call's ceiling, through configuration", async () => {
    const fake = createFakeOpenAi(KEY);
    const { providers } = testContext({ ...VARS, OPENAI_MAX_COMPLETION_TOKENS: "1500" }, {}, { fetch: fake.fetch });
    fake.answer("Hello!");
    await providers.ai.chatReply({ agent: "lead-finder", message: "hi" });
    fake.answer("Draft.");
    await providers.ai.draftReply({ contactName: null, lastIncoming: "hi", property: null });
    expect(fake.calls.map((call) => call.body.max_completion_tokens)).toEqual([1500, 1500]);
  });

  it("Terry's usage adds up its tool rounds", async () => {
    const fake = createFakeOpenAi(KEY);
    fake.answerToolCalls([{ name: "market_statistics", arguments: { location: "85004" } }]);
    fake.answer("No figures for 85004.");
    const answer = await provider(fake).terryReply({ message: "85004?", history: [], lookup: noLookup });
    expect(answer).toEqual({ text: "No figures for 85004.", usage: { promptTokens: 200, completionTokens: 100, requests: 2 } });
  });
});

describe("Terry's tool rounds stop at 3", () => {
  it("Terry asks the model at most TERRY_MAX_ROUNDS times, and the last request may not call the tool", async () => {
    expect(TERRY_MAX_ROUNDS).toBe(3);
    const fake = createFakeOpenAi(KEY);
    fake.answerToolCalls([{ name: "market_statistics", arguments: { location: "85004" } }]);
    fake.answerToolCalls([{ name: "market_statistics", arguments: { location: "85006" } }]);
    // The API honours tool_choice "none" with text; a fourth round would take the tool call queued after it.
    fake.answer("Neither ZIP has figures on record.");
    fake.answerToolCalls([{ name: "market_statistics", arguments: { location: "85008" } }]);
    const { client } = await registerClient("bounds-rounds", {}, new ApiClient(testContext(VARS, {}, { fetch: fake.fetch })));
    const answer = await client.call(terryApi as Handler, "POST", "/api/terry/chat", { message: "Compare 85004 and 85006" });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toBe("Neither ZIP has figures on record.");
    expect(fake.calls).toHaveLength(3);
    expect(fake.calls.map((call) => call.body.tool_choice)).toEqual(["auto", "auto", "none"]);
  });
});

describe("the text sent is capped: 4,000 characters a message, 16,000 with its history", () => {
  const long = (n: number) => "a".repeat(n);

  it("POST /api/terry/chat: a long message or history turn is a 400 naming it; too much together a 413; the model is not asked", async () => {
    const fake = createFakeOpenAi(KEY);
    const { client } = await registerClient("bounds-terry", {}, new ApiClient(testContext(VARS, {}, { fetch: fake.fetch })));
    const message = await client.call(terryApi as Handler, "POST", "/api/terry/chat", { message: long(AI_MESSAGE_MAX + 1) });
    expect(message.status).toBe(400);
    expect(message.body.errors).toEqual({ message: [`Message must be at most ${AI_MESSAGE_MAX} characters`] });

    const turn = await client.call(terryApi as Handler, "POST", "/api/terry/chat", {
      message: "85004?",
      history: [{ role: "user", content: long(AI_MESSAGE_MAX + 1) }],
    });
    expect(turn.status).toBe(400);
    expect(Object.keys(turn.body.errors as object)).toEqual(["history.0.content"]);

    const history = Array.from({ length: AI_CONTEXT_CHARS_MAX / AI_MESSAGE_MAX }, (_, i) => ({
      role: i % 2 ? "assistant" : "user",
      content: long(AI_MESSAGE_MAX),
    }));
    const total = await client.call(terryApi as Handler, "POST", "/api/terry/chat", { message: "85004?", history });
    expect(total.status).toBe(413);
    expect(total.body).toMatchObject({ success: false, errors: { history: [expect.stringContaining("16,000 characters")] } });
    expect(fake.calls).toHaveLength(0);

    fake.answer("Fine.");
    const fits = await client.call(terryApi as Handler, "POST", "/api/terry/chat", { message: "85004?", history: history.slice(1) });
    expect(fits.status).toBe(200);
  });

  it("/chat/send: a message over 4,000 characters is a 400 on content", async () => {
    const { client } = await registerClient("bounds-chat");
    const answer = await client.send(chatSend as Handler, "POST", "/chat/send", {
      form: { agent: "lead-finder", content: long(AI_MESSAGE_MAX + 1) },
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { errors: { content: string } }).errors.content).toBe(
      `Message must be at most ${AI_MESSAGE_MAX} characters`,
    );
  });

  it("a stored conversation is sent from its newest turns, each cut to 4,000, at most 16,000 with the message", async () => {
    const fake = createFakeOpenAi(KEY);
    fake.answer("Hello!");
    const history = Array.from({ length: 10 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `${i}:${long(6_000)}` }));
    await provider(fake).chatReply({ agent: "lead-finder", message: long(1_000), history });
    const sent = (fake.calls[0]!.body as { messages: { role: string; content: string }[] }).messages.slice(1);
    const chars = sent.reduce((sum, m) => sum + m.content.length, 0);
    expect(chars).toBeLessThanOrEqual(AI_CONTEXT_CHARS_MAX);
    expect(sent.every((m) => m.content.length <= AI_MESSAGE_MAX)).toBe(true);
    // The newest three turns (9, 8, 7) and the message: 3 × 4,000 + 1,000.
    expect(sent.map((m) => m.content.split(":")[0]!.slice(0, 2))).toEqual(["7", "8", "9", "aa"]);
  });
});
