/**
 * Working a Today task: POST /api/tasks/{id} { outcome } and the Today form. Snooze moves it a day; skip
 * closes it unworked; every other outcome completes it, and the lead's remaining steps are planned again against the
 * property as it is now (so a phone flagged DNC since — or by this very call — is never a target).
 *
 * The task's row is claimed in the statement that changes it (`status = 'working'` where it is pending and its
 * sequence may be worked: running, not paused by the lead's status, no seller reply), so of parallel requests one
 * works it and the others answer 409 in words, having written nothing; a stopped, paused or replied sequence's task
 * is refused the same way. Only the claim's holder sends the letter or email; then the outcome, the mailing, the
 * charge and the replan go in one batch whose every statement is guarded by the state it expects. A send that fails
 * gives the claim back; a claim whose request died is taken over after its lease (step-claims.server.ts). A phone on
 * the do-not-call list, named by an outcome, answers 422 and records nothing.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { followUpActivities, followUpActivityContacts, followUpSteps } from "#db/schema.ts";
import { snoozedUntil } from "#app/domain/sequences/plan.ts";
import { templateFor } from "#app/domain/sequences/steps.ts";
import {
  CHOOSE_OFFER_FIRST,
  claimExpired,
  namesAmount,
  PHONE_ON_DNC,
  sequenceMetaOf,
  TASK_BEING_WORKED,
  taskRefusal,
  type TaskState,
} from "#app/domain/sequences/task-state.ts";
import { renderTemplate } from "#app/domain/sequences/templates.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";
import { MONEY_MIN } from "#app/domain/shared/money.ts";
import { DEFAULT_TIME_ZONE } from "#app/domain/shared/time-zone.ts";
import { callBackAt, statusAfterTalk } from "#app/domain/today/call-follow-up.ts";
import {
  outcomeEffect,
  PHONE_NOT_ON_TASK,
  PHONE_OUTCOMES,
  TASK_ALREADY_DONE,
  TASK_NOT_FOUND,
  type TaskOutcomeInput,
} from "#app/domain/today/tasks.ts";
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";

import { leadOutcomeStatements } from "./lead-outcome.server.ts";
import { stepWorkable, type PropertyFacts } from "./rows.server.ts";
import { emailStep, mailLetterStep, type StepContext, type StepRefusal, type StepSent } from "./send-step.server.ts";
import { claimStep, giveBack, heldBy, holding, type StepClaim } from "./step-claims.server.ts";
import { companyRead, leadStepsRead, taskContactsRead, taskRead, taskStateRead } from "./task-reads.server.ts";
import {
  contactedStatements,
  digitsOf,
  flaggedPhones,
  FLAGGING_OUTCOMES,
  flagPhoneStatements,
  isBlockedPhone,
  PHONE_FLAGS,
  scheduleNext,
  taskEntry,
  type NextStep,
} from "./task-writes.server.ts";

export type TaskResult =
  | {
      ok: true;
      outcome: string;
      scheduledFor: Date | null;
      next: NextStep | null;
      /** The mail or email provider's id of what the step sent (a letter or email step), else null. */
      trackingId: string | null;
      /** Why nothing was mailed (the offer's letter was mailed already), else null. */
      note: string | null;
      /** The lead's status once the outcome is written. */
      leadStatus: string;
    }
  | { ok: false; status: 400 | 404 | 409 | 422; message: string }
  | StepRefusal;

/** `actorId`: the member working the task, whose activity entry the outcome's batch writes (none for the seed). */
export type WorkRequest = { userId: string; activityId: string; input: TaskOutcomeInput; zone?: string; actorId?: string };

/** Works the task; a letter or email step is sent through the context's providers. */
export function workTask(context: StepContext, request: WorkRequest): Promise<TaskResult> {
  return work(context, context, request);
}

/**
 * Records a task as worked without sending its letter or email (the demo seed: steps worked before Breeze knew of
 * the lead, so nothing is mailed or charged).
 */
export function recordTask(context: ServiceContext<"db" | "now">, request: WorkRequest): Promise<TaskResult> {
  return work(context, null, request);
}

type Task = NonNullable<Awaited<ReturnType<typeof taskRead>>[number]>;
type Contact = Awaited<ReturnType<typeof taskContactsRead>>[number];

const stateOf = (task: Task, now: Date): TaskState => ({
  stepStatus: task.stepStatus,
  claimExpired: task.stepStatus === "working" && claimExpired(task.claimedAt, now),
  sequenceStatus: task.sequenceStatus,
  propertyStatus: task.status,
  replied: Boolean(task.replied),
});

/** The 409 in words of a task whose claim (or snooze) found nothing to change: its state as it is now. */
async function refusalNow(context: ServiceContext<"db">, userId: string, activityId: string): Promise<TaskResult> {
  const [state] = await taskStateRead(context, userId, activityId);
  if (!state) return { ok: false, status: 404, message: TASK_NOT_FOUND };
  const message = taskRefusal({ ...state, replied: Boolean(state.replied) }, TASK_ALREADY_DONE) ?? TASK_ALREADY_DONE;
  return { ok: false, status: 409, message };
}

/** The phone an outcome is about: the one named (it must be the task's), else the first the task may call. */
function phoneOf(task: Task, contacts: readonly Contact[], input: TaskOutcomeInput) {
  const phones = contacts.filter((contact) => contact.recipientType === "phone");
  if (input.phone && isBlockedPhone(task, input.phone)) return { ok: false as const, status: 422 as const, message: PHONE_ON_DNC };
  if (!PHONE_OUTCOMES.includes(input.outcome)) return { ok: true as const, contact: null };
  const named = input.phone ? phones.find((contact) => digitsOf(contact.recipientValue) === digitsOf(input.phone!)) : undefined;
  if (input.phone && !named) return { ok: false as const, status: 400 as const, message: PHONE_NOT_ON_TASK };
  const callable = phones.find((contact) => (contact.dncStatus ?? "clear") === "clear" && !isBlockedPhone(task, contact.recipientValue));
  const contact = named ?? callable ?? null;
  if (isOneOf(FLAGGING_OUTCOMES, input.outcome) && !contact)
    return { ok: false as const, status: 400 as const, message: "This task has no phone to flag" };
  return { ok: true as const, contact };
}

/** The lead's status after the outcome: a call where the user talked moves it (statusAfterTalk); nothing else does. */
const leadStatusAfter = (task: Task, input: TaskOutcomeInput): string =>
  input.outcome === "talked" ? statusAfterTalk(task.status, input.followUp ?? "keep") : task.status;

/** The chosen offer a letter or email names (the property's stored offer), or null when none was chosen. */
const chosenOfferOf = (task: Task) => (task.maxOffer !== null && Math.round(task.maxOffer) >= MONEY_MIN ? Math.round(task.maxOffer) : null);

async function work(base: ServiceContext<"db" | "now">, sender: StepContext | null, request: WorkRequest): Promise<TaskResult> {
  // One instant for every row the task writes.
  const context = atOneInstant(base);
  const { db } = context;
  const { userId, activityId, input } = request;
  const zone = request.zone ?? DEFAULT_TIME_ZONE;
  const [[task], steps, contacts, [company]] = await db.batch([
    taskRead(context, userId, activityId),
    leadStepsRead(context, userId, activityId),
    taskContactsRead(context, userId, activityId),
    companyRead(context, userId),
  ]);
  if (!task) return { ok: false, status: 404, message: TASK_NOT_FOUND };
  // The seed records steps of the past: the sequence's state now (a reply since, say) does not undo them.
  const live = sender !== null;
  const refused = refusalOf(task, live, context.now());
  if (refused) return { ok: false, status: 409, message: refused };
  const phone = phoneOf(task, contacts, input);
  if (!phone.ok) return phone;

  const effect = outcomeEffect(input.outcome);
  const moved = movedTo(context, task, input, zone);
  if (moved)
    return moved.ok
      ? snooze(context, { userId, task, input, until: moved.at, actorId: request.actorId })
      : { ok: false, status: 400, message: moved.message };

  const sends = sender !== null && effect === "complete" && SENDING_STEPS.includes(task.activityType);
  const template = templateFor(task);
  const amount = chosenOfferOf(task);
  const meta = sequenceMetaOf(task.sequenceMeta);
  if (sends && amount === null && namesAmount(template) && meta.withoutOffer === "wait")
    return { ok: false, status: 409, message: CHOOSE_OFFER_FIRST };

  const claimed = { ...input, zone, ...(request.actorId ? { actorId: request.actorId } : {}) };
  const claim = await claimStep(context, { userId, activityId, live, input: claimed });
  if (!claim) return refusalNow(context, userId, activityId);

  let sent: StepSent | null = null;
  if (sends) {
    const message = renderTemplate(template, {
      ownerName: task.ownerName,
      address: task.address,
      offerAmount: amount,
      companyName: company?.companyName ?? null,
    });
    const result = await sendStep(sender, {
      userId,
      activityId,
      task,
      message,
      contacts,
      amount,
      mailAgain: meta.mailAgainSteps.includes(task.stepIndex),
      actorId: request.actorId,
    });
    if (!result.ok) {
      await giveBack(context, claim);
      return result;
    }
    sent = result;
  }

  const writes = outcomeStatements(
    context,
    { claim, task, steps, contacts, input, phone: phone.contact, sent, actorId: request.actorId },
    zone,
  );
  if (!(await writeOutcome(context, claim, writes, sent))) return { ok: false, status: 409, message: TASK_BEING_WORKED };
  return {
    ok: true,
    outcome: input.outcome,
    scheduledFor: task.scheduledFor,
    next: writes.next,
    trackingId: sent?.trackingId ?? null,
    note: sent?.note ?? null,
    leadStatus: leadStatusAfter(task, input),
  };
}

/** Why the task may not be worked now (live), or — recording the past for the seed — why it was worked already. */
function refusalOf(task: Task, live: boolean, now: Date): string | null {
  if (live) return taskRefusal(stateOf(task, now), TASK_ALREADY_DONE);
  return task.stepStatus === "pending" ? null : TASK_ALREADY_DONE;
}

/**
 * Runs the outcome's batch; false when it wrote nothing because the step's own write (the last) found the claim no
 * longer this request's: it outlived its lease and another request took the step over and records the piece (the
 * same key answers the same piece), so this one gives its cap reservation back.
 */
async function writeOutcome(
  context: ServiceContext<"db">,
  claim: StepClaim,
  writes: ReturnType<typeof outcomeStatements>,
  sent: StepSent | null,
): Promise<boolean> {
  try {
    const results = await context.db.batch([writes.first, ...writes.rest]);
    if (results.at(-1)?.meta.changes !== 0) return true;
    await sent?.release();
    return false;
  } catch (error) {
    await Promise.all([giveBack(context, claim), sent?.release()]);
    throw error;
  }
}

/** Sends the claimed letter or email step through the sender's providers. */
function sendStep(
  sender: StepContext,
  step: {
    userId: string;
    activityId: string;
    task: Task;
    message: string;
    contacts: readonly Contact[];
    amount: number | null;
    mailAgain: boolean;
    actorId?: string;
  },
): Promise<StepSent | StepRefusal> {
  const { userId, activityId, task, message, contacts, amount, mailAgain, actorId } = step;
  return task.activityType === "letter"
    ? mailLetterStep(sender, { userId, activityId, propertyId: task.propertyId, message, contacts, amount, mailAgain, actorId })
    : emailStep(sender, { activityId, address: task.address, message, contacts });
}

/** The steps whose Done sends something (a letter through the mail provider, an email through the email one). */
const SENDING_STEPS: readonly string[] = ["letter", "email"];

/** Where a snooze or an agreed call back moves the task (a refusal for a bad call-back day); null: it is not moved. */
function movedTo(context: ServiceContext<"now">, task: Task, input: TaskOutcomeInput, zone: string) {
  const now = context.now();
  if (outcomeEffect(input.outcome) === "snooze") return { ok: true as const, at: snoozedUntil(task.scheduledFor ?? now, now, zone) };
  if (input.outcome === "talked" && input.followUp === "call_back") return callBackAt(input.callBackOn, now, zone);
  return null;
}

/**
 * Snooze, or a call back on an agreed day, in one batch: the open, workable step is claimed for the batch alone (its
 * row changed from pending), the task moved to `until`, what the outcome writes on the lead (its note; a call back's
 * status and last contact) written under that claim, and the claim given back. A step that could not be claimed (a
 * stopped sequence's, one worked meanwhile) changes nothing, its note included.
 */
async function snooze(
  context: ServiceContext<"db" | "now">,
  request: { userId: string; task: Task; input: TaskOutcomeInput; until: Date; actorId?: string },
): Promise<TaskResult> {
  const { db } = context;
  const { userId, task, input, until } = request;
  const claim: StepClaim = { userId, activityId: task.id, claimedAt: context.now() };
  // A claim is known by its time, which a parallel request can share to the millisecond: this batch's own claim also
  // carries a random mark, so its writes and its give-back never act on another request's claim.
  const mark = { outcome: "snoozed", claim: crypto.randomUUID() };
  const ownClaim = and(heldBy(claim), sql`${followUpSteps.claimedInput} = ${JSON.stringify(mark)}`)!;
  const held = sql`exists (select 1 from ${followUpSteps} where ${ownClaim})`;
  const ownTask = and(eq(followUpActivities.id, task.id), eq(followUpActivities.userId, userId));
  const open = sql`exists (select 1 from ${followUpActivities} where ${ownTask} and ${followUpActivities.completedAt} is null)`;
  const onLead = leadOutcomeStatements(context, { userId, task, input, condition: held });
  if (input.outcome === "talked") onLead.push(...contactedStatements(context, { userId, leadId: task.leadId, condition: held }));
  if (request.actorId) onLead.push(taskEntry(context, { userId, actorId: request.actorId, task, input, condition: held }));
  const [claimed] = await db.batch([
    db
      .update(followUpSteps)
      .set({ status: "working", claimedAt: claim.claimedAt, claimedInput: mark })
      .where(
        and(
          eq(followUpSteps.activityId, task.id),
          eq(followUpSteps.userId, userId),
          eq(followUpSteps.status, "pending"),
          stepWorkable(userId),
          open,
        ),
      )
      .returning({ activityId: followUpSteps.activityId }),
    db.update(followUpActivities).set({ scheduledFor: until }).where(and(ownTask, held)),
    ...onLead,
    db.update(followUpSteps).set({ status: "pending", claimedAt: null, claimedInput: null }).where(ownClaim),
  ]);
  if (claimed.length === 0) return refusalNow(context, userId, task.id);
  const leadStatus = leadStatusAfter(task, input);
  return { ok: true, outcome: input.outcome, scheduledFor: until, next: null, trackingId: null, note: null, leadStatus };
}

type Outcome = {
  claim: StepClaim;
  task: Task;
  steps: Awaited<ReturnType<typeof leadStepsRead>>;
  contacts: readonly Contact[];
  input: TaskOutcomeInput;
  phone: Contact | null;
  sent: StepSent | null;
  actorId?: string;
};

/** The worked step's writes, each guarded: the step only while this request holds it, the rest as scheduleNext says. */
function outcomeStatements(context: ServiceContext<"db" | "now">, outcome: Outcome, zone: string) {
  const { db } = context;
  const now = context.now();
  const { claim, task, input, phone, sent } = outcome;
  const { userId } = claim;
  const effect = outcomeEffect(input.outcome);
  const flag = isOneOf(FLAGGING_OUTCOMES, input.outcome) ? PHONE_FLAGS[input.outcome] : null;
  let property: PropertyFacts = task;
  const writes: BatchItem<"sqlite">[] = [];
  if (flag && phone) {
    property = { ...task, ownerPhoneNumbers: flaggedPhones(task, phone.recipientValue, flag) };
    writes.push(...flagPhoneStatements(context, { userId, property, contactId: phone.id, flag }));
  }
  const status = effect === "skip" ? "skipped" : "done";
  const held = holding(claim);
  writes.push(
    ...(sent?.statements(held) ?? []),
    db
      .update(followUpActivities)
      .set({ completedAt: now })
      .where(and(eq(followUpActivities.id, task.id), eq(followUpActivities.userId, userId), isNull(followUpActivities.completedAt), held)),
    db
      .update(followUpActivityContacts)
      .set({ status, sentAt: effect === "skip" ? null : now })
      .where(and(eq(followUpActivityContacts.activityId, task.id), eq(followUpActivityContacts.status, "pending"), held)),
  );
  const scheduled = scheduleNext(context, { userId, activityId: task.id, leadId: task.leadId, property, steps: outcome.steps }, zone);
  writes.push(...scheduled.statements);
  if (effect === "complete") writes.push(...contactedStatements(context, { userId, leadId: task.leadId, condition: held }));
  writes.push(...leadOutcomeStatements(context, { userId, task, input, condition: held }));
  // A Done that mailed a letter is logged as the letter mailed, by the sent statements; any other outcome as the task.
  if (outcome.actorId && !sent?.logged) writes.push(taskEntry(context, { userId, actorId: outcome.actorId, task, input, condition: held }));
  // The step itself last: every statement before it ran while this request held the claim.
  writes.push(
    db
      .update(followUpSteps)
      .set({ status, outcome: input.outcome, claimedInput: null, ...(sent?.note ? { reason: sent.note } : {}) })
      .where(heldBy(claim)),
  );
  const [first, ...rest] = writes;
  return { first, rest, next: scheduled.next };
}
