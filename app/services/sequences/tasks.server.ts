/**
 * Working a Today task (issue 38): POST /api/tasks/{id} { outcome }. Snooze moves it a day; skip closes it unworked;
 * every other outcome completes it. Completing schedules the next: the lead's remaining steps are planned again
 * against the property as it is now (so a phone flagged DNC since the start — or by this very call, "asked not to
 * call" — is never a target and a call step falls back to a letter), and the lead's pointer moves to the next step.
 * One read batch (the task, its lead's steps, its contacts), then every write of the step in one batch.
 */
import { and, asc, eq, sql } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { followUpActivities, followUpActivityContacts, followUpSteps, leads, properties, userLeads, type OwnerPhone } from "#db/schema.ts";
import { ownerPhones } from "#app/domain/leads/phone.ts";
import { endOfDay, planStep, reachabilityOf, snoozedUntil } from "#app/domain/sequences/plan.ts";
import {
  outcomeEffect,
  PHONE_NOT_ON_TASK,
  PHONE_OUTCOMES,
  TASK_ALREADY_DONE,
  TASK_NOT_FOUND,
  type TaskOutcomeInput,
} from "#app/domain/sequences/tasks.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";

import { PROPERTY_FIELDS, replanStatements } from "./rows.server.ts";

export type TaskResult =
  | { ok: true; outcome: string; scheduledFor: Date | null; next: { id: string; activityType: string; scheduledFor: Date | null } | null }
  | { ok: false; status: 400 | 404 | 409; message: string };

function taskRead(db: Db, userId: string, activityId: string) {
  return db
    .select({
      id: followUpActivities.id,
      leadId: followUpActivities.leadId,
      activityType: followUpActivities.activityType,
      scheduledFor: followUpActivities.scheduledFor,
      completedAt: followUpActivities.completedAt,
      ...PROPERTY_FIELDS,
    })
    .from(followUpActivities)
    .innerJoin(leads, eq(leads.id, followUpActivities.leadId))
    .innerJoin(properties, and(eq(properties.id, leads.propertyId), eq(properties.userId, userId)))
    .where(and(eq(followUpActivities.id, activityId), eq(followUpActivities.userId, userId)));
}

/** The other steps of the task's lead, in order. */
function leadStepsRead(db: Db, userId: string, activityId: string) {
  const leadOfTask = db
    .select({ leadId: followUpActivities.leadId })
    .from(followUpActivities)
    .where(and(eq(followUpActivities.id, activityId), eq(followUpActivities.userId, userId)));
  return db
    .select({
      activityId: followUpSteps.activityId,
      stepIndex: followUpSteps.stepIndex,
      plannedType: followUpSteps.plannedType,
      status: followUpSteps.status,
      dayNumber: followUpActivities.dayNumber,
      scheduledFor: followUpActivities.scheduledFor,
    })
    .from(followUpSteps)
    .innerJoin(followUpActivities, eq(followUpActivities.id, followUpSteps.activityId))
    .where(and(sql`${followUpSteps.leadId} = (${leadOfTask})`, eq(followUpSteps.userId, userId)))
    .orderBy(asc(followUpSteps.stepIndex));
}

function taskContactsRead(db: Db, userId: string, activityId: string) {
  return db
    .select({
      id: followUpActivityContacts.id,
      recipientType: followUpActivityContacts.recipientType,
      recipientValue: followUpActivityContacts.recipientValue,
      status: followUpActivityContacts.status,
      dncStatus: followUpActivityContacts.dncStatus,
    })
    .from(followUpActivityContacts)
    .innerJoin(followUpActivities, eq(followUpActivities.id, followUpActivityContacts.activityId))
    .where(and(eq(followUpActivityContacts.activityId, activityId), eq(followUpActivities.userId, userId)));
}

const digitsOf = (phone: string) => phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
const PHONE_TYPES: readonly OwnerPhone["type"][] = ["mobile", "landline", "voip", "unknown"];

export async function workTask(db: Db, userId: string, activityId: string, input: TaskOutcomeInput, now: Date): Promise<TaskResult> {
  const [[task], steps, contacts] = await db.batch([
    taskRead(db, userId, activityId),
    leadStepsRead(db, userId, activityId),
    taskContactsRead(db, userId, activityId),
  ]);
  if (!task) return { ok: false, status: 404, message: TASK_NOT_FOUND };
  if (task.completedAt) return { ok: false, status: 409, message: TASK_ALREADY_DONE };
  const mine = and(eq(followUpActivities.id, activityId), eq(followUpActivities.userId, userId));

  const effect = outcomeEffect(input.outcome);
  if (effect === "snooze") {
    const until = snoozedUntil(task.scheduledFor ?? now, now);
    await db.update(followUpActivities).set({ scheduledFor: until }).where(mine);
    return { ok: true, outcome: input.outcome, scheduledFor: until, next: null };
  }

  // The phone an outcome is about: the one named (it must be the task's), else the first one that could be called.
  const phones = contacts.filter((contact) => contact.recipientType === "phone");
  let phone: string | null = null;
  if (PHONE_OUTCOMES.includes(input.outcome)) {
    const named = input.phone ? phones.find((contact) => digitsOf(contact.recipientValue) === digitsOf(input.phone!)) : undefined;
    if (input.phone && !named) return { ok: false, status: 400, message: PHONE_NOT_ON_TASK };
    phone = (named ?? phones.find((contact) => contact.dncStatus !== "blocked"))?.recipientValue ?? null;
    if (input.outcome === "asked_not_to_call" && !phone) return { ok: false, status: 400, message: "This task has no phone to flag" };
  }

  const writes = [];
  // The property's phones, with the one the owner asked not to call flagged DNC for good.
  let property = task;
  if (input.outcome === "asked_not_to_call" && phone) {
    const flagged = digitsOf(phone);
    const lines = ownerPhones(task);
    if (!lines.some((line) => digitsOf(line.number) === flagged)) lines.push({ number: phone, type: "unknown", dnc: true });
    const ownerPhoneNumbers: OwnerPhone[] = lines.map((line) => ({
      number: line.number,
      type: isOneOf(PHONE_TYPES, line.type) ? line.type : "unknown",
      dnc: line.dnc || digitsOf(line.number) === flagged,
    }));
    property = { ...task, ownerPhoneNumbers };
    writes.push(
      db
        .update(properties)
        .set({ ownerPhoneNumbers, updatedAt: now })
        .where(and(eq(properties.id, task.propertyId), eq(properties.userId, userId))),
    );
  }

  const status = effect === "skip" ? "skipped" : "done";
  writes.push(
    db.update(followUpActivities).set({ completedAt: now }).where(mine),
    db
      .update(followUpSteps)
      .set({ status, outcome: input.outcome })
      .where(and(eq(followUpSteps.activityId, activityId), eq(followUpSteps.userId, userId))),
    db
      .update(followUpActivityContacts)
      .set({ status, sentAt: effect === "skip" ? null : now })
      .where(and(eq(followUpActivityContacts.activityId, activityId), eq(followUpActivityContacts.status, "pending"))),
  );
  if (phone && input.outcome === "asked_not_to_call") {
    const row = phones.find((contact) => contact.recipientValue === phone)!;
    writes.push(db.update(followUpActivityContacts).set({ dncStatus: "blocked" }).where(eq(followUpActivityContacts.id, row.id)));
  }

  // Schedule the next: every remaining step planned again against the property as it is now.
  const reach = reachabilityOf(property);
  const remaining = steps.filter((step) => step.activityId !== activityId && step.status === "pending");
  let next: { id: string; activityType: string; scheduledFor: Date | null; stepIndex: number; dayNumber: number } | null = null;
  for (const step of remaining) {
    const planned = planStep(step.plannedType, reach);
    writes.push(...replanStatements(db, userId, step.activityId, planned, now));
    if (!next && !planned.skipped) {
      next = {
        id: step.activityId,
        activityType: planned.activityType,
        scheduledFor: step.scheduledFor,
        stepIndex: step.stepIndex,
        dayNumber: step.dayNumber,
      };
    }
  }
  writes.push(
    db
      .update(leads)
      .set(
        next
          ? {
              currentSequenceStep: next.stepIndex,
              currentActivityDay: next.dayNumber,
              currentActivityDate: next.scheduledFor,
              awaitingNextDay: (next.scheduledFor ?? now) >= endOfDay(now),
              updatedAt: now,
            }
          : { sequenceStatus: "completed", currentSequenceStep: steps.length, awaitingNextDay: false, updatedAt: now },
      )
      .where(eq(leads.id, task.leadId)),
  );
  if (effect === "complete") {
    writes.push(
      db
        .insert(userLeads)
        .values({ userId, leadId: task.leadId, status: "contacted", lastActionAt: now, createdAt: now })
        .onConflictDoUpdate({ target: [userLeads.userId, userLeads.leadId], set: { lastActionAt: now } }),
    );
  }
  const [first, ...rest] = writes;
  await db.batch([first, ...rest]);
  return {
    ok: true,
    outcome: input.outcome,
    scheduledFor: task.scheduledFor,
    next: next ? { id: next.id, activityType: next.activityType, scheduledFor: next.scheduledFor } : null,
  };
}
