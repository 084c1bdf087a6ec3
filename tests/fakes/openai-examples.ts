/**
 * OpenAI's documented contract for the calls our client makes, written out by hand as facts (field names, types, one
 * value each), so the fake takes its field lists from here and a test can feed the examples through our client.
 * Sources, read 2026-11-25:
 * - the `openai` SDK of package.json (7.57.0, generated from OpenAI's OpenAPI specification):
 *   resources/chat/completions/completions.d.ts — `ChatCompletionCreateParamsBase` (the request's fields),
 *   `ChatCompletion` (id, choices[{ index, message, logprobs, finish_reason }], created, model, object, service_tier,
 *   system_fingerprint, usage), `ChatCompletionMessage` (role, content and refusal nullable, annotations, tool_calls),
 *   `ChatCompletionMessageFunctionToolCall` ({ id, type: "function", function: { name, arguments } }), finish_reason
 *   "stop" | "length" | "tool_calls" | "content_filter" | "function_call"; resources/completions.d.ts —
 *   `CompletionUsage` (prompt_tokens, completion_tokens, total_tokens, *_tokens_details); resources/models.d.ts —
 *   `Model` ({ id, created, object: "model", owned_by, shutdown_date?: string | null }).
 * - OpenAI's API reference, "The chat completion object" and "Retrieve model" (developers.openai.com/api/reference).
 * - Function tools on Chat Completions with a reasoning effort other than "none" are refused for GPT-5.4 and later
 *   (400 "Function tools with reasoning_effort are not supported ..."; model pages of gpt-6-luna as served by
 *   providers that pass OpenAI's format on, and apiyi's 2026-09 migration note): tools with reasoning belong on the
 *   Responses API there.
 */

/** ChatCompletionCreateParamsBase's fields: a request with any other one is refused (400 "Unrecognized request argument"). */
export const OPENAI_CHAT_REQUEST_FIELDS = [
  "messages",
  "model",
  "audio",
  "frequency_penalty",
  "function_call",
  "functions",
  "logit_bias",
  "logprobs",
  "max_completion_tokens",
  "max_tokens",
  "metadata",
  "modalities",
  "moderation",
  "n",
  "parallel_tool_calls",
  "prediction",
  "presence_penalty",
  "prompt_cache_key",
  "prompt_cache_options",
  "prompt_cache_retention",
  "reasoning_effort",
  "response_format",
  "safety_identifier",
  "seed",
  "service_tier",
  "stop",
  "store",
  "stream",
  "stream_options",
  "temperature",
  "tool_choice",
  "tools",
  "top_logprobs",
  "top_p",
  "user",
  "verbosity",
  "web_search_options",
] as const;

export const OPENAI_REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh", "max"] as const;
export const OPENAI_FINISH_REASONS = ["stop", "length", "tool_calls", "content_filter", "function_call"] as const;
/** ChatCompletionToolChoiceOption's strings (or an object naming a function). */
export const OPENAI_TOOL_CHOICES = ["none", "auto", "required"] as const;
/** FunctionDefinition.name: a-z, A-Z, 0-9, underscores and dashes, at most 64 characters. */
export const OPENAI_FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** A function tool's fields ({ type: "function", function: { name, description?, parameters?, strict? } }). */
export const OPENAI_FUNCTION_FIELDS = ["name", "description", "parameters", "strict"] as const;

/** The chat completion object (API reference example, values ours): every field, the nullable ones as null. */
export const OPENAI_COMPLETION_EXAMPLE = {
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
  system_fingerprint: "fp_2f3a9b1c",
} as const;

/** A completion that calls a function tool: content null, `tool_calls`, finish_reason "tool_calls". */
export const OPENAI_TOOL_CALL_EXAMPLE = {
  ...OPENAI_COMPLETION_EXAMPLE,
  id: "chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG",
  choices: [
    {
      index: 0,
      message: {
        role: "assistant",
        content: null,
        refusal: null,
        annotations: [],
        tool_calls: [{ id: "call_abc123", type: "function", function: { name: "market_statistics", arguments: '{"location":"85004"}' } }],
      },
      logprobs: null,
      finish_reason: "tool_calls",
    },
  ],
  usage: { ...OPENAI_COMPLETION_EXAMPLE.usage, prompt_tokens: 82, completion_tokens: 17, total_tokens: 99 },
} as const;

/** GET /v1/models/{model}: the model object (`shutdown_date` null when none is announced). */
export const OPENAI_MODEL_EXAMPLE = {
  id: "gpt-6-luna",
  object: "model",
  created: 1_758_499_200,
  owned_by: "system",
  shutdown_date: null,
} as const;

/** The error body of every refusal: `{ error: { message, type, param, code } }` (404 model_not_found shown). */
export const OPENAI_ERROR_EXAMPLE = {
  error: {
    message: "The model `gpt-4-turbo` does not exist or you do not have access to it.",
    type: "invalid_request_error",
    param: null,
    code: "model_not_found",
  },
} as const;

/**
 * The models this fake's API knows (GET /models/{model} answers them; any other id 404 `model_not_found`, as the real
 * API answers a misspelt or foreign id): OpenAI's current ids the suite asks for, and the suite's two stand-in ids
 * ("gpt-test", "gpt-configured"), known as a project's own fine-tune is known to its key.
 */
export const KNOWN_MODELS = [
  "gpt-6-luna",
  "gpt-6-luna-2026-09-30",
  "gpt-6.1-sol",
  "gpt-6.1-terra",
  "gpt-5.6-sol",
  "gpt-5.6-terra",
  "gpt-5.4",
  "gpt-5.2",
  "gpt-5.1",
  "gpt-5",
  "gpt-5-mini",
  "o3",
  "gpt-4o",
  "gpt-4o-mini",
  "gpt-4.1",
  "gpt-4.1-mini",
  "gpt-test",
  "gpt-configured",
];
