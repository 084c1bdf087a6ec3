/**
 * Working a Today task: POST /api/tasks/{id} { outcome }. Snooze moves it a day; skip closes it unworked;
 * every other outcome completes it. Completing schedules the next: the lead's remaining steps are planned again
 * against the property as it is now (so a phone flagged DNC since the start — or by this very call, "asked not to
 * call" — is never a target and a call step falls back to a letter), and the lead's pointer moves to the next step.
 * One read batch (the task, its lead's steps, its contacts); then the task is claimed by a conditional update (`completed_at
 * is null`), so of two parallel requests one works it and the other answers 409 having written nothing; a letter or
 * email step is sent (send-step.server.ts); then every other write of the step, with the letter's ledger entry, in one
 * batch. A send that fails gives the claim back.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";

import {
  companyProfiles,
  followUpActivities,
  followUpActivityContacts,
  followUpSteps,
  leads,
  properties,
  userLeads,
  type OwnerPhone,
} from "#db/schema.ts";
import { ownerPhones } from "#app/domain/leads/phone.ts";
import { endOfDay, planStep, reachabilityOf, snoozedUntil } from "#app/domain/sequences/plan.ts";
import { templateFor } from "#app/domain/sequences/steps.ts";
import { renderTemplate } from "#app/domain/sequences/templates.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";
import { DEFAULT_TIME_ZONE } from "#app/domain/shared/time-zone.ts";
import {
  outcomeEffect,
  PHONE_NOT_ON_TASK,
  PHONE_OUTCOMES,
  TASK_ALREADY_DONE,
  TASK_NOT_FOUND,
  type TaskOutcomeInput,
} from "#app/domain/today/tasks.ts";
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";

import { PROPERTY_FIELDS, replanStatements } from "./rows.server.ts";
import { emailStep, mailLetterStep, type StepContext, type StepRefusal, type StepSent } from "./send-step.server.ts";

export type TaskResult =
  | {
      ok: true;
      outcome: string;
      scheduledFor: Date | null;
      next: { id: string; activityType: string; scheduledFor: Date | null } | null;
      /** The mail or email provider's id of what the step sent (a letter or email step), else null. */
      trackingId: string | null;
    }
  | { ok: false; status: 400 | 404 | 409; message: string }
  | StepRefusal;

/** The outcomes that make a phone unusable for the lead for good, and the flag each sets on it. */
const PHONE_FLAGS = { asked_not_to_call: "dnc", wrong_number: "wrongNumber" } as const;

function taskRead(context: ServiceContext<"db">, userId: string, activityId: string) {
  const { db } = context;
  return db
    .select({
      id: followUpActivities.id,
      leadId: followUpActivities.leadId,
      activityType: followUpActivities.activityType,
      scheduledFor: followUpActivities.scheduledFor,
      completedAt: followUpActivities.completedAt,
      plannedType: followUpSteps.plannedType,
      template: followUpSteps.template,
      ...PROPERTY_FIELDS,
    })
    .from(followUpActivities)
    .innerJoin(followUpSteps, eq(followUpSteps.activityId, followUpActivities.id))
    .innerJoin(leads, eq(leads.id, followUpActivities.leadId))
    .innerJoin(properties, and(eq(properties.id, leads.propertyId), eq(properties.userId, userId)))
    .where(and(eq(followUpActivities.id, activityId), eq(followUpActivities.userId, userId)));
}

/** The other steps of the task's lead, in order. */
function leadStepsRead(context: ServiceContext<"db">, userId: string, activityId: string) {
  const { db } = context;
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

function taskContactsRead(context: ServiceContext<"db">, userId: string, activityId: string) {
  const { db } = context;
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

/** The company name a letter is signed with (the step's {companyName}). */
function companyRead(context: ServiceContext<"db">, userId: string) {
  const { db } = context;
  return db.select({ companyName: companyProfiles.companyName }).from(companyProfiles).where(eq(companyProfiles.userId, userId));
}

export function workTask(
  context: StepContext,
  userId: string,
  activityId: string,
  input: TaskOutcomeInput,
  zone = DEFAULT_TIME_ZONE,
): Promise<TaskResult> {
  return work(context, { sender: context, userId, activityId, input, zone });
}

/**
 * Records a task as worked without sending its letter or email (the demo seed: steps worked before Breeze knew of
 * the lead, so nothing is mailed or charged).
 */
export function recordTask(
  context: ServiceContext<"db" | "now">,
  userId: string,
  activityId: string,
  input: TaskOutcomeInput,
): Promise<TaskResult> {
  return work(context, { sender: null, userId, activityId, input });
}

/** One task worked: `sender` sends its letter or email, null records it as worked without sending. */
type TaskWork = { sender: StepContext | null; userId: string; activityId: string; input: TaskOutcomeInput; zone?: string };

// eslint-disable-next-line max-lines-per-function, complexity -- its claim of each task is being rewritten; split into steps with that change
async function work(
  request: ServiceContext<"db" | "now">,
  { sender, userId, activityId, input, zone = DEFAULT_TIME_ZONE }: TaskWork,
): Promise<TaskResult> {
  // One instant for the claim, the writes and a give-back that must find the claim by its time.
  const context = atOneInstant(request);
  const { db } = context;
  const now = context.now();
  const [[task], steps, contacts, [company]] = await db.batch([
    taskRead(context, userId, activityId),
    leadStepsRead(context, userId, activityId),
    taskContactsRead(context, userId, activityId),
    companyRead(context, userId),
  ]);
  if (!task) return { ok: false, status: 404, message: TASK_NOT_FOUND };
  if (task.completedAt) return { ok: false, status: 409, message: TASK_ALREADY_DONE };
  const mine = and(eq(followUpActivities.id, activityId), eq(followUpActivities.userId, userId));

  const open = and(mine, isNull(followUpActivities.completedAt));

  const effect = outcomeEffect(input.outcome);
  if (effect === "snooze") {
    const until = snoozedUntil(task.scheduledFor ?? now, now, zone);
    const moved = await db.update(followUpActivities).set({ scheduledFor: until }).where(open).returning({ id: followUpActivities.id });
    if (moved.length === 0) return { ok: false, status: 409, message: TASK_ALREADY_DONE };
    return { ok: true, outcome: input.outcome, scheduledFor: until, next: null, trackingId: null };
  }

  // The phone an outcome is about: the one named (it must be the task's), else the first one that could be called.
  const phones = contacts.filter((contact) => contact.recipientType === "phone");
  let phone: string | null = null;
  if (PHONE_OUTCOMES.includes(input.outcome)) {
    const named = input.phone ? phones.find((contact) => digitsOf(contact.recipientValue) === digitsOf(input.phone!)) : undefined;
    if (input.phone && !named) return { ok: false, status: 400, message: PHONE_NOT_ON_TASK };
    phone = (named ?? phones.find((contact) => (contact.dncStatus ?? "clear") === "clear"))?.recipientValue ?? null;
    if (isOneOf(FLAGGING_OUTCOMES, input.outcome) && !phone) return { ok: false, status: 400, message: "This task has no phone to flag" };
  }
  const flag = isOneOf(FLAGGING_OUTCOMES, input.outcome) ? PHONE_FLAGS[input.outcome] : null;

  // The claim: only the request that finds the task open goes on.
  const claimed = await db.update(followUpActivities).set({ completedAt: now }).where(open).returning({ id: followUpActivities.id });
  if (claimed.length === 0) return { ok: false, status: 409, message: TASK_ALREADY_DONE };
  let sent: StepSent | null = null;
  if (sender && effect === "complete" && (task.activityType === "letter" || task.activityType === "email")) {
    const message = renderTemplate(templateFor(task), {
      ownerName: task.ownerName,
      address: task.address,
      offerAmount: task.maxOffer,
      companyName: company?.companyName ?? null,
    });
    const result =
      task.activityType === "letter"
        ? await mailLetterStep(sender, userId, { activityId, propertyId: task.propertyId, message, contacts })
        : await emailStep(sender, { activityId, address: task.address, message, contacts });
    if (!result.ok) {
      await giveBack(context, userId, activityId);
      return result;
    }
    sent = result;
  }

  const writes = [];
  // The property's phones, with the one the owner asked not to call (or that was a wrong number) flagged for good.
  let property = task;
  if (flag && phone) {
    const flagged = digitsOf(phone);
    const lines = ownerPhones(task);
    if (!lines.some((line) => digitsOf(line.number) === flagged)) lines.push({ number: phone, type: "unknown", dnc: false });
    const ownerPhoneNumbers: OwnerPhone[] = lines.map((line) => {
      const hit = digitsOf(line.number) === flagged;
      const wrongNumber = line.wrongNumber || (hit && flag === "wrongNumber");
      return {
        number: line.number,
        type: isOneOf(PHONE_TYPES, line.type) ? line.type : "unknown",
        dnc: line.dnc || (hit && flag === "dnc"),
        ...(wrongNumber ? { wrongNumber } : {}),
      };
    });
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
    ...(sent?.statements ?? []),
    db
      .update(followUpSteps)
      .set({ status, outcome: input.outcome })
      .where(and(eq(followUpSteps.activityId, activityId), eq(followUpSteps.userId, userId))),
    db
      .update(followUpActivityContacts)
      .set({ status, sentAt: effect === "skip" ? null : now })
      .where(and(eq(followUpActivityContacts.activityId, activityId), eq(followUpActivityContacts.status, "pending"))),
  );
  if (phone && flag) {
    const row = phones.find((contact) => contact.recipientValue === phone)!;
    const dncStatus = flag === "dnc" ? "blocked" : "wrong_number";
    writes.push(db.update(followUpActivityContacts).set({ dncStatus }).where(eq(followUpActivityContacts.id, row.id)));
  }

  // Schedule the next: every remaining step planned again against the property as it is now.
  const reach = reachabilityOf(property);
  const remaining = steps.filter((step) => step.activityId !== activityId && step.status === "pending");
  let next: { id: string; activityType: string; scheduledFor: Date | null; stepIndex: number; dayNumber: number } | null = null;
  for (const step of remaining) {
    const planned = planStep(step.plannedType, reach);
    writes.push(...replanStatements(context, userId, step.activityId, planned));
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
              awaitingNextDay: (next.scheduledFor ?? now) >= endOfDay(now, zone),
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
  try {
    await db.batch([first, ...rest]);
  } catch (error) {
    await giveBack(context, userId, activityId);
    throw error;
  }
  return {
    ok: true,
    outcome: input.outcome,
    scheduledFor: task.scheduledFor,
    next: next ? { id: next.id, activityType: next.activityType, scheduledFor: next.scheduledFor } : null,
    trackingId: sent?.trackingId ?? null,
  };
}

const FLAGGING_OUTCOMES = Object.keys(PHONE_FLAGS) as (keyof typeof PHONE_FLAGS)[];

/** Opens the task again after a send that failed: the claim this request took (its own `now`), nothing else. */
async function giveBack(context: ServiceContext<"db" | "now">, userId: string, activityId: string) {
  const { db } = context;
  const now = context.now();
  await db
    .update(followUpActivities)
    .set({ completedAt: null })
    .where(and(eq(followUpActivities.id, activityId), eq(followUpActivities.userId, userId), eq(followUpActivities.completedAt, now)));
}
