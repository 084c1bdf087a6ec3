/**
 * The OpenAI model the AI features ask (OPENAI_MODEL), and what configuration checks about it. Models are shut down
 * on published dates (OpenAI's deprecations page, developers.openai.com/api/docs/deprecations; also `shutdown_date`
 * on GET /v1/models): after that every call answers 404, so a retired model is refused at startup, by name.
 */

/**
 * The default: `gpt-6-luna`, the replacement OpenAI's deprecations page names for gpt-4.1-mini and gpt-4o-mini
 * (both shut down 2027-01-14), a small, cheap model the `openai` SDK of package.json lists in its `ChatModel` type.
 * It reasons by default, so the calls set `reasoning_effort` and leave room for reasoning tokens (see below).
 */
export const DEFAULT_OPENAI_MODEL = "gpt-6-luna";

/**
 * Models shut down (or scheduled to be) with their dates and OpenAI's recommended replacement, as OpenAI's
 * deprecations page listed them in October–November 2026 (verify against the page when adding a model).
 */
export const RETIRED_OPENAI_MODELS: Readonly<Record<string, { shutdown: string; replacement: string }>> = Object.fromEntries([
  ...[
    "gpt-3.5-turbo",
    "gpt-3.5-turbo-0125",
    "gpt-4",
    "gpt-4-0613",
    "gpt-4-1106-preview",
    "gpt-4-turbo",
    "gpt-4-turbo-2024-04-09",
    "gpt-4o-2024-05-13",
    "gpt-4.1-nano",
    "gpt-4.1-nano-2025-04-14",
    "o1",
    "o1-2024-12-17",
    "o1-pro",
    "o1-pro-2025-03-19",
    "o3-mini",
    "o3-mini-2025-01-31",
    "o4-mini",
    "o4-mini-2025-04-16",
  ].map((id) => [id, { shutdown: "2026-10-23", replacement: "gpt-5.6-terra or gpt-5.6-sol" }]),
  ...["gpt-5", "gpt-5-2025-08-07", "o3", "o3-2025-04-16", "o3-pro", "o3-pro-2025-06-10"].map((id) => [
    id,
    { shutdown: "2026-12-11", replacement: "gpt-6.1-sol" },
  ]),
  ...["gpt-5-mini", "gpt-5-mini-2025-08-07", "gpt-5-nano", "gpt-5-nano-2025-08-07"].map((id) => [
    id,
    { shutdown: "2026-12-11", replacement: "gpt-6.1-terra" },
  ]),
  ...[
    "gpt-4o",
    "gpt-4o-2024-08-06",
    "gpt-4o-2024-11-20",
    "gpt-4o-mini",
    "gpt-4o-mini-2024-07-18",
    "gpt-4.1",
    "gpt-4.1-2025-04-14",
    "gpt-4.1-mini",
    "gpt-4.1-mini-2025-04-14",
  ].map((id) => [id, { shutdown: "2027-01-14", replacement: DEFAULT_OPENAI_MODEL }]),
]);

/** How an OpenAI model id is spelled (a fine-tune is `ft:<base>:<org>…`): a typo such as "gpt 4.1" is refused. */
export const OPENAI_MODEL_ID = /^(ft:)?[a-z0-9][a-z0-9.:_-]*$/;

/** Why OPENAI_MODEL cannot be used on `today` (YYYY-MM-DD), or null; `scheduled` when its shutdown is announced. */
export function openAiModelProblem(model: string, today: string): { kind: "unknown" | "retired" | "scheduled"; message: string } | null {
  if (!OPENAI_MODEL_ID.test(model)) return { kind: "unknown", message: `"${model}" is not an OpenAI model id` };
  const base = model.startsWith("ft:") ? model.split(":")[1] : model;
  const retired = RETIRED_OPENAI_MODELS[base];
  if (!retired) return null;
  const kind = retired.shutdown <= today ? "retired" : "scheduled";
  const when = kind === "retired" ? `was shut down on ${retired.shutdown}` : `shuts down on ${retired.shutdown}`;
  return { kind, message: `${model} ${when} (OpenAI's deprecations page); use ${retired.replacement}` };
}

/**
 * Reasoning models (o-series, GPT-5 and later, except the `-chat-latest` chat variants) spend completion tokens on
 * reasoning before the answer, take `reasoning_effort`, and refuse `max_tokens`; older models refuse `reasoning_effort`.
 */
export function isReasoningModel(model: string): boolean {
  const base = model.startsWith("ft:") ? model.split(":")[1] : model;
  return /^(o\d|gpt-([5-9]|\d{2}))/.test(base) && !/-chat-latest$/.test(base);
}

/** A user waits on every call (20 s timeout): reasoning kept short. */
export const OPENAI_REASONING_EFFORT = "low" as const;

/**
 * Models from GPT-5.4 on refuse function tools on Chat Completions unless `reasoning_effort` is "none" (400 "Function
 * tools with reasoning_effort are not supported", tools belong on the Responses API there; docs/decisions/088). Terry's
 * tool rounds send "none" to them; GPT-5.1 and later take "none", older reasoning models do not and keep tools with
 * reasoning.
 */
export function refusesToolsWithReasoning(model: string): boolean {
  const base = model.startsWith("ft:") ? model.split(":")[1] : model;
  const version = /^gpt-(\d+)(?:\.(\d+))?/.exec(base);
  if (!version || /-chat-latest$/.test(base)) return false;
  const [major, minor] = [Number(version[1]), Number(version[2] ?? 0)];
  return major > 5 || (major === 5 && minor >= 4);
}

/** A model's shutdown date (GET /v1/models/{model}'s `shutdown_date`) as a problem on `today`, or null. */
export function shutdownProblem(
  model: string,
  shutdownDate: string | null | undefined,
  today: string,
): { kind: "retired" | "scheduled"; message: string } | null {
  const day = shutdownDate?.slice(0, 10);
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  return day <= today
    ? { kind: "retired", message: `the model ${model} was shut down on ${day} (OPENAI_MODEL)` }
    : { kind: "scheduled", message: `the model ${model} shuts down on ${day} (OPENAI_MODEL): choose its replacement before then` };
}

/**
 * A reply draft's budget: at most 4 sentences (about 150 tokens) plus the reasoning a reasoning model spends first at
 * low effort (often several hundred tokens); 300, the old budget, ended drafts at the length limit.
 */
export const REPLY_DRAFT_MAX_COMPLETION_TOKENS = 4_000;

/**
 * Every call's ceiling on billed completion tokens, reasoning included: room for a reasoning model's
 * low-effort reasoning (often several hundred tokens) and the answer, and no more. OPENAI_MAX_COMPLETION_TOKENS,
 * when set, replaces all of them.
 */
export const CHAT_MAX_COMPLETION_TOKENS = 2_000;
/** Terry's budget per request (each tool round is one); its answers are short and cite the tool's figures. */
export const TERRY_MAX_COMPLETION_TOKENS = 2_000;
/** The deal analysis: a JSON object of about 300 tokens after the reasoning. */
export const DEAL_ANALYSIS_MAX_COMPLETION_TOKENS = 4_000;

/** The requests Terry may make for one answer: tool rounds, the last one not allowed to call a tool. */
export const TERRY_MAX_ROUNDS = 3;
