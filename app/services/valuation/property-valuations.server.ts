/**
 * A property's one set of deal numbers (docs/decisions/092-one-record-of-deal-numbers.md): the
 * current valuation on the property row (ARV, 80 % range, confidence, when, by what), the user's repairs and fee, the
 * 70 % rule's max offer of those, and the chosen offer (`maxOffer`, spec 02's name). Every write that changes the ARV,
 * the repairs or the fee goes through these statements, in the writer's own batch, so the stored max offer is always
 * the rule's of the stored figures and a re-valuation keeps the one it replaced in property_valuations.
 */
import { and, desc, eq, sql } from "drizzle-orm";

import type { ValuationSource } from "#db/enums.ts";
import { properties, propertyValuations, users } from "#db/schema.ts";
import { DEFAULT_DEAL_RULE, type DealRule } from "#app/domain/offers/deal-rule.ts";
import { REPAIRS_STEP } from "#app/domain/offers/max-offer.ts";
import type { UserRef } from "#app/services/accounts/session.server.ts";
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";

/** A valuation as recorded: money in whole dollars, confidence 0 … 100. */
export type NewValuation = {
  arv: number;
  rangeLow?: number | null;
  rangeHigh?: number | null;
  confidenceScore?: number | null;
  source: ValuationSource;
  compCount?: number | null;
  /** The engine's market-model part of the ARV; a valuation without one (a user's, a provider's) clears it. */
  model?: { value: number; share: number } | null;
};

const CENTS = 100;

/**
 * One field of the property's user's deal rule (app/domain/offers/deal-rule.ts), else its default. Only a rule that
 * passed `dealRuleProblems` is ever stored whole, and a partial one is never written, so the fields agree with
 * `dealRuleOf` on what the screens read.
 */
function ruleField(field: keyof DealRule) {
  return sql`coalesce((select json_extract(${users.preferences}, ${`$.dealRule.${field}`}) from ${users}
    where ${users.id} = ${properties.userId}), ${sql.raw(String(DEFAULT_DEAL_RULE[field]))})`;
}

/**
 * The max-offer rule (max-offer.ts `maxOfferRule`) in SQL over the row's stored cents and the user's rule, in the same
 * order of operations so it rounds as the screens' figure does: max(0, round(ARV × rule % / 100 − repairs − fee)),
 * repairs and fee defaulting to the rule's.
 */
const RULE_MAX_OFFER = sql`case when ${properties.arv} is null or ${properties.arv} <= 0 then null else
  max(0, cast(round((${properties.arv} / 100.0) * ${ruleField("fairPct")} / 100.0
    - coalesce(${properties.repairEstimate} / 100.0,
        round((${properties.arv} / 100.0) * (${ruleField("repairRatePct")} / 100.0) / ${sql.raw(REPAIRS_STEP.toFixed(1))}) * ${sql.raw(String(REPAIRS_STEP))})
    - coalesce(${properties.assignmentFee} / 100.0, ${ruleField("assignmentFee")})) as integer)) * ${sql.raw(String(CENTS))} end`;

/** Every one of the user's stored max offers, recomputed with their rule (after a change of it in the same batch). */
export function userMaxOffersRecompute(context: ServiceContext<"db">, userId: string) {
  return context.db
    .update(properties)
    .set({ ruleMaxOffer: sql`${RULE_MAX_OFFER}` })
    .where(eq(properties.userId, userId));
}

/** Recomputes the stored max offer from the row's current ARV, repairs and fee (after them in the same batch). */
export function maxOfferRecompute(context: ServiceContext<"db">, userId: string, propertyId: string) {
  const { db } = context;
  return db
    .update(properties)
    .set({ ruleMaxOffer: sql`${RULE_MAX_OFFER}` })
    .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)));
}

/**
 * Two identical valuations of a property this close together are one (a double click, or two tabs revaluing at once):
 * the second writes no history row of its own.
 */
const TWIN_WINDOW_MS = 60_000;

/**
 * The history row of `valuation`, written only while the property is the user's (after its insert in a batch) and
 * unless the same figures from the same source were recorded within TWIN_WINDOW_MS. D1 runs batches one at a time,
 * so of two identical requests at once the second sees the first's row.
 */
export function historyInsert(context: ServiceContext<"db" | "now">, userId: string, propertyId: string, valuation: NewValuation) {
  const { db } = context;
  const now = context.now();
  const { arv, low, high, confidence } = rounded(valuation);
  const [arvCents, lowCents, highCents] = [arv * CENTS, low === null ? null : low * CENTS, high === null ? null : high * CENTS];
  const owned = sql`exists (select 1 from ${properties} where ${properties.id} = ${propertyId} and ${properties.userId} = ${userId})`;
  const twin = sql`exists (select 1 from ${propertyValuations} where ${propertyValuations.userId} = ${userId}
    and ${propertyValuations.propertyId} = ${propertyId} and ${propertyValuations.arv} = ${arvCents}
    and ${propertyValuations.rangeLow} is ${lowCents} and ${propertyValuations.rangeHigh} is ${highCents}
    and ${propertyValuations.confidenceScore} is ${confidence} and ${propertyValuations.source} = ${valuation.source}
    and ${propertyValuations.valuedAt} > ${now.getTime() - TWIN_WINDOW_MS})`;
  // The columns in the table's order, as insert … select takes them; money in cents as `money` stores it.
  return db.insert(propertyValuations).select(
    sql`select ${crypto.randomUUID()}, ${userId}, ${propertyId}, ${arvCents}, ${lowCents}, ${highCents}, ${confidence},
      ${valuation.source}, ${valuation.compCount ?? null}, ${now.getTime()}, ${now.getTime()} where ${owned} and not ${twin}`,
  );
}

function rounded(valuation: NewValuation) {
  return {
    arv: Math.round(valuation.arv),
    low: valuation.rangeLow == null ? null : Math.round(valuation.rangeLow),
    high: valuation.rangeHigh == null ? null : Math.round(valuation.rangeHigh),
    confidence: valuation.confidenceScore ?? null,
  };
}

/** The property row's current-valuation columns for `valuation` (a new row, or an update's `set`). */
export function currentValuationColumns(valuation: NewValuation, now: Date) {
  const { arv, low, high, confidence } = rounded(valuation);
  // A valuation that says nothing of its confidence (a user's ARV) leaves the property's as it was.
  const score = valuation.confidenceScore === undefined ? {} : { confidenceScore: confidence };
  const model = { modelValue: valuation.model ? Math.round(valuation.model.value) : null, modelShare: valuation.model?.share ?? null };
  return { arv, arvLow: low, arvHigh: high, ...score, ...model, valuedAt: now, valuationSource: valuation.source };
}

/**
 * The statements recording `valuation` as the property's current one and in its history, only while the property is
 * the user's; the caller adds `maxOfferRecompute` after any other change of its own (or uses `valuationWrites`).
 */
export function valuationStatements(request: ServiceContext<"db" | "now">, userId: string, propertyId: string, valuation: NewValuation) {
  const context = atOneInstant(request);
  const { db } = context;
  const now = context.now();
  return [
    db
      .update(properties)
      .set({ ...currentValuationColumns(valuation, now), updatedAt: now })
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)))
      .returning({ id: properties.id }),
    historyInsert(context, userId, propertyId, valuation),
  ] as const;
}

/** `valuationStatements` then the max offer's recompute: a re-valuation on its own. */
export function valuationWrites(context: ServiceContext<"db" | "now">, userId: string, propertyId: string, valuation: NewValuation) {
  return [...valuationStatements(context, userId, propertyId, valuation), maxOfferRecompute(context, userId, propertyId)] as const;
}

/** The user's repairs and fee (null: the rule's defaults) recorded on the property, then its max offer recomputed. */
export function dealCostWrites(
  context: ServiceContext<"db" | "now">,
  userId: string,
  propertyId: string,
  costs: { repairEstimate?: number | null; assignmentFee?: number | null },
) {
  const { db } = context;
  const now = context.now();
  const set = {
    ...(costs.repairEstimate !== undefined
      ? { repairEstimate: costs.repairEstimate === null ? null : Math.round(costs.repairEstimate) }
      : {}),
    ...(costs.assignmentFee !== undefined ? { assignmentFee: costs.assignmentFee === null ? null : Math.round(costs.assignmentFee) } : {}),
  };
  return [
    db
      .update(properties)
      .set({ ...set, updatedAt: now })
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId))),
    maxOfferRecompute(context, userId, propertyId),
  ] as const;
}

/** The property's valuations, newest first (the current one included), as the property card lists them. */
export function valuationHistoryQuery(context: ServiceContext<"db">, userId: UserRef, propertyIds: string[]) {
  const { db } = context;
  return db
    .select({
      id: propertyValuations.id,
      arv: propertyValuations.arv,
      rangeLow: propertyValuations.rangeLow,
      rangeHigh: propertyValuations.rangeHigh,
      confidenceScore: propertyValuations.confidenceScore,
      source: propertyValuations.source,
      compCount: propertyValuations.compCount,
      valuedAt: propertyValuations.valuedAt,
    })
    .from(propertyValuations)
    .where(
      and(eq(propertyValuations.userId, userId), propertyIds.length === 1 ? eq(propertyValuations.propertyId, propertyIds[0]!) : sql`0`),
    )
    .orderBy(desc(propertyValuations.valuedAt), desc(propertyValuations.createdAt));
}

export type ValuationHistoryEntry = Awaited<ReturnType<typeof valuationHistoryQuery>>[number];
