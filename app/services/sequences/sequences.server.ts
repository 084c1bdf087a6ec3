/**
 * Starting, pausing, resuming and stopping a lead's follow-up sequence. Starting writes every step's
 * follow_up_activities row with its `scheduledFor`, its follow_up_steps row and one follow_up_activity_contacts row
 * per reachable contact (DNC phones written blocked and skipped), and the lead row's pointer — in one batch, after
 * one read of the property, its lead row and the user's sequence.
 */
import { and, eq, isNull, notExists, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { documents, followUpActivities, followUpSteps, leads, properties } from "#db/schema.ts";
import type { OfferWarning } from "#app/domain/offers/warnings.ts";
import { endOfDay, pausesSequence, planSequence, reachabilityOf } from "#app/domain/sequences/plan.ts";
import type { SequenceAction, SequenceStep } from "#app/domain/sequences/steps.ts";
import type { SequenceMeta } from "#app/domain/sequences/task-state.ts";
import { MONEY_MIN } from "#app/domain/shared/money.ts";
import { DEFAULT_TIME_ZONE } from "#app/domain/shared/time-zone.ts";
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";
import { dealRuleOfRows, preferencesQuery } from "#app/services/offers/deal-rule.server.ts";
import { needsConfirmation, propertyOfferWarnings, type NeedsConfirmation } from "#app/services/offers/offer-checks.server.ts";

import { CRM_LEAD_VENDOR, crmLeadRead, insertContacts, propertyRead } from "./rows.server.ts";
import { sequenceOf, userSequenceRead } from "./user-sequence.server.ts";

export const LEAD_NOT_FOUND = "Lead not found";
export const SEQUENCE_ALREADY_RUNNING = "A sequence is already running on this lead";
export const SEQUENCE_NOT_STARTED = "No sequence has been started on this lead";
export const SEQUENCE_PAUSED_BY_STATUS = "This lead is under contract, closed or dead: its sequence stays paused";

export type SequenceOutcome =
  | { ok: true; leadId: string; sequenceStatus: string; activities: number; firstDue: Date | null; warnings?: OfferWarning[] }
  | { ok: false; status: 404 | 409; message: string }
  | NeedsConfirmation;

export type StartRequest = {
  userId: string;
  propertyId: string;
  /** The steps to plan; by default the user's saved sequence (the Sequences screen), else the default one. */
  steps?: readonly SequenceStep[];
  zone?: string;
  /** The user confirmed the chosen offer's warnings (above the max offer, …): asked once, here, not at every letter. */
  confirm?: boolean;
};

/**
 * Starts the user's "New seller lead" — as edited on the Sequences screen, else the default — (or `steps`, when
 * given) on the user's property from now. The steps are copied into the lead's rows, so a later edit leaves a running
 * sequence as it was. A chosen offer with warnings (the checks Mail the Offer makes) is not started on without
 * `confirm`: 409 with the warnings, nothing written; with it, the offer is remembered as confirmed.
 */
export async function startSequence(context: ServiceContext<"db" | "now">, request: StartRequest): Promise<SequenceOutcome> {
  // One instant for every row the start writes.
  const atNow = atOneInstant(context);
  const checked = await startChecks(atNow, request);
  if (!checked.ok) return checked;
  const { pointer, leadId, first, rows, statements } = startStatements(atNow, request, checked);
  await atNow.db.batch(statements);
  const { warnings } = checked;
  return {
    ok: true,
    leadId,
    sequenceStatus: pointer.sequenceStatus,
    activities: rows.length,
    firstDue: first?.scheduledFor ?? null,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

type StartChecked = Extract<Awaited<ReturnType<typeof startChecks>>, { ok: true }>;

/** The start's reads and checks (the property, a running or paused sequence, the chosen offer's warnings). */
async function startChecks(context: ServiceContext<"db">, request: StartRequest) {
  const { db } = context;
  const { userId, propertyId } = request;
  const [[property], [lead], saved, offerLetters, preferences] = await db.batch([
    propertyRead(context, userId, propertyId),
    crmLeadRead(context, propertyId),
    userSequenceRead(context, userId),
    offerLetterRead(context, userId, propertyId),
    preferencesQuery(context, userId),
  ]);
  const sequence = sequenceOf(saved);
  const steps = request.steps ?? sequence.steps;
  if (!property) return { ok: false as const, status: 404 as const, message: LEAD_NOT_FOUND };
  if (lead?.sequenceStatus === "active") return { ok: false as const, status: 409 as const, message: SEQUENCE_ALREADY_RUNNING };
  if (pausesSequence(property.status)) return { ok: false as const, status: 409 as const, message: SEQUENCE_PAUSED_BY_STATUS };
  const offer = property.maxOffer !== null && Math.round(property.maxOffer) >= MONEY_MIN ? Math.round(property.maxOffer) : null;
  // The user's own rule, as Mail the Offer checks it: an offer above their max offer asks, whatever the default says.
  const warnings = offer === null ? [] : propertyOfferWarnings(property, offer, {}, dealRuleOfRows(preferences));
  // Asked once: an offer whose Letter of Intent was made went through the same checks (and "Confirm anyway") then.
  const confirmedBefore = offerLetters.length > 0;
  if (warnings.length > 0 && !request.confirm && !confirmedBefore) return needsConfirmation(warnings);
  const meta: SequenceMeta = {
    withoutOffer: sequence.withoutOffer,
    confirmedOffer: warnings.length > 0 ? offer : null,
    mailAgainSteps: steps.flatMap((step, index) => (step.mailAgain ? [index] : [])),
  };
  return { ok: true as const, property, lead, steps, meta, warnings };
}

/** The start's one batch: the lead and its pointer, the unworked steps of an earlier run dropped, the new steps. */
function startStatements(context: ServiceContext<"db" | "now">, request: StartRequest, checked: StartChecked) {
  const { db } = context;
  const { userId, propertyId } = request;
  const { property, lead, steps, meta } = checked;
  const now = context.now();
  const zone = request.zone ?? DEFAULT_TIME_ZONE;
  const leadId = lead?.id ?? crypto.randomUUID();
  const planned = planSequence(steps, reachabilityOf(property), now, zone);
  const first = planned.find((step) => !step.skipped) ?? null;
  const pointer = {
    sequenceStatus: first ? "active" : "completed",
    sequenceStartedAt: now,
    currentSequenceStep: first?.index ?? planned.length,
    currentActivityDay: first?.step.dayNumber ?? 0,
    currentActivityDate: first?.scheduledFor ?? null,
    awaitingNextDay: first ? first.scheduledFor >= endOfDay(now, zone) : false,
    updatedAt: now,
  };
  const writeLead = db
    .insert(leads)
    .values({
      id: leadId,
      vendor: CRM_LEAD_VENDOR,
      vendorLeadId: propertyId,
      propertyId,
      userId,
      type: property.leadType,
      metaJson: meta,
      ...pointer,
    })
    .onConflictDoUpdate({ target: [leads.vendor, leads.vendorLeadId], set: { ...pointer, userId, metaJson: meta } });
  // A restart (after a stop, or a pause) replaces the steps that were never worked (not one a request is working).
  const beingWorked = db
    .select({ id: followUpSteps.activityId })
    .from(followUpSteps)
    .where(and(eq(followUpSteps.activityId, followUpActivities.id), eq(followUpSteps.status, "working")));
  const dropUnworked = db
    .delete(followUpActivities)
    .where(
      and(
        eq(followUpActivities.leadId, leadId),
        eq(followUpActivities.userId, userId),
        isNull(followUpActivities.completedAt),
        notExists(beingWorked),
      ),
    );
  const rows = planned.map((step) => ({ ...step, activityId: crypto.randomUUID() }));
  // One insert a step: D1 binds at most 100 values a statement, and a sequence may have 20 steps.
  const writeActivities = rows.map((step) =>
    db.insert(followUpActivities).values({
      id: step.activityId,
      leadId,
      userId,
      activityType: step.activityType,
      dayNumber: step.step.dayNumber,
      scheduledFor: step.scheduledFor,
      completedAt: step.skipped ? now : null,
      createdAt: now,
    }),
  );
  const writeSteps = rows.map((step) =>
    db.insert(followUpSteps).values({
      activityId: step.activityId,
      userId,
      leadId,
      stepIndex: step.index,
      plannedType: step.step.activityType,
      template: step.step.template,
      status: step.skipped ? "skipped" : "pending",
      reason: step.reason,
    }),
  );
  const writeContacts = rows.flatMap((step) => insertContacts(context, step.activityId, step));
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    writeLead,
    dropUnworked,
    ...writeActivities,
    ...writeSteps,
    ...writeContacts,
  ];
  return { pointer, leadId, first, rows, statements };
}

/** A Letter of Intent of the property for its chosen offer (`max_offer`), if one was made. */
function offerLetterRead({ db }: ServiceContext<"db">, userId: string, propertyId: string) {
  const chosen = db
    .select({ offer: properties.maxOffer })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)));
  return db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.propertyId, propertyId),
        eq(documents.type, "letter_of_intent"),
        sql`${documents.amount} = (${chosen})`,
      ),
    )
    .limit(1);
}

const NEXT_STATUS: Record<SequenceAction, { from: readonly string[]; to: string }> = {
  pause: { from: ["active"], to: "paused" },
  // From active too: resuming after a reply in Messages (which pauses it without a status change) acknowledges the reply.
  resume: { from: ["paused", "active"], to: "active" },
  stop: { from: ["active", "paused"], to: "stopped" },
};

/** Pause, resume or stop the sequence on the user's property. */
export async function changeSequence(
  context: ServiceContext<"db" | "now">,
  userId: string,
  propertyId: string,
  action: SequenceAction,
): Promise<SequenceOutcome> {
  const { db } = context;
  const now = context.now();
  const [[property], [lead]] = await db.batch([propertyRead(context, userId, propertyId), crmLeadRead(context, propertyId)]);
  if (!property) return { ok: false, status: 404, message: LEAD_NOT_FOUND };
  if (!lead || lead.sequenceStatus === "inactive") return { ok: false, status: 409, message: SEQUENCE_NOT_STARTED };
  const change = NEXT_STATUS[action];
  if (!change.from.includes(lead.sequenceStatus)) {
    return { ok: false, status: 409, message: `The sequence is ${lead.sequenceStatus}; it cannot ${action}` };
  }
  if (action === "resume" && pausesSequence(property.status)) return { ok: false, status: 409, message: SEQUENCE_PAUSED_BY_STATUS };
  await db.update(leads).set({ sequenceStatus: change.to, updatedAt: now }).where(eq(leads.id, lead.id));
  return { ok: true, leadId: lead.id, sequenceStatus: change.to, activities: 0, firstDue: null };
}

/**
 * The statement that pauses the sequence on a property whose status just became `status`, when that status pauses
 * sequences (under contract, closed, dead); null otherwise. The caller has checked the property is the user's and
 * sends it in the batch of the status change.
 */
export function pauseOnStatus(context: ServiceContext<"db" | "now">, propertyId: string, status: string | undefined) {
  const { db } = context;
  const now = context.now();
  if (status === undefined || !pausesSequence(status)) return null;
  return db
    .update(leads)
    .set({ sequenceStatus: "paused", updatedAt: now })
    .where(and(eq(leads.vendor, CRM_LEAD_VENDOR), eq(leads.vendorLeadId, propertyId), eq(leads.sequenceStatus, "active")));
}
