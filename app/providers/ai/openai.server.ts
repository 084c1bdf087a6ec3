import type OpenAI from "openai";
import type * as OpenAiErrors from "openai/error";
import type * as OpenAiZod from "openai/helpers/zod";

import { AI_MESSAGE_MAX, boundHistory, HISTORY_TURNS } from "#app/domain/chat/ai-bounds.ts";
import { localChatReply } from "#app/domain/chat/intent.ts";
import { DealAnalysisSchema } from "#app/domain/deals/analysis-schema.ts";
import type { DealAnalysisInput, DealAnalysisResult } from "#app/domain/deals/analysis.ts";
import { isRecord } from "#app/domain/shared/guards.ts";
import {
  acceptsNoReasoning,
  CHAT_MAX_COMPLETION_TOKENS,
  DEAL_ANALYSIS_MAX_COMPLETION_TOKENS,
  isReasoningModel,
  OPENAI_REASONING_EFFORT,
  REPLY_DRAFT_MAX_COMPLETION_TOKENS,
  TERRY_MAX_COMPLETION_TOKENS,
  TERRY_MAX_ROUNDS,
} from "#app/domain/shared/openai-models.ts";
import { ProviderError, type Fetch } from "#app/providers/http.server.ts";

import { BilledAiError } from "./billed.ts";
import { ensureModel } from "./openai-model-check.server.ts";
import { CHAT_PROMPT, DEAL_ANALYST_PROMPT, MARKET_STATISTICS_TOOL, NEGOTIATION_PROMPT, TERRY_PROMPT } from "./openai-prompts.ts";
import type { AiProvider, AiUsage, ChatReply, ChatReplyInput, ReplyDraftInput } from "./types.ts";

export type OpenAiConfig = {
  apiKey: string;
  /** https://api.openai.com/v1, or a fake server in tests. */
  baseUrl?: string;
  /** From configuration (OPENAI_MODEL): "GPT-4 powered" is the spec's wording, not a model pin. */
  model: string;
  /** Per request; a user is waiting on every call this provider makes. */
  timeoutMs?: number;
  /** Retries of 408/409/429/5xx and connection failures (the SDK's default is 2 with a 10-minute timeout). */
  maxRetries?: number;
  /** OPENAI_MAX_COMPLETION_TOKENS: one ceiling for every call instead of each call's own (openai-models.ts). */
  maxCompletionTokens?: number;
  fetch?: Fetch;
};

const PROVIDER = "openai";

/** The API's `usage` of one completion (absent on some compatible servers: counted as 0 tokens, 1 request). */
function usageOf(completion: { usage?: { prompt_tokens: number; completion_tokens: number } | null }): AiUsage {
  return { promptTokens: completion.usage?.prompt_tokens ?? 0, completionTokens: completion.usage?.completion_tokens ?? 0, requests: 1 };
}

const addUsage = (a: AiUsage, b: AiUsage): AiUsage => ({
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
  requests: a.requests + b.requests,
});

/** The SDK's failures → ProviderError with a message a user can be shown (the routes add the spec's titles). */
type Choice = OpenAI.Chat.Completions.ChatCompletion.Choice;

/** The answer's first choice, unless the model gave none, was cut off (when `cutIsError`) or was withheld. */
function finished(choice: Choice | undefined, { cutIsError = true } = {}): Choice {
  if (!choice) throw new ProviderError(PROVIDER, "the model answered nothing");
  if (cutIsError && choice.finish_reason === "length") throw new ProviderError(PROVIDER, "the model's answer was cut off (length)");
  if (choice.finish_reason === "content_filter") throw new ProviderError(PROVIDER, "the model's answer was withheld (content filter)");
  return choice;
}

/** The choice's text, or why there is none (a refusal, or nothing). */
function textOf(choice: Choice): string {
  const text = choice.message.content?.trim();
  if (text) return text;
  throw new ProviderError(PROVIDER, choice.message.refusal ? `the model refused: ${choice.message.refusal}` : "the model answered nothing");
}

/** OpenAI's code for a 429 that is the account's billing (no credit, or the project's budget spent), not load. */
export const INSUFFICIENT_QUOTA = "insufficient_quota";

/**
 * The SDK retries every 429; a 429 `insufficient_quota` answers the same until someone pays, so it is marked
 * `x-should-retry: false` (the SDK's own switch) and fails at once.
 */
function withoutQuotaRetries(inner: Fetch): Fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.status !== 429) return response;
    const body = await response.clone().text();
    if (!body.includes(INSUFFICIENT_QUOTA)) return response;
    const headers = new Headers(response.headers);
    headers.set("x-should-retry", "false");
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

export function providerErrorOf(error: unknown, sdk: typeof OpenAiErrors, model?: string): ProviderError {
  if (error instanceof ProviderError) return error;
  // A retired or unknown model answers 404 `model_not_found`: name it, and the setting that chose it.
  if (error instanceof sdk.NotFoundError && model)
    return new ProviderError(PROVIDER, `the model ${model} does not exist or this key cannot use it (OPENAI_MODEL)`, 404);
  if (error instanceof sdk.APIConnectionTimeoutError) return new ProviderError(PROVIDER, "the model did not answer in time");
  if (error instanceof sdk.APIConnectionError) return new ProviderError(PROVIDER, "the model could not be reached");
  if (error instanceof sdk.AuthenticationError) return new ProviderError(PROVIDER, "the API key was refused", 401);
  if (error instanceof sdk.PermissionDeniedError) return new ProviderError(PROVIDER, "the API key may not use this model", 403);
  // 429 insufficient_quota is the account's billing, not load: waiting will not help, so it says what will.
  if (error instanceof sdk.RateLimitError && error.code === INSUFFICIENT_QUOTA)
    return new ProviderError(
      PROVIDER,
      "the OpenAI account has no quota left (insufficient_quota): a billing problem — add credit or raise the project's limit in OpenAI's billing settings",
      429,
    );
  if (error instanceof sdk.RateLimitError) return new ProviderError(PROVIDER, "too many requests to the model; try again in a moment", 429);
  if (error instanceof sdk.APIError) return new ProviderError(PROVIDER, `the model answered HTTP ${error.status ?? "?"}`, error.status);
  if (error instanceof sdk.LengthFinishReasonError) return new ProviderError(PROVIDER, "the model's answer was cut off (length)");
  if (error instanceof sdk.ContentFilterFinishReasonError)
    return new ProviderError(PROVIDER, "the model's answer was withheld (content filter)");
  return new ProviderError(PROVIDER, "the model's answer could not be read");
}

type Sdk = { errors: typeof OpenAiErrors; client: OpenAI; zod: typeof OpenAiZod };

/** What every call shares: the SDK loaded once, the model, its reasoning settings and the completion-token budget. */
type Runner = {
  model: string;
  run<T>(call: (sdk: Sdk) => Promise<T>): Promise<T>;
  reasoning: { reasoning_effort?: typeof OPENAI_REASONING_EFFORT };
  toolReasoning: { reasoning_effort?: "none" | typeof OPENAI_REASONING_EFFORT };
  budget(own: number): { max_completion_tokens: number };
};

function openAiRunner(config: OpenAiConfig): Runner {
  let loaded: Promise<Sdk> | null = null;
  const load = () =>
    (loaded ??= Promise.all([import("openai"), import("openai/error"), import("openai/helpers/zod")]).then(([sdk, errors, zod]) => ({
      errors,
      zod,
      client: new sdk.OpenAI({
        apiKey: config.apiKey,
        baseURL: config.baseUrl,
        timeout: config.timeoutMs ?? 20_000,
        maxRetries: config.maxRetries ?? 1,
        fetch: withoutQuotaRetries(config.fetch ?? ((input, init) => fetch(input, init))),
      }),
    })));

  /** Reasoning models are asked for short reasoning (a user waits); older models refuse the parameter. */
  const reasoning: { reasoning_effort?: typeof OPENAI_REASONING_EFFORT } = isReasoningModel(config.model)
    ? { reasoning_effort: OPENAI_REASONING_EFFORT }
    : {};

  /**
   * Terry's tool rounds: every reasoning model that takes "none" is asked not to reason (those from GPT-5.4 refuse
   * tools otherwise; the others answer sooner and spend no reasoning tokens); older ones keep their short reasoning.
   */
  const toolReasoning: { reasoning_effort?: "none" | typeof OPENAI_REASONING_EFFORT } = acceptsNoReasoning(config.model)
    ? { reasoning_effort: "none" }
    : reasoning;

  /** The call's own ceiling on completion tokens, unless configuration sets one for all. */
  const budget = (own: number) => ({ max_completion_tokens: config.maxCompletionTokens ?? own });

  async function run<T>(call: (sdk: Sdk) => Promise<T>): Promise<T> {
    const sdk = await load();
    try {
      // Once per isolate: an unknown or retired OPENAI_MODEL is named before any feature asks it (openai-model-check).
      await ensureModel(sdk.client, sdk.errors, config);
      return await call(sdk);
    } catch (error) {
      throw providerErrorOf(error, sdk.errors, config.model);
    }
  }

  return { model: config.model, run, reasoning, toolReasoning, budget };
}

/**
 * The OpenAI client (`AI=openai`): deal analysis as structured output checked by `DealAnalysisSchema`, the agent
 * chat's reply, Terry's tool-grounded answers and the Negotiation agent's drafts of replies to sellers. The SDK is imported on first use, so a Worker on the local provider never loads it. Short timeout and
 * one retry by default: a user is waiting on every call.
 */
export function createOpenAiProvider(config: OpenAiConfig): AiProvider {
  const runner = openAiRunner(config);
  return {
    name: "openai",
    analyzeDeal: (input) => analyzeDealWith(runner, input),
    chatReply: (input) => chatReplyWith(runner, input),
    terryReply: (input) => terryReplyWith(runner, input),
    draftReply: (input) => draftReplyWith(runner, input),
  };
}

function analyzeDealWith(runner: Runner, input: DealAnalysisInput): Promise<{ analysis: DealAnalysisResult; usage: AiUsage }> {
  return runner.run(async ({ client, zod }) => {
    const completion = await client.chat.completions.parse({
      model: runner.model,
      ...runner.reasoning,
      ...runner.budget(DEAL_ANALYSIS_MAX_COMPLETION_TOKENS),
      messages: [
        { role: "system", content: DEAL_ANALYST_PROMPT },
        { role: "user", content: JSON.stringify(input) },
      ],
      response_format: zod.zodResponseFormat(DealAnalysisSchema, "deal_analysis"),
    });
    const message = completion.choices[0]?.message;
    // Either way the vendor billed the call's tokens: the error carries them for the ledger.
    if (message?.refusal) throw new BilledAiError(PROVIDER, `the model refused: ${message.refusal}`, usageOf(completion));
    // The SDK parsed the JSON; the schema's bounds are checked here too, so nothing unchecked is stored.
    const checked = DealAnalysisSchema.safeParse(message?.parsed);
    if (!checked.success) throw new BilledAiError(PROVIDER, "the model's analysis did not match the schema", usageOf(completion));
    return { analysis: checked.data, usage: usageOf(completion) };
  });
}

function chatReplyWith(runner: Runner, input: ChatReplyInput): Promise<ChatReply & { usage: AiUsage }> {
  return runner.run(async ({ client }) => {
    const history = boundHistory(input.history ?? [], input.message, HISTORY_TURNS).map((turn) => ({
      role: turn.role === "assistant" ? ("assistant" as const) : ("user" as const),
      content: turn.content,
    }));
    const completion = await client.chat.completions.create({
      model: runner.model,
      ...runner.reasoning,
      ...runner.budget(CHAT_MAX_COMPLETION_TOKENS),
      messages: [
        { role: "system", content: `${CHAT_PROMPT} The user is talking to the ${input.agent} agent.` },
        ...history,
        { role: "user", content: input.message },
      ],
    });
    const text = textOf(finished(completion.choices[0], { cutIsError: false }));
    // The wizard offered beside the answer is read from the user's words by the same rules as the local provider.
    return { text, offer: localChatReply(input).offer, usage: usageOf(completion) };
  });
}

function terryReplyWith(runner: Runner, input: Parameters<AiProvider["terryReply"]>[0]): ReturnType<AiProvider["terryReply"]> {
  return runner.run(async ({ client }) => {
    type Message = Parameters<typeof client.chat.completions.create>[0]["messages"][number];
    const messages: Message[] = [
      { role: "system", content: TERRY_PROMPT },
      ...boundHistory(input.history, input.message, HISTORY_TURNS).map((turn) => ({
        role: turn.role === "assistant" ? ("assistant" as const) : ("user" as const),
        content: turn.content,
      })),
      { role: "user", content: input.message },
    ];
    let usage: AiUsage = { promptTokens: 0, completionTokens: 0, requests: 0 };
    for (let round = 1; ; round++) {
      // The last round may not call the tool: it must answer with what the earlier rounds found.
      const last = round >= TERRY_MAX_ROUNDS;
      const completion = await client.chat.completions.create({
        model: runner.model,
        ...runner.toolReasoning,
        ...runner.budget(TERRY_MAX_COMPLETION_TOKENS),
        messages,
        tools: [MARKET_STATISTICS_TOOL],
        tool_choice: last ? "none" : "auto",
      });
      usage = addUsage(usage, usageOf(completion));
      const choice = finished(completion.choices[0]);
      const calls = (choice.message.tool_calls ?? []).filter((call) => call.type === "function");
      if (calls.length === 0 || last) return { text: textOf(choice), usage };
      messages.push({ role: "assistant", content: choice.message.content ?? null, tool_calls: calls });
      // Each statistics call answered from the records (or with why not), as the tool's result.
      const results = await Promise.all(
        calls.map(async (call) => {
          let location = "";
          let bedrooms: number | undefined;
          try {
            const args: unknown = JSON.parse(call.function.arguments);
            if (isRecord(args) && typeof args.location === "string") location = args.location;
            if (isRecord(args) && Number.isInteger(args.bedrooms) && Number(args.bedrooms) >= 1 && Number(args.bedrooms) <= 9)
              bedrooms = Number(args.bedrooms);
          } catch {
            location = "";
          }
          const filter = bedrooms === undefined ? undefined : { bedrooms };
          const found = location ? await input.lookup(location, filter) : { error: "The tool needs a location." };
          return { role: "tool" as const, tool_call_id: call.id, content: JSON.stringify(found) };
        }),
      );
      messages.push(...results);
    }
  });
}

function draftReplyWith(runner: Runner, input: ReplyDraftInput): Promise<{ text: string; usage: AiUsage }> {
  return runner.run(async ({ client }) => {
    const completion = await client.chat.completions.create({
      model: runner.model,
      ...runner.reasoning,
      ...runner.budget(REPLY_DRAFT_MAX_COMPLETION_TOKENS),
      messages: [
        { role: "system", content: NEGOTIATION_PROMPT },
        {
          role: "user",
          content: JSON.stringify({
            sellerName: input.contactName,
            // A seller's message may be longer (Messages' limit); the model reads at most an AI message's length.
            sellerMessage: input.lastIncoming?.slice(0, AI_MESSAGE_MAX) ?? null,
            property: input.property,
          }),
        },
      ],
    });
    return { text: textOf(finished(completion.choices[0])), usage: usageOf(completion) };
  });
}
