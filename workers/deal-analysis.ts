import { DurableObject } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";

import { createDb } from "#db/client.ts";
import { properties } from "#db/schema.ts";
import {
  ANALYSIS_COMPLETE,
  ANALYSIS_FAILED,
  encodeEvent,
  NO_ANALYSIS_RUNNING,
  progressSteps,
  SAVING_STEP,
  STEP_PACE_MS,
  type DealAnalysisEvent,
} from "#app/domain/deals/analysis-events.ts";
import type { DealAnalysisJob, DealAnalysisState, StartAnswer } from "#app/domain/deals/analysis-job.ts";
import { DealAnalysisSchema } from "#app/domain/deals/analysis-schema.ts";
import { heldToStored, type DealAnalysisResult } from "#app/domain/deals/analysis.ts";
import { billedUsageOf } from "#app/providers/ai/billed.ts";
import type { AiProvider, AiUsage } from "#app/providers/ai/types.ts";
import { parseEnv } from "#app/providers/env.server.ts";
import { createAi } from "#app/providers/index.server.ts";
import { atWindowsOf, countStatement, releaseUsage } from "#app/services/usage/caps.server.ts";
import { releaseLease } from "#app/services/usage/leases.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";

/** However the model behaves, a run ends (in `error`) this long after it started: the provider's own timeout and retry fit inside. */
export const RUN_DEADLINE_MS = 90_000;

/** A run still "running" this long past its deadline has lost its alarm (an eviction the runtime did not retry): it ends. */
const OVERDUE_GRACE_MS = 5_000;
const TOOK_TOO_LONG = `${ANALYSIS_FAILED}: the analysis took too long.`;
const STATE_KEY = "state";
const JOB_KEY = "job";

function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}

function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * One instance per (user, property) (`idFromName("{userId}:{propertyId}")`): runs a deal analysis and streams its
 * progress to every connected client. SQLite-backed (see the wrangler migrations). No Remix imports: the Worker, the
 * dev helper (workers/do-worker.ts) and the tests share it.
 *
 * - `start(job)` (RPC) starts a run, or joins the one in progress: the check and the change of state happen without an
 *   await between them, so two POSTs at once start one run. The run itself is the alarm handler, so it goes on after
 *   the request that started it has answered or its client has gone.
 * - `fetch` (GET) is the event stream: the latest state at once (a late or reconnecting client catches up), then
 *   every later event; after `complete` or `error` the stream ends.
 * - The result is written to the property's analysis fields in D1 (one UPDATE, owner in the WHERE) before `complete`
 *   goes out; a provider failure or a timeout ends in `error` and writes nothing.
 */
export class DealAnalysis extends DurableObject<Env> {
  private state: DealAnalysisState = { status: "idle" };
  private readonly clients = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private readonly encoder = new TextEncoder();
  /** The AI provider, built from this object's own env on first use (in `npm run dev` that is the helper Worker's). */
  ai: AiProvider | null = null;
  /** The run being ended (so it ends once). */
  private ending: string | null = null;
  /** The run this instance is carrying out (its alarm is live), if any. */
  private active: RunGuard | null = null;
  /** How long a run may take (tests shorten it to prove a run that never completes ends in `error`). */
  deadlineMs = RUN_DEADLINE_MS;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.state = (await ctx.storage.get<DealAnalysisState>(STATE_KEY)) ?? { status: "idle" };
      // A run the object was evicted in the middle of: its alarm resumes it, or ends it past its deadline.
      if (this.state.status === "running" && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now());
    });
  }

  /** Liveness for GET /api/health: a storage write and read inside the object, so it proves more than routing. */
  async health(): Promise<{ ok: true; checks: number }> {
    const checks = ((await this.ctx.storage.get<number>("health-checks")) ?? 0) + 1;
    await this.ctx.storage.put("health-checks", checks);
    return { ok: true, checks };
  }

  /** The latest state (what a POST answers when it joins, and what the no-JavaScript form waits on). */
  async status(): Promise<DealAnalysisState> {
    await this.endOverdue();
    return this.state;
  }

  /** Starts a run with `job`, or joins the one in progress (the job is then dropped). */
  async start(job: DealAnalysisJob): Promise<StartAnswer> {
    if (this.state.status === "running") return { joined: true, state: this.state };
    const first = progressSteps(job.compCount)[0];
    const state: DealAnalysisState = { status: "running", runId: crypto.randomUUID(), startedAt: Date.now(), ...first };
    this.state = state;
    await this.ctx.storage.put({ [STATE_KEY]: state, [JOB_KEY]: job });
    await this.ctx.storage.setAlarm(Date.now());
    this.broadcast({ event: "progress", data: { progress: state.progress, message: state.message } });
    return { joined: false, state };
  }

  /** Waits (at most `ms`) until the run in progress has ended; answers the state then. */
  async settled(ms: number): Promise<DealAnalysisState> {
    const until = Date.now() + Math.min(ms, this.deadlineMs + OVERDUE_GRACE_MS);
    while (this.state.status === "running" && Date.now() < until) await sleep(100);
    await this.endOverdue();
    return this.state;
  }

  /** GET: the event stream. */
  override async fetch(request: Request): Promise<Response> {
    if (request.method !== "GET") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    await this.endOverdue();
    const state = this.state;
    if (state.status === "running") {
      this.send(writer, { event: "progress", data: { progress: state.progress, message: state.message } });
      this.clients.add(writer);
      writer.closed.then(
        () => this.clients.delete(writer),
        () => this.clients.delete(writer),
      );
    } else {
      for (const event of finalEvents(state)) this.send(writer, event);
      void writer.close().catch(() => undefined);
    }
    return new Response(readable, {
      headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
    });
  }

  /** The run: its steps, the model's call (bounded), the write, then `complete` — or `error` with nothing written. */
  override async alarm(): Promise<void> {
    const state = this.state;
    if (state.status !== "running") return;
    const job = await this.ctx.storage.get<DealAnalysisJob>(JOB_KEY);
    if (!job) return this.finish(state, { message: `${ANALYSIS_FAILED}: the analysis lost its input; please start it again.` });
    // A run the runtime restarted (an eviction mid-run) past its deadline ends; otherwise it starts over.
    const remaining = state.startedAt + this.deadlineMs - Date.now();
    if (remaining <= 0) return this.finish(state, { message: TOOK_TOO_LONG });
    // Past the deadline the run is over: a model that answers later must not write (or charge) what was given up,
    // and a write already under way is waited for, so the result and its state agree.
    const guard: RunGuard = { over: false, saving: false };
    this.active = guard;
    const run = this.run(state, job, guard);
    try {
      const result = await withDeadline(run, remaining, TOOK_TOO_LONG).catch((error: unknown) => {
        if (guard.saving) return run;
        guard.over = true;
        throw error;
      });
      await this.finish(state, { result });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await this.finish(state, { message: text.startsWith(`${ANALYSIS_FAILED}:`) ? text : `${ANALYSIS_FAILED}: ${text}` });
    } finally {
      this.active = null;
    }
  }

  private async run(state: Running, job: DealAnalysisJob, guard: RunGuard): Promise<DealAnalysisResult> {
    const steps = progressSteps(job.compCount);
    for (const step of steps.slice(1)) {
      await sleep(STEP_PACE_MS);
      this.progress(state, step);
    }
    const ai = this.ai ?? (this.ai = createAi(parseEnv(this.env)));
    // The analysis is checked again here; `usage` (the model's tokens) is charged with it. An answer the run cannot
    // use — late, incomplete, or refused by the provider's own check — was billed all the same: its tokens are recorded.
    let answered;
    try {
      answered = await ai.analyzeDeal(job.input);
    } catch (error) {
      await this.recordTokens(job, billedUsageOf(error));
      throw error;
    }
    const { analysis, usage } = answered;
    const checked = DealAnalysisSchema.safeParse(analysis);
    if (!checked.success || guard.over) {
      await this.recordTokens(job, usage);
      throw new Error(guard.over ? TOOK_TOO_LONG : `${ANALYSIS_FAILED}: the analysis came back incomplete.`);
    }
    // The stored ARV and max offer stand whatever the provider wrote: the analysis reads them, never re-invents them.
    const result = heldToStored(checked.data, job.input.stored);
    guard.saving = true;
    this.progress(state, SAVING_STEP);
    const now = new Date();
    const db = createDb(this.env.DB);
    // The result, the AI call's charge and its tokens (counted toward the caps and the spend) are written together
    // (docs/decisions/080-usage-ledger-and-caps.md).
    const used = usage.promptTokens + usage.completionTokens;
    const tokens = job.tokens && used > 0 ? atWindowsOf(job.tokens, used, now) : null;
    const [written] = await db.batch([
      db
        .update(properties)
        .set({
          strategy: result.strategy,
          isDeal: result.is_deal,
          analysisArv: result.arv,
          rehabCost: result.rehab_cost,
          analysisMaxOfferPrice: result.max_offer_price,
          analysisConfidence: result.confidence,
          profitMarginPct: result.profit_margin_pct,
          riskLevel: result.risk_level,
          keyAssumptions: result.key_assumptions,
          compSummary: result.comp_summary,
          nextActions: result.next_actions,
          analysisRunAt: now,
          updatedAt: now,
        })
        .where(and(eq(properties.id, job.propertyId), eq(properties.userId, job.userId)))
        .returning({ id: properties.id }),
      ...(job.charge ? [usageEntry({ db, now: () => now }, job.charge, 1, null)] : []),
      ...(tokens ? [usageEntry({ db, now: () => now }, tokens, used, null), countStatement({ db }, tokens)] : []),
    ]);
    if (written.length === 0) throw new Error(`${ANALYSIS_FAILED}: the property no longer exists.`);
    return result;
  }

  /** The tokens of an answer the run does not use, in the ledger and toward the caps (a failure never hides the bill). */
  private async recordTokens(job: DealAnalysisJob, usage: AiUsage | null) {
    const used = usage ? usage.promptTokens + usage.completionTokens : 0;
    if (!job.tokens || used <= 0) return;
    const now = new Date();
    const tokens = atWindowsOf(job.tokens, used, now);
    const db = createDb(this.env.DB);
    await db
      .batch([usageEntry({ db, now: () => now }, tokens, used, null), countStatement({ db }, tokens)])
      .catch((error: unknown) => console.error("[deal-analysis] tokens not recorded", error));
  }

  /** A run left "running" past its deadline and grace (its alarm lost) ends in `error`, so no client waits on it. */
  private async endOverdue() {
    const state = this.state;
    if (this.active === null && state.status === "running" && Date.now() > state.startedAt + this.deadlineMs + OVERDUE_GRACE_MS)
      await this.finish(state, { message: TOOK_TOO_LONG });
  }

  private progress(state: Running, step: { progress: number; message: string }) {
    const current = this.state;
    if (current.status !== "running" || current.runId !== state.runId) return;
    const next: DealAnalysisState = { ...current, ...step };
    this.state = next;
    void this.ctx.storage.put(STATE_KEY, next);
    this.broadcast({ event: "progress", data: step });
  }

  private async finish(state: Running, outcome: { result: DealAnalysisResult } | { message: string }): Promise<void> {
    // A run ends once (its alarm, or a late reader finding it overdue): marked before the first await. Its usage is
    // settled while it still reads "running", so a new start meanwhile joins it rather than lose its lease.
    const current = this.state;
    if (current.status !== "running" || current.runId !== state.runId || this.ending === state.runId) return;
    this.ending = state.runId;
    const base = { runId: state.runId, startedAt: state.startedAt, finishedAt: Date.now() };
    await this.settleUsage("result" in outcome);
    const next: DealAnalysisState =
      "result" in outcome ? { status: "complete", ...base, result: outcome.result } : { status: "error", ...base, ...outcome };
    this.state = next;
    await this.ctx.storage.put(STATE_KEY, next);
    await this.ctx.storage.delete(JOB_KEY);
    for (const event of finalEvents(next)) this.broadcast(event);
    for (const writer of this.clients) void writer.close().catch(() => undefined);
    this.clients.clear();
  }

  /** The run's place among the user's concurrent analyses is given back; a failed run's AI charge too. */
  private async settleUsage(succeeded: boolean) {
    const job = await this.ctx.storage.get<DealAnalysisJob>(JOB_KEY);
    if (!job) return;
    const context = { db: createDb(this.env.DB) };
    await Promise.all([
      releaseLease(context, { userId: job.userId, kind: "analysis", key: job.propertyId }),
      !succeeded && job.charge ? releaseUsage(context, job.charge) : null,
    ]).catch((error: unknown) => console.error("[deal-analysis] usage not settled", error));
  }

  private broadcast(event: DealAnalysisEvent) {
    for (const writer of this.clients) this.send(writer, event);
  }

  /** Never awaited: a slow or gone client must not hold the run up; a failed write drops the client. */
  private send(writer: WritableStreamDefaultWriter<Uint8Array>, event: DealAnalysisEvent) {
    writer.write(this.encoder.encode(encodeEvent(event))).catch(() => this.clients.delete(writer));
  }
}

type Running = Extract<DealAnalysisState, { status: "running" }>;

/** Whether the deadline has passed (the run must not write) and whether its write has begun (the deadline waits for it). */
type RunGuard = { over: boolean; saving: boolean };

/** What a client that comes after the end gets: the last result (after a 100 % progress), or the error. */
function finalEvents(state: DealAnalysisState): DealAnalysisEvent[] {
  if (state.status === "complete")
    return [
      { event: "progress", data: { progress: 100, message: ANALYSIS_COMPLETE } },
      { event: "complete", data: { success: true, data: state.result } },
    ];
  if (state.status === "error") return [{ event: "error", data: { message: state.message } }];
  if (state.status === "idle") return [{ event: "error", data: { message: NO_ANALYSIS_RUNNING } }];
  return [];
}
