/**
 * A fake of OpenAI's Chat Completions API, as shared/design/providers.md describes it: `POST {baseURL}/chat/completions`
 * with a Bearer key, answering OpenAI's shapes — a JSON completion, or server-sent chunks (`data: {…}` … `data: [DONE]`)
 * when the body asks `stream: true` — and OpenAI's error body `{ error: { message, type, code } }`.
 *
 * It checks what the real service would refuse: the key, a JSON body with only the fields of the Chat Completions
 * reference (`POST /v1/chat/completions`, as the `openai` SDK's ChatCompletionCreateParams names them), `model` and a
 * non-empty `messages` list of known roles, for structured output a `response_format` of type `json_schema` with
 * `strict: true`, a name and an object schema; `reasoning_effort` only for reasoning models and from its enum,
 * `max_tokens` never for them (the API asks for `max_completion_tokens`); a model shut down answers 404
 * `model_not_found`. A reasoning model spends `reasoningTokens` of `max_completion_tokens` before it answers, as the
 * real one does: a budget too small for both ends the answer at the length limit with no content. Answers are queued by the test (`answer…`); a call with nothing queued answers 500, so a test never
 * passes on a made-up reply. It can be told to fail with a status, to hang until the caller's signal aborts, or to
 * drop the connection.
 *
 * `GET {baseURL}/models/{model}` (models.retrieve) answers OpenAI's model object, with a `shutdown_date` the test sets
 * (`shutDown`), or 404 `model_not_found` for a model shut down, declared unknown (`unknownModel`) or not among the
 * models it knows (KNOWN_MODELS, `knowModel`). Function tools are
 * checked as the reference defines them, and refused with a reasoning effort other than "none" on GPT-5.4 and later;
 * "none" itself is refused by reasoning models before GPT-5.1. Field lists and examples: ./openai-examples.ts.
 */
import {
  KNOWN_MODELS,
  OPENAI_CHAT_REQUEST_FIELDS,
  OPENAI_FUNCTION_FIELDS,
  OPENAI_FUNCTION_NAME,
  OPENAI_REASONING_EFFORTS,
  OPENAI_TOOL_CHOICES,
} from "./openai-examples.ts";

type Json = Record<string, unknown>;
type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export type FakeOpenAiCall = { path: string; body: Json; authorization: string | null };

type Answer =
  | { kind: "content"; content: string; finishReason: "stop" | "length" | "content_filter" }
  | { kind: "refusal"; refusal: string }
  | { kind: "tool_calls"; calls: { name: string; arguments: string }[] };

/** A queued answer: one the fake makes, or a body sent as it is. */
type Queued = Answer | { kind: "raw"; body: unknown };

export type FakeOpenAi = {
  fetch: Fetch;
  calls: FakeOpenAiCall[];
  /** The models asked with GET /models/{model}, in order. */
  modelLookups: string[];
  /** The next completion is this body, sent as it is (a documented example). */
  answerRaw(body: unknown): void;
  /** The model's announced shutdown date (YYYY-MM-DD) in its model object; null announces none. */
  shutDown(model: string, date: string | null): void;
  /** The model is unknown to the API (404 model_not_found), as a misspelt one is. */
  unknownModel(model: string): void;
  /** Model lookups answer 403, as for a restricted project key without the Models read permission. */
  forbidLookups(on: boolean): void;
  /** The next completion's message content (JSON text for structured output), with its finish reason. */
  answer(content: string, finishReason?: "stop" | "length" | "content_filter"): void;
  /** The next completion as a JSON object (structured output). */
  answerJson(value: unknown): void;
  /** The next completion refuses (`message.refusal`). */
  answerRefusal(refusal: string): void;
  /** The next completion calls tools (`finish_reason: "tool_calls"`). */
  answerToolCalls(calls: { name: string; arguments: unknown }[]): void;
  /** Later calls answer this HTTP status with OpenAI's error body; null stops it. */
  failWith(status: number | null, message?: string): void;
  /** Later calls never answer: they wait for the caller's AbortSignal (a timeout) and reject with its reason. */
  hang(on: boolean): void;
  /** Later calls fail as an unreachable host does (fetch rejects with a TypeError). */
  unreachable(on: boolean): void;
  /** Later calls answer 429 `insufficient_quota`: the account has no credit left (OpenAI's billing error). */
  outOfQuota(on: boolean): void;
  /** A model the API knows besides KNOWN_MODELS (a fine-tune of the project's). */
  knowModel(model: string): void;
};

const ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);

const CHAT_COMPLETION_FIELDS = new Set<string>(OPENAI_CHAT_REQUEST_FIELDS);
const REASONING_EFFORTS = new Set<string>(OPENAI_REASONING_EFFORTS);
/** Shut down before today (OpenAI's deprecations page: 2026-10-23): the API answers 404 for them. */
const SHUT_DOWN_MODELS = new Set(["gpt-3.5-turbo", "gpt-4", "gpt-4-turbo", "gpt-4.1-nano", "o1", "o3-mini", "o4-mini"]);
/** The reasoning tokens a reasoning model spends before its answer in this fake. */
const REASONING_TOKENS = 600;

/** o-series and GPT-5 and later reason (their `-chat-latest` variants do not). */
const reasons = (model: string) => /^(o\d|gpt-([5-9]|\d{2}))/.test(model) && !/-chat-latest$/.test(model);

/** A GPT model's version as a number (5.4 → 5.4), or 0 for o-series and others. */
function gptVersion(model: string): number {
  const match = /^gpt-(\d+)(?:\.(\d+))?/.exec(model);
  return match ? Number(match[1]) + Number(match[2] ?? 0) / 10 : 0;
}

/** What the reference refuses in `tools`, `tool_choice` and the tool messages, or null. */
function toolsProblem(body: Json): string | null {
  const tools = body.tools;
  if (tools !== undefined) {
    if (!Array.isArray(tools) || tools.length === 0) return "'tools' must be a non-empty array";
    for (const [i, tool] of tools.entries()) {
      if (!isObject(tool) || tool.type !== "function" || !isObject(tool.function)) return `tools.${i} must be a function tool`;
      const unknown = Object.keys(tool.function).find((key) => !(OPENAI_FUNCTION_FIELDS as readonly string[]).includes(key));
      if (unknown) return `Unrecognized argument tools.${i}.function.${unknown}`;
      if (!OPENAI_FUNCTION_NAME.test(String(tool.function.name))) return `Invalid 'tools[${i}].function.name'`;
    }
    const effort = body.reasoning_effort;
    if (gptVersion(String(body.model)) >= 5.4 && effort !== undefined && effort !== "none")
      return `Function tools with reasoning_effort are not supported for ${String(body.model)} in /v1/chat/completions. Please use /v1/responses instead.`;
  }
  const choice = body.tool_choice;
  if (choice !== undefined) {
    if (tools === undefined) return "'tool_choice' is only allowed when 'tools' are specified";
    if (!(OPENAI_TOOL_CHOICES as readonly unknown[]).includes(choice) && !isObject(choice)) return "Invalid value for 'tool_choice'";
  }
  for (const [i, message] of (Array.isArray(body.messages) ? body.messages : []).entries()) {
    if (!isObject(message)) continue;
    if (message.role === "tool" && typeof message.tool_call_id !== "string") return `messages.${i}.tool_call_id is required`;
    if (message.role === "assistant" && message.tool_calls !== undefined) {
      const calls = message.tool_calls;
      const wellFormed = (call: unknown) =>
        isObject(call) &&
        typeof call.id === "string" &&
        call.type === "function" &&
        isObject(call.function) &&
        typeof call.function.name === "string" &&
        typeof call.function.arguments === "string";
      if (!Array.isArray(calls) || !calls.every(wellFormed)) return `messages.${i}.tool_calls is invalid`;
    }
  }
  return null;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "invalid_request_error",
  403: "permission_denied",
  404: "invalid_request_error",
  429: "rate_limit_exceeded",
};

function error(status: number, message = `HTTP ${status}`, code: string | null = status === 401 ? "invalid_api_key" : null): Response {
  return Response.json({ error: { message, type: ERROR_TYPES[status] ?? "server_error", param: null, code } }, { status });
}

/** What the real API refuses in a chat completion request, or null. */
function requestProblem(body: Json): string | null {
  const unknown = Object.keys(body).find((key) => !CHAT_COMPLETION_FIELDS.has(key));
  if (unknown) return `Unrecognized request argument supplied: ${unknown}`;
  if (typeof body.model !== "string" || body.model === "") return "you must provide a model parameter";
  if (reasons(body.model)) {
    if (body.max_tokens !== undefined)
      return "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
    if (body.temperature !== undefined && body.temperature !== 1)
      return "Unsupported value: 'temperature' only supports the default (1) with this model.";
  } else if (body.reasoning_effort !== undefined) return "Unsupported parameter: 'reasoning_effort' is not supported with this model.";
  if (body.reasoning_effort !== undefined && !REASONING_EFFORTS.has(String(body.reasoning_effort)))
    return "Invalid value for 'reasoning_effort'.";
  if (body.reasoning_effort === "none" && gptVersion(body.model) < 5.1)
    return `Unsupported value: 'reasoning_effort' does not support 'none' with this model.`;
  for (const budget of ["max_completion_tokens", "max_tokens"]) {
    const value = body[budget];
    if (value !== undefined && value !== null && !(Number.isInteger(value) && (value as number) > 0))
      return `Invalid '${budget}': must be a positive integer.`;
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "'messages' must be a non-empty array";
  const tooling = toolsProblem(body);
  if (tooling) return tooling;
  for (const [i, message] of body.messages.entries()) {
    if (!isObject(message) || !ROLES.has(String(message.role))) return `messages.${i}.role is invalid`;
    if (message.role !== "assistant" && typeof message.content !== "string" && !Array.isArray(message.content))
      return `messages.${i}.content is required`;
  }
  const format = body.response_format;
  if (format !== undefined) {
    if (!isObject(format)) return "response_format must be an object";
    if (format.type === "json_schema") {
      const schema = format.json_schema;
      if (!isObject(schema) || typeof schema.name !== "string" || !isObject(schema.schema)) return "response_format.json_schema is invalid";
      if (schema.strict !== true) return "this fake expects strict structured output";
      if (schema.schema.type !== "object" || schema.schema.additionalProperties !== false)
        return "strict schemas must be objects with additionalProperties: false";
      const properties = isObject(schema.schema.properties) ? Object.keys(schema.schema.properties) : [];
      const required = Array.isArray(schema.schema.required) ? schema.schema.required : [];
      if (properties.some((key) => !required.includes(key))) return "strict schemas must list every property in required";
    } else if (format.type !== "text" && format.type !== "json_object") return "response_format.type is invalid";
  }
  return null;
}

/** What a reasoning model spends before it answers: nothing when asked not to reason. */
const reasoningTokens = (body: Json) => (reasons(String(body.model)) && body.reasoning_effort !== "none" ? REASONING_TOKENS : 0);

/** The answer a reasoning model gives within `max_completion_tokens`: cut (no content, `length`) when reasoning ate it. */
function withinBudget(body: Json, answer: Answer): Answer {
  const budget = typeof body.max_completion_tokens === "number" ? body.max_completion_tokens : Infinity;
  const reasoning = reasoningTokens(body);
  const answerTokens = answer.kind === "content" ? Math.ceil(answer.content.length / 4) : 20;
  return reasoning + answerTokens > budget ? { kind: "content", content: "", finishReason: "length" } : answer;
}

function completion(body: Json, answer: Answer): Json {
  const message: Json = { role: "assistant", content: null, refusal: null, annotations: [] };
  let finishReason: string = "stop";
  if (answer.kind === "content") {
    message.content = answer.content;
    finishReason = answer.finishReason;
  } else if (answer.kind === "refusal") {
    message.refusal = answer.refusal;
  } else {
    message.tool_calls = answer.calls.map((call, index) => ({
      id: `call_${index + 1}`,
      type: "function",
      function: { name: call.name, arguments: call.arguments },
    }));
    finishReason = "tool_calls";
  }
  return {
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage: {
      prompt_tokens: 100,
      completion_tokens: 50,
      total_tokens: 150,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: reasoningTokens(body),
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: "default",
    system_fingerprint: "fp_fake",
  };
}

/** The same completion as OpenAI streams it: a role chunk, content in pieces, the finish reason, then [DONE]. */
function streamed(body: Json, answer: Answer): Response {
  const id = `chatcmpl-${crypto.randomUUID()}`;
  const chunk = (delta: Json, finishReason: string | null) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
  const parts: string[] = [chunk({ role: "assistant", content: "" }, null)];
  if (answer.kind === "content") {
    for (const piece of answer.content.match(/.{1,12}/gs) ?? []) parts.push(chunk({ content: piece }, null));
    parts.push(chunk({}, answer.finishReason));
  } else if (answer.kind === "refusal") {
    parts.push(chunk({ refusal: answer.refusal }, null), chunk({}, "stop"));
  } else {
    answer.calls.forEach((call, index) =>
      parts.push(chunk({ tool_calls: [{ index, id: `call_${index + 1}`, type: "function", function: call }] }, null)),
    );
    parts.push(chunk({}, "tool_calls"));
  }
  parts.push("data: [DONE]\n\n");
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "text/event-stream" } });
}

export function createFakeOpenAi(apiKey: string): FakeOpenAi {
  const calls: FakeOpenAiCall[] = [];
  const modelLookups: string[] = [];
  const shutdownDates = new Map<string, string | null>();
  const unknown = new Set(SHUT_DOWN_MODELS);
  let lookupsForbidden = false;
  const answers: Queued[] = [];
  let failure: { status: number; message?: string } | null = null;
  let hanging = false;
  let down = false;
  let quotaSpent = false;
  const known = new Set(KNOWN_MODELS);
  const quotaError = () =>
    Response.json(
      {
        error: {
          message: "You exceeded your current quota, please check your plan and billing details.",
          type: "insufficient_quota",
          param: null,
          code: "insufficient_quota",
        },
      },
      { status: 429 },
    );

  const notFound = (model: string) =>
    error(404, `The model \`${model}\` does not exist or you do not have access to it.`, "model_not_found");

  return {
    calls,
    modelLookups,
    answerRaw(body) {
      answers.push({ kind: "raw", body });
    },
    shutDown(model, date) {
      shutdownDates.set(model, date);
    },
    unknownModel(model) {
      unknown.add(model);
    },
    forbidLookups(on) {
      lookupsForbidden = on;
    },
    answer(content, finishReason = "stop") {
      answers.push({ kind: "content", content, finishReason });
    },
    answerJson(value) {
      answers.push({ kind: "content", content: JSON.stringify(value), finishReason: "stop" });
    },
    answerRefusal(refusal) {
      answers.push({ kind: "refusal", refusal });
    },
    answerToolCalls(toolCalls) {
      answers.push({
        kind: "tool_calls",
        calls: toolCalls.map((call) => ({ name: call.name, arguments: JSON.stringify(call.arguments) })),
      });
    },
    failWith(status, message) {
      failure = status === null ? null : { status, message };
    },
    hang(on) {
      hanging = on;
    },
    unreachable(on) {
      down = on;
    },
    outOfQuota(on) {
      quotaSpent = on;
    },
    knowModel(model) {
      known.add(model);
    },
    async fetch(input, init) {
      if (down) throw new TypeError("Network connection lost.");
      const request = new Request(input, init);
      const url = new URL(request.url);
      const lookup = /\/models\/([^/]+)$/.exec(url.pathname);
      if (request.method === "GET" && lookup) {
        const model = decodeURIComponent(lookup[1]!);
        modelLookups.push(model);
        if (request.headers.get("Authorization") !== `Bearer ${apiKey}`) return error(401, "Incorrect API key provided");
        if (lookupsForbidden) return error(403, "You have insufficient permissions for this operation. Missing scopes: api.model.read.");
        if (failure) return error(failure.status, failure.message);
        if (unknown.has(model) || !known.has(model)) return notFound(model);
        return Response.json({
          id: model,
          object: "model",
          created: 1_758_499_200,
          owned_by: "system",
          shutdown_date: shutdownDates.get(model) ?? null,
        });
      }
      let body: Json = {};
      try {
        const parsed: unknown = await request.json();
        if (isObject(parsed)) body = parsed;
      } catch {
        body = {};
      }
      calls.push({ path: url.pathname, body, authorization: request.headers.get("Authorization") });

      if (hanging) {
        const signal = init?.signal ?? request.signal;
        return new Promise<Response>((_, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener("abort", () => reject(signal.reason));
        });
      }
      if (request.method !== "POST" || !url.pathname.endsWith("/chat/completions")) return error(404, "Unknown request URL");
      if (request.headers.get("Authorization") !== `Bearer ${apiKey}`) return error(401, "Incorrect API key provided");
      if (failure) return error(failure.status, failure.message);
      if (quotaSpent) return quotaError();
      if (typeof body.model === "string" && unknown.has(body.model)) return notFound(body.model);
      const problem = requestProblem(body);
      if (problem) return error(400, problem);
      const queued = answers.shift();
      if (!queued) return error(500, "the fake has no answer queued for this call");
      if (queued.kind === "raw") return Response.json(queued.body);
      const answer = withinBudget(body, queued);
      return body.stream === true ? streamed(body, answer) : Response.json(completion(body, answer));
    },
  };
}
