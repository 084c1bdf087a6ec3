/**
 * The writes of a worked task, each guarded by the state it expects: the phone an outcome flags (the property's
 * phones and the contact row), the remaining steps planned again (only those still pending), the lead's pointer
 * (only while its sequence runs) and the lead's last contact.
 */
import { and, eq, inArray, ne, notExists, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { followUpActivityContacts, followUpSteps, leads, properties, userLeads, type OwnerPhone } from "#db/schema.ts";
import { placeOf } from "#app/domain/activity/activity.ts";
import { ownerPhones } from "#app/domain/leads/phone.ts";
import { endOfDay, planStep, reachabilityOf } from "#app/domain/sequences/plan.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";
import { CALL_OUTCOMES, TASK_OUTCOME_LABELS, type TaskOutcomeInput } from "#app/domain/today/tasks.ts";
import { activityEntryWhen } from "#app/services/activity/activity-log.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { replanStatements, type PropertyFacts } from "./rows.server.ts";

/** The outcomes that make a phone unusable for the lead for good, and the flag each sets on it. */
export const PHONE_FLAGS = { asked_not_to_call: "dnc", wrong_number: "wrongNumber" } as const;
export const FLAGGING_OUTCOMES = Object.keys(PHONE_FLAGS) as (keyof typeof PHONE_FLAGS)[];
type PhoneFlag = (typeof PHONE_FLAGS)[keyof typeof PHONE_FLAGS];

export const digitsOf = (phone: string) => phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
const PHONE_TYPES: readonly OwnerPhone["type"][] = ["mobile", "landline", "voip", "unknown"];

/** True when the property's phones, as they are now, have `phone` on the do-not-call list. */
export function isBlockedPhone(property: PropertyFacts, phone: string): boolean {
  const digits = digitsOf(phone);
  return ownerPhones(property).some((line) => line.dnc && digitsOf(line.number) === digits);
}

/** The property's phones with `phone` flagged for good (do-not-call or wrong number). */
export function flaggedPhones(property: PropertyFacts, phone: string, flag: PhoneFlag): OwnerPhone[] {
  const flagged = digitsOf(phone);
  const lines = ownerPhones(property);
  if (!lines.some((line) => digitsOf(line.number) === flagged)) lines.push({ number: phone, type: "unknown", dnc: false });
  return lines.map((line) => {
    const hit = digitsOf(line.number) === flagged;
    const wrongNumber = line.wrongNumber || (hit && flag === "wrongNumber");
    return {
      number: line.number,
      type: isOneOf(PHONE_TYPES, line.type) ? line.type : "unknown",
      dnc: line.dnc || (hit && flag === "dnc"),
      ...(wrongNumber ? { wrongNumber } : {}),
    };
  });
}

export function flagPhoneStatements(
  context: ServiceContext<"db" | "now">,
  phone: { userId: string; property: PropertyFacts; contactId: string; flag: PhoneFlag },
) {
  const { db } = context;
  const { userId, property, contactId, flag } = phone;
  const now = context.now();
  return [
    db
      .update(properties)
      .set({ ownerPhoneNumbers: [...(property.ownerPhoneNumbers ?? [])] as OwnerPhone[], updatedAt: now })
      .where(and(eq(properties.id, property.propertyId), eq(properties.userId, userId))),
    db
      .update(followUpActivityContacts)
      .set({ dncStatus: flag === "dnc" ? "blocked" : "wrong_number" })
      .where(eq(followUpActivityContacts.id, contactId)),
  ];
}

type LeadStep = {
  activityId: string;
  stepIndex: number;
  plannedType: string;
  status: string;
  dayNumber: number;
  scheduledFor: Date | null;
};
export type NextStep = { id: string; activityType: string; scheduledFor: Date | null };

/**
 * The lead's remaining pending steps planned again against the property as it is now, and its pointer moved to the
 * next one (or the sequence completed). Steps another request holds are not pending and are left alone.
 */
export function scheduleNext(
  context: ServiceContext<"db" | "now">,
  task: { userId: string; activityId: string; leadId: string; property: PropertyFacts; steps: readonly LeadStep[] },
  zone: string,
): { statements: BatchItem<"sqlite">[]; next: NextStep | null } {
  const { db } = context;
  const now = context.now();
  const { userId, steps } = task;
  const reach = reachabilityOf(task.property);
  const statements: BatchItem<"sqlite">[] = [];
  let next: (NextStep & { stepIndex: number; dayNumber: number }) | null = null;
  const others = steps.filter((step) => step.activityId !== task.activityId);
  for (const step of others.filter((other) => other.status === "pending")) {
    const planned = planStep(step.plannedType as Parameters<typeof planStep>[0], reach);
    statements.push(...replanStatements({ db, now: () => now }, userId, step.activityId, planned));
    if (!next && !planned.skipped) {
      next = { ...step, id: step.activityId, activityType: planned.activityType };
    }
  }
  const running = and(eq(leads.id, task.leadId), eq(leads.sequenceStatus, "active"));
  if (next) {
    const scheduled = next.scheduledFor;
    const pointer = {
      currentSequenceStep: next.stepIndex,
      currentActivityDay: next.dayNumber,
      currentActivityDate: scheduled,
      awaitingNextDay: (scheduled ?? now) >= endOfDay(now, zone),
    };
    statements.push(
      db
        .update(leads)
        .set({ ...pointer, updatedAt: now })
        .where(running),
    );
  } else statements.push(db.update(leads).set({ updatedAt: now }).where(running));
  // Finished once no other step is open, as the rows are when this batch runs (the read may be stale: a parallel
  // request may have worked the step it calls next); a step still being worked keeps it running, and that request's
  // batch, the last, completes it.
  const open = db
    .select({ id: followUpSteps.activityId })
    .from(followUpSteps)
    .where(
      and(
        eq(followUpSteps.leadId, task.leadId),
        ne(followUpSteps.activityId, task.activityId),
        inArray(followUpSteps.status, ["pending", "working"]),
      ),
    );
  statements.push(
    db
      .update(leads)
      .set({ sequenceStatus: "completed", currentSequenceStep: steps.length, awaitingNextDay: false })
      .where(and(running, notExists(open))),
  );
  return { statements, next: next ? { id: next.id, activityType: next.activityType, scheduledFor: next.scheduledFor } : null };
}

/**
 * The lead was contacted now (Today's ranking reads it): its row's last action moved, or the row written when it has
 * none; both only while `condition` holds (this request's claim on the step).
 */
export function contactedStatements(
  context: ServiceContext<"db" | "now">,
  contact: { userId: string; leadId: string; condition: SQL },
): BatchItem<"sqlite">[] {
  const { db } = context;
  const now = context.now();
  const { userId, leadId, condition } = contact;
  const mine = and(eq(userLeads.userId, userId), eq(userLeads.leadId, leadId));
  const none = sql`not exists (select 1 from ${userLeads} where ${mine})`;
  // Every column in the table's order, as insert … select takes them.
  return [
    db.update(userLeads).set({ lastActionAt: now }).where(and(mine, condition)),
    db
      .insert(userLeads)
      .select(
        sql`select ${crypto.randomUUID()}, ${userId}, ${leadId}, 'contacted', null, '[]', ${now.getTime()}, ${now.getTime()} where ${none} and ${condition}`,
      ),
  ];
}

/** The member's activity entry for the worked task (a call's outcome, or Done / Skip / Snooze), under the claim's guard. */
export function taskEntry(
  context: ServiceContext<"db" | "now">,
  entry: {
    userId: string;
    actorId: string;
    task: { propertyId: string; address: string; city: string | null; state: string | null };
    input: TaskOutcomeInput;
    condition: SQL;
  },
) {
  const { task, input } = entry;
  const call = isOneOf(CALL_OUTCOMES, input.outcome);
  return activityEntryWhen(
    context,
    {
      workspaceId: entry.userId,
      actorId: entry.actorId,
      kind: call ? "call_logged" : "task_worked",
      propertyId: task.propertyId,
      place: placeOf(task),
      detail: { outcome: TASK_OUTCOME_LABELS[input.outcome] },
    },
    entry.condition,
  );
}
