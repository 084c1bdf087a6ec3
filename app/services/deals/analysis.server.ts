/**
 * Deal analysis (the spec's "Deal analysis", the spec POST /api/deals/analyze and GET /api/deals/analyze/{id}/stream,
 * "Analysis"): the Worker's half. It reads the user's property (owner in the WHERE: another user's → 404) and values
 * it with the valuation service, then hands the DealAnalysis Durable Object of (user, property) a job that needs no
 * more reading; the object runs the AI provider, writes the analysis fields and streams (docs/decisions/056-deal-analysis-durable-object.md).
 */
import { and, count, eq } from "drizzle-orm";

import { comps, properties, users } from "#db/schema.ts";
import { UNABLE_TO_START } from "#app/domain/deals/analysis-events.ts";
import { ANALYSIS_LEASE_MS, type DealAnalysisJob, type DealAnalysisState } from "#app/domain/deals/analysis-job.ts";
import type { DealAnalysisInput, StoredDealFigures } from "#app/domain/deals/analysis.ts";
import { dealNumbersOf, dealRuleOf, type DealRule } from "#app/domain/offers/deal-numbers.ts";
import { CONCURRENT_ANALYSES, CONCURRENT_ANALYSIS_STREAMS } from "#app/domain/usage/kinds.ts";
import { CalculateArvSchema } from "#app/domain/valuation/valuation-forms.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";
import { releaseUsage, reserveUsage, usageTemplate, type CapRefusal } from "#app/services/usage/caps.server.ts";
import { acquireLease, leaseStatements, releaseLease } from "#app/services/usage/leases.server.ts";
import { placeArvSubject, valueArv } from "#app/services/valuation/valuation.server.ts";

type AnalysisContext = ServiceContext<"db" | "providers" | "now" | "dealAnalysis" | "config">;

export type AnalysisFailure = { ok: false; status: 404 | 422 | 502; message: string } | CapRefusal;

const TOO_MANY_ANALYSES = `You have ${CONCURRENT_ANALYSES} deal analyses running. Wait for one to finish, then start this one.`;
const TOO_MANY_STREAMS = `You are following ${CONCURRENT_ANALYSIS_STREAMS} analyses already. Close one, then follow this one.`;
const LEASE_RETRY_SECONDS = 10;

/** The object of one (user, property): the same name always reaches the same instance. */
export function analysisObject(context: Pick<AnalysisContext, "dealAnalysis">, userId: string, propertyId: string) {
  return context.dealAnalysis.get(context.dealAnalysis.idFromName(`${userId}:${propertyId}`));
}

const SUBJECT = {
  id: properties.id,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  zipCode: properties.zipCode,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  squareFeet: properties.squareFeet,
  yearBuilt: properties.yearBuilt,
  propertyType: properties.propertyType,
  arv: properties.arv,
  arvLow: properties.arvLow,
  arvHigh: properties.arvHigh,
  confidenceScore: properties.confidenceScore,
  repairEstimate: properties.repairEstimate,
  assignmentFee: properties.assignmentFee,
  ruleMaxOffer: properties.ruleMaxOffer,
  maxOffer: properties.maxOffer,
  price: properties.price,
  condition: properties.condition,
  equityPercentage: properties.equityPercentage,
  preferences: users.preferences,
};

/** The user's property with its stored deal numbers and the user's deal rule, and how many comps it has stored. */
async function readSubject(context: AnalysisContext, userId: string, propertyId: string) {
  const { db } = context;
  const [rows, stored] = await db.batch([
    db
      .select(SUBJECT)
      .from(properties)
      .innerJoin(users, eq(users.id, properties.userId))
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)))
      .limit(1),
    db
      .select({ n: count() })
      .from(comps)
      .where(and(eq(comps.userId, userId), eq(comps.propertyId, propertyId))),
  ]);
  const row = rows[0];
  return row ? { ...row, rule: dealRuleOf(row.preferences), storedComps: stored[0]?.n ?? 0 } : null;
}

type Subject = NonNullable<Awaited<ReturnType<typeof readSubject>>>;

/** The figures the analysis receives: the stored record's (its ARV, else the one just valued), through the one owner. */
export function storedFiguresOf(
  subject: Pick<Subject, "arvLow" | "arvHigh" | "repairEstimate" | "assignmentFee" | "ruleMaxOffer" | "maxOffer" | "arv">,
  arv: number,
  rule: DealRule,
): StoredDealFigures {
  const same = subject.arv !== null && Math.round(subject.arv) === Math.round(arv);
  const numbers = dealNumbersOf(
    {
      ...subject,
      arv,
      ruleMaxOffer: same ? subject.ruleMaxOffer : null,
      arvLow: same ? subject.arvLow : null,
      arvHigh: same ? subject.arvHigh : null,
    },
    rule,
  );
  return {
    arv: numbers.arv ?? arv,
    rangeLow: numbers.rangeLow,
    rangeHigh: numbers.rangeHigh,
    repairs: numbers.repairs ?? 0,
    assignmentFee: numbers.assignmentFee ?? 0,
    maxOffer: numbers.maxOffer ?? 0,
    rulePct: rule.fairPct,
    offer: numbers.offer,
  };
}

/**
 * The ARV the analysis reads: the stored one with its stored comps and confidence. Only a property never valued is
 * valued here (the engine's ARV, as Get Property Value would make it).
 */
async function valuationOf(context: AnalysisContext, userId: string, subject: Subject) {
  if (subject.arv !== null && subject.arv > 0)
    return {
      arv: subject.arv,
      compCount: subject.storedComps,
      confidence: subject.confidenceScore === null ? null : subject.confidenceScore / 100,
    };
  // The stored property as calculate-arv's body: a property its rules refuse (a state it does not know) is not valued.
  const parsed = CalculateArvSchema.safeParse({
    address: subject.address,
    city: subject.city ?? "",
    state: subject.state ?? "",
    zipCode: subject.zipCode,
    bedrooms: subject.bedrooms,
    bathrooms: subject.bathrooms,
    squareFeet: subject.squareFeet,
    yearBuilt: subject.yearBuilt,
    propertyType: subject.propertyType,
  });
  const none = { arv: 0, compCount: 0, confidence: null };
  if (!parsed.success) return { ...none, refusal: parsed.error.issues[0]?.message ?? "the property's address cannot be valued" };
  const input = parsed.data;
  const outcome = await valueArv(context, input, placeArvSubject(context, input), { userId });
  if (outcome.ok) return { arv: outcome.arv, compCount: outcome.comps.length, confidence: outcome.confidence };
  return { ...none, refusal: outcome.message };
}

/** "3" or "3 - average" → 3; anything else unknown. */
function conditionOf(text: string | null): number | null {
  const n = Number.parseInt(text ?? "", 10);
  return n >= 1 && n <= 5 ? n : null;
}

function jobOf(
  context: AnalysisContext,
  userId: string,
  subject: Subject,
  valued: { arv: number; compCount: number; confidence: number | null },
): DealAnalysisJob {
  const input: DealAnalysisInput = {
    address: [subject.address, subject.city, [subject.state, subject.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    arv: valued.arv,
    stored: storedFiguresOf(subject, valued.arv, subject.rule),
    estimatedValue: subject.price ?? subject.arv,
    squareFeet: subject.squareFeet,
    yearBuilt: subject.yearBuilt,
    condition: conditionOf(subject.condition),
    equityPercentage: subject.equityPercentage,
    compCount: valued.compCount,
    valuationConfidence: valued.confidence,
    currentYear: context.now().getUTCFullYear(),
  };
  return { userId, propertyId: subject.id, compCount: valued.compCount, input };
}

export type StartOutcome = { ok: true; joined: boolean; state: DealAnalysisState } | AnalysisFailure;

/**
 * POST /api/deals/analyze: starts the analysis of the user's property, or joins the run in progress. The object's
 * state is read beside the property, so a second POST while a run goes on values nothing; two POSTs at once may both
 * value it, and the object keeps one run (its `start` checks and changes state without an await in between).
 */
export async function startDealAnalysis(context: AnalysisContext, userId: string, propertyId: string): Promise<StartOutcome> {
  const stub = analysisObject(context, userId, propertyId);
  const [subject, state] = await Promise.all([readSubject(context, userId, propertyId), stub.status().catch(() => null)]);
  if (!subject) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  if (state?.status === "running") return { ok: true, joined: true, state };
  const valued = await valuationOf(context, userId, subject);
  if (valued.arv <= 0) {
    return {
      ok: false,
      status: 422,
      message: `${UNABLE_TO_START}: ${"refusal" in valued ? valued.refusal : "the property has no value to analyse."}`,
    };
  }
  // A new run: one of the user's concurrent-analysis places, then the AI call counted against the caps.
  const lease = { userId, kind: "analysis" as const, key: propertyId };
  const now = context.now();
  if (!(await acquireLease({ ...context, now: () => now }, { ...lease, max: CONCURRENT_ANALYSES, ttlMs: ANALYSIS_LEASE_MS })))
    return { ok: false, status: 429, message: TOO_MANY_ANALYSES, retryAfterSeconds: LEASE_RETRY_SECONDS };
  const reserved = await reserveUsage({ ...context, now: () => now }, userId, "ai_call", 1);
  if (!reserved.ok) {
    await releaseLease(context, lease);
    return reserved;
  }
  try {
    const tokens = usageTemplate({ ...context, now: () => now }, userId, "ai_tokens", reserved.reservation.memberId);
    const answer = await stub.start({ ...jobOf(context, userId, subject, valued), charge: reserved.reservation, tokens });
    // A twin POST started the run first: its charge stands, this one's is given back.
    if (answer.joined) await releaseUsage(context, reserved.reservation);
    return { ok: true, joined: answer.joined, state: answer.state };
  } catch (error) {
    console.error("[deal-analysis] start failed", error);
    await Promise.all([releaseUsage(context, reserved.reservation), releaseLease(context, lease)]);
    return { ok: false, status: 502, message: `${UNABLE_TO_START}: the analysis service did not answer.` };
  }
}

export type RunningAnalysis = { progress: number; message: string; startedAt: number };

/**
 * The run of the user's property while it goes on, from its object's state (`stub.status()`), else null; an object
 * that does not answer counts as no run. The object is named by (user, property), so nobody reads another's run.
 */
export async function runningAnalysis(
  context: Pick<AnalysisContext, "dealAnalysis">,
  userId: string,
  propertyId: string,
): Promise<RunningAnalysis | null> {
  const state = await analysisObject(context, userId, propertyId)
    .status()
    .catch(() => null);
  return state?.status === "running" ? { progress: state.progress, message: state.message, startedAt: state.startedAt } : null;
}

/** The no-JavaScript form: waits (bounded) for the run to end, so the page it redirects to shows the result. */
export async function settledAnalysis(
  context: AnalysisContext,
  userId: string,
  propertyId: string,
  ms: number,
): Promise<DealAnalysisState | null> {
  return analysisObject(context, userId, propertyId)
    .settled(ms)
    .catch(() => null);
}

/**
 * GET /api/deals/analyze/{id}/stream: the object's event stream, for the property's owner only, while they follow
 * fewer than CONCURRENT_ANALYSIS_STREAMS (a place held until the stream ends).
 */
export async function streamDealAnalysis(
  context: AnalysisContext & ServiceContext<"cloudflare">,
  userId: string,
  propertyId: string,
): Promise<{ ok: true; response: Response } | AnalysisFailure> {
  // Whether the property is the user's and a place among their streams, in one round trip.
  const lease = { userId, kind: "stream" as const, key: crypto.randomUUID() };
  const [dropExpired, take] = leaseStatements(context, { ...lease, max: CONCURRENT_ANALYSIS_STREAMS, ttlMs: ANALYSIS_LEASE_MS });
  const [owned, , taken] = await context.db.batch([
    context.db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId))),
    dropExpired,
    take,
  ]);
  if (owned.length === 0) {
    if (taken.length > 0) await releaseLease(context, lease);
    return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  }
  if (taken.length === 0) return { ok: false, status: 429, message: TOO_MANY_STREAMS, retryAfterSeconds: LEASE_RETRY_SECONDS };
  const answer = await analysisObject(context, userId, propertyId).fetch("https://deal-analysis.internal/stream");
  // Rebuilt in this realm: under `npm run dev` the object's answer comes through the platform proxy as another
  // realm's Response, which neither `instanceof Response` nor the framework would take for one. The body is piped
  // through, so the place is given back when the stream ends (the run finished, or the client went away).
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const source = answer.body as ReadableStream<Uint8Array> | null;
  const piped = (source ? source.pipeTo(writable) : writable.close()).catch(() => undefined).finally(() => releaseLease(context, lease));
  context.cloudflare.ctx.waitUntil(piped);
  const response = new Response(readable, { status: answer.status, headers: [...answer.headers.entries()] });
  return { ok: true, response };
}
