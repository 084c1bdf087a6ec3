/**
 * A fake of OpenAI's Chat Completions API, as shared/design/providers.md describes it: `POST {baseURL}/chat/completions`
 * with a Bearer key, answering OpenAI's shapes — a JSON completion, or server-sent chunks (`data: {…}` … `data: [DONE]`)
 * when the body asks `stream: true` — and OpenAI's error body `{ error: { message, type, code } }`.
 *
 * It checks what the real service would refuse: the key, a JSON body with `model` and a non-empty `messages` list of
 * known roles, and for structured output a `response_format` of type `json_schema` with `strict: true`, a name and an
 * object schema. Answers are queued by the test (`answer…`); a call with nothing queued answers 500, so a test never
 * passes on a made-up reply. It can be told to fail with a status, to hang until the caller's signal aborts, or to
 * drop the connection.
 */
type Json = Record<string, unknown>;
type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export type FakeOpenAiCall = { path: string; body: Json; authorization: string | null };

type Answer =
  | { kind: "content"; content: string; finishReason: "stop" | "length" | "content_filter" }
  | { kind: "refusal"; refusal: string }
  | { kind: "tool_calls"; calls: { name: string; arguments: string }[] };

export type FakeOpenAi = {
  fetch: Fetch;
  calls: FakeOpenAiCall[];
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
};

const ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "invalid_request_error",
  403: "permission_denied",
  404: "not_found_error",
  429: "rate_limit_exceeded",
};

function error(status: number, message = `HTTP ${status}`): Response {
  return Response.json(
    { error: { message, type: ERROR_TYPES[status] ?? "server_error", param: null, code: status === 401 ? "invalid_api_key" : null } },
    { status },
  );
}

/** What the real API refuses in a chat completion request, or null. */
function requestProblem(body: Json): string | null {
  if (typeof body.model !== "string" || body.model === "") return "you must provide a model parameter";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "'messages' must be a non-empty array";
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

function completion(body: Json, answer: Answer): Json {
  const message: Json = { role: "assistant", content: null, refusal: null };
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
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
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
  const answers: Answer[] = [];
  let failure: { status: number; message?: string } | null = null;
  let hanging = false;
  let down = false;

  return {
    calls,
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
    async fetch(input, init) {
      if (down) throw new TypeError("Network connection lost.");
      const request = new Request(input, init);
      const url = new URL(request.url);
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
      const problem = requestProblem(body);
      if (problem) return error(400, problem);
      const answer = answers.shift();
      if (!answer) return error(500, "the fake has no answer queued for this call");
      return body.stream === true ? streamed(body, answer) : Response.json(completion(body, answer));
    },
  };
}
