// the OpenAI client as OpenAI speaks. The model is looked up once per isolate (GET /v1/models/{model}) and an
// unknown or retired one is named; Terry's tool rounds send reasoning_effort "none" to models that refuse tools with
// reasoning on Chat Completions; and OpenAI's documented answers (tests/fakes/openai-examples.ts) are fed through the
// client, whose fake answers with the same fields.
import { afterEach, describe, expect, it, vi } from "vitest";

import { createOpenAiProvider, type OpenAiConfig } from "#app/providers/ai/openai.server.ts";
import {
  OPENAI_COMPLETION_EXAMPLE,
  OPENAI_ERROR_EXAMPLE,
  OPENAI_MODEL_EXAMPLE,
  OPENAI_TOOL_CALL_EXAMPLE,
} from "#tests/fakes/openai-examples.ts";
import { createFakeOpenAi, type FakeOpenAi } from "#tests/fakes/openai.ts";

const KEY = "sk-contract";
const BASE_URL = "https://openai.fake.test/v1";
const provider = (fake: FakeOpenAi, model: string, config: Partial<OpenAiConfig> = {}) =>
  createOpenAiProvider({ apiKey: KEY, baseUrl: BASE_URL, model, fetch: fake.fetch, maxRetries: 0, ...config });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
const hi = { agent: "lead-finder" as const, message: "hi" };

/** A JSON value's shape: every object's keys (sorted) with the shape of their values, arrays by their first item. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, shape(item)]),
    );
  return value === null ? "null" : typeof value;
}

afterEach(() => vi.restoreAllMocks());

describe("the configured model is checked once per isolate (GET /v1/models/{model})", () => {
  it("names an unknown model and OPENAI_MODEL, asks about it once, and never asks it for a completion", async () => {
    const fake = createFakeOpenAi(KEY);
    fake.unknownModel("gpt-6-lunna");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (let i = 0; i < 2; i++) {
      const error = await failure(provider(fake, "gpt-6-lunna").chatReply(hi));
      expect(error).toMatchObject({
        message: "openai: the model gpt-6-lunna does not exist or this key cannot use it (OPENAI_MODEL)",
        status: 404,
      });
    }
    expect(fake.modelLookups).toEqual(["gpt-6-lunna"]);
    expect(fake.calls).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("gpt-6-lunna does not exist"));
  });

  it("refuses a model past its shutdown_date by name, and logs one whose shutdown is announced but uses it", async () => {
    const fake = createFakeOpenAi(KEY);
    fake.shutDown("gpt-contract-old", "2026-01-14");
    expect(await failure(provider(fake, "gpt-contract-old").chatReply(hi))).toMatchObject({
      message: "openai: the model gpt-contract-old was shut down on 2026-01-14 (OPENAI_MODEL)",
      status: 404,
    });
    expect(fake.calls).toEqual([]);

    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fake.shutDown("gpt-contract-soon", "2099-01-14");
    fake.answer("Hello!");
    expect((await provider(fake, "gpt-contract-soon").chatReply(hi)).text).toBe("Hello!");
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining("gpt-contract-soon shuts down on 2099-01-14"));
  });

  it("looks a known model up once for every call and provider of the isolate", async () => {
    const fake = createFakeOpenAi(KEY);
    for (let i = 0; i < 3; i++) {
      fake.answer("Hello!");
      await provider(fake, "gpt-contract-known").chatReply(hi);
    }
    expect(fake.modelLookups).toEqual(["gpt-contract-known"]);
    expect(fake.calls).toHaveLength(3);
  });

  it("goes ahead when the key may not read models (403), and asks again after a failed lookup (500)", async () => {
    const fake = createFakeOpenAi(KEY);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fake.forbidLookups(true);
    fake.answer("Hello!");
    expect((await provider(fake, "gpt-contract-restricted").chatReply(hi)).text).toBe("Hello!");
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining("Models read permission"));

    fake.forbidLookups(false);
    fake.failWith(500);
    await failure(provider(fake, "gpt-contract-flaky").chatReply(hi));
    fake.failWith(null);
    fake.answer("Hello!");
    expect((await provider(fake, "gpt-contract-flaky").chatReply(hi)).text).toBe("Hello!");
    expect(fake.modelLookups).toEqual(["gpt-contract-restricted", "gpt-contract-flaky", "gpt-contract-flaky"]);
  });
});

describe("tools and reasoning on Chat Completions", () => {
  it("Terry's tool rounds ask gpt-6-luna not to reason (it refuses tools with reasoning there); other calls keep low effort", async () => {
    const fake = createFakeOpenAi(KEY);
    const ai = provider(fake, "gpt-6-luna");
    fake.answerToolCalls([{ name: "market_statistics", arguments: { location: "85004" } }]);
    fake.answer("85004 has no figures on record.");
    const answer = await ai.terryReply({ message: "85004?", history: [], lookup: async () => ({ error: "no data" }) });
    expect(answer.text).toBe("85004 has no figures on record.");
    expect(fake.calls.map((call) => call.body.reasoning_effort)).toEqual(["none", "none"]);
    fake.answer("Thanks, we can close fast.");
    await ai.draftReply({ contactName: "Pat", lastIncoming: "Fast?", property: null });
    expect(fake.calls[2]!.body).toMatchObject({ reasoning_effort: "low" });
    expect(fake.calls[2]!.body).not.toHaveProperty("tools");
  });

  it("an older reasoning model keeps reasoning with tools (it does not take 'none')", async () => {
    const fake = createFakeOpenAi(KEY);
    fake.answer("No figures for that.");
    await provider(fake, "gpt-5.2").terryReply({ message: "rents?", history: [], lookup: async () => ({ error: "no data" }) });
    expect(fake.calls[0]!.body).toMatchObject({ reasoning_effort: "low", tool_choice: "auto" });
  });

  it("the fake refuses tools with reasoning on GPT-5.4 and later, 'none' before GPT-5.1, and malformed tools", async () => {
    const fake = createFakeOpenAi(KEY);
    const tool = { type: "function", function: { name: "market_statistics", parameters: { type: "object", properties: {} } } };
    const post = async (body: Record<string, unknown>) => {
      fake.answer("ok");
      const response = await fake.fetch(`${BASE_URL}/chat/completions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: "hi" }], ...body }),
      });
      return response.ok ? "ok" : ((await response.json()) as typeof OPENAI_ERROR_EXAMPLE).error.message;
    };
    expect(await post({ model: "gpt-6-luna", tools: [tool], reasoning_effort: "low" })).toMatch(
      /^Function tools with reasoning_effort are not supported for gpt-6-luna/,
    );
    expect(await post({ model: "gpt-5.4", tools: [tool], reasoning_effort: "none" })).toBe("ok");
    expect(await post({ model: "gpt-5.2", tools: [tool], reasoning_effort: "low" })).toBe("ok");
    expect(await post({ model: "o3", reasoning_effort: "none" })).toMatch(/does not support 'none'/);
    expect(await post({ model: "gpt-6-luna", tools: [{ type: "function", function: { name: "market statistics" } }] })).toMatch(
      /Invalid 'tools\[0\]\.function\.name'/,
    );
    expect(await post({ model: "gpt-6-luna", tools: [{ ...tool, function: { ...tool.function, args: {} } }] })).toMatch(/Unrecognized/);
    expect(await post({ model: "gpt-6-luna", tool_choice: "auto" })).toMatch(/only allowed when 'tools'/);
    expect(await post({ model: "gpt-6-luna", messages: [{ role: "tool", content: "{}" }] })).toMatch(/tool_call_id is required/);
  });
});

describe("OpenAI's documented answers, fed through the client", () => {
  it("reads the chat completion object's text and usage (prompt_tokens, completion_tokens)", async () => {
    const fake = createFakeOpenAi(KEY);
    fake.answerRaw(OPENAI_COMPLETION_EXAMPLE);
    expect(await provider(fake, "gpt-6-luna").chatReply(hi)).toMatchObject({
      text: "Hello! Ask me for sellers or buyers.",
      usage: { promptTokens: 19, completionTokens: 310, requests: 1 },
    });
  });

  it("follows a documented tool call (finish_reason tool_calls, tool_calls[].function) and answers the tool by its id", async () => {
    const fake = createFakeOpenAi(KEY);
    fake.answerRaw(OPENAI_TOOL_CALL_EXAMPLE);
    fake.answerRaw(OPENAI_COMPLETION_EXAMPLE);
    const asked: string[] = [];
    const lookup = async (location: string) => (asked.push(location), { error: "no data" });
    const answer = await provider(fake, "gpt-6-luna").terryReply({ message: "85004?", history: [], lookup });
    expect(asked).toEqual(["85004"]);
    expect(answer.usage).toEqual({ promptTokens: 82 + 19, completionTokens: 17 + 310, requests: 2 });
    const messages = fake.calls[1]!.body.messages as { role: string; tool_call_id?: string; tool_calls?: { id: string }[] }[];
    expect(messages.at(-2)?.tool_calls?.[0]?.id).toBe("call_abc123");
    expect(messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_abc123" });
  });

  it("the fake's completion, tool call and model object carry exactly the documented fields and types", async () => {
    const fake = createFakeOpenAi(KEY);
    const ask = async (body: Record<string, unknown>) =>
      (
        await fake.fetch(`${BASE_URL}/chat/completions`, {
          method: "POST",
          headers: { Authorization: `Bearer ${KEY}` },
          body: JSON.stringify({ model: "gpt-5.2", messages: [{ role: "user", content: "hi" }], ...body }),
        })
      ).json();
    fake.answer("Hello! Ask me for sellers or buyers.");
    expect(shape(await ask({}))).toEqual(shape(OPENAI_COMPLETION_EXAMPLE));
    fake.answerToolCalls([{ name: "market_statistics", arguments: { location: "85004" } }]);
    expect(shape(await ask({}))).toEqual(shape(OPENAI_TOOL_CALL_EXAMPLE));
    const model = await fake.fetch(`${BASE_URL}/models/gpt-6-luna`, { headers: { Authorization: `Bearer ${KEY}` } });
    expect(shape(await model.json())).toEqual(shape(OPENAI_MODEL_EXAMPLE));
    fake.unknownModel("gpt-4-turbo");
    const missing = await fake.fetch(`${BASE_URL}/models/gpt-4-turbo`, { headers: { Authorization: `Bearer ${KEY}` } });
    expect(await missing.json()).toEqual(OPENAI_ERROR_EXAMPLE);
  });

  it("takes the documented model object (shutdown_date null) as a model in service", async () => {
    const fetch = async (input: Request | string | URL) =>
      new URL(new Request(input).url).pathname.endsWith("/models/gpt-6-luna")
        ? Response.json(OPENAI_MODEL_EXAMPLE)
        : Response.json(OPENAI_COMPLETION_EXAMPLE);
    const ai = createOpenAiProvider({ apiKey: KEY, baseUrl: "https://documented.fake.test/v1", model: "gpt-6-luna", fetch, maxRetries: 0 });
    expect((await ai.chatReply(hi)).text).toBe("Hello! Ask me for sellers or buyers.");
  });
});
