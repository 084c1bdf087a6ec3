/**
 * POST /api/tasks/{id} and the Today form (a no-JavaScript tab) give the same answer for the same state: each state is
 * built twice, alike, and worked once through each. A success is the API's 200 and the form's redirect back to Today,
 * with the same effect; a refusal is the same status and the same words from both, and writes nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { conversations, followUpSteps, messages } from "#db/schema.ts";
import {
  CHOOSE_OFFER_FIRST,
  PHONE_ON_DNC,
  SEQUENCE_PAUSED_BY_STATUS_TASK,
  SEQUENCE_PAUSED_TASK,
  SEQUENCE_REPLIED_TASK,
  SEQUENCE_STOPPED_TASK,
  STEP_LEASE_MS,
  TASK_BEING_WORKED,
} from "#app/domain/sequences/task-state.ts";
import { TASK_ALREADY_DONE, TASK_NOT_FOUND } from "#app/domain/today/tasks.ts";
import { action as propertyRoute } from "#app/routes/api.properties.$id.ts";

import { aLead, chargesOf, db, letterStep, NOW, outboxOf, signedUp, withSteps } from "./sequence-fixtures.ts";

type Pat = Awaited<ReturnType<typeof signedUp>>;
type Built = { pat: Pat; taskId: string; fields?: Record<string, string> };
/** What both channels answered, put alike: ok (200 / a redirect to Today), or the status and the words. */
type Answer = { ok: true } | { ok: false; status: number; message: string | null };

/** A lead with one letter step due today (or a call and a text, for a phone), its sequence started. */
async function started(options: { call?: boolean; offer?: boolean; wait?: boolean } = {}) {
  const pat = await signedUp();
  if (!options.call) await withSteps(pat.userId, [letterStep(0)], options.wait ? "wait" : "no_price");
  const lead = await aLead(pat.userId, options.offer === false ? { maxOffer: null } : {});
  expect((await pat.start(lead.id)).status).toBe(201);
  const [task] = await pat.today();
  return { pat, lead, task };
}

const patch = (pat: Pat, propertyId: string, body: Record<string, unknown>) =>
  pat.client.call(propertyRoute, "PATCH", `/api/properties/${propertyId}`, body, { params: { id: propertyId } });

/** Each state, built fresh; every builder gives a task to work with outcome "done" (and its fields). */
const STATES: { name: string; build: () => Promise<Built>; expected: Answer }[] = [
  {
    name: "pending, workable",
    build: async () => {
      const { pat, task } = await started();
      return { pat, taskId: task.id };
    },
    expected: { ok: true },
  },
  {
    name: "done already",
    build: async () => {
      const { pat, task } = await started();
      expect((await pat.work(task.id, { outcome: "done" })).status).toBe(200);
      return { pat, taskId: task.id };
    },
    expected: { ok: false, status: 409, message: TASK_ALREADY_DONE },
  },
  {
    name: "held by another request's claim (within its lease)",
    build: async () => {
      const { pat, task } = await started();
      await db.update(followUpSteps).set({ status: "working", claimedAt: NOW }).where(eq(followUpSteps.activityId, task.id));
      return { pat, taskId: task.id };
    },
    expected: { ok: false, status: 409, message: TASK_BEING_WORKED },
  },
  {
    name: "held by a claim past its lease (a request that died): taken over",
    build: async () => {
      const { pat, task } = await started();
      const claimedAt = new Date(NOW.getTime() - STEP_LEASE_MS - 1_000);
      await db.update(followUpSteps).set({ status: "working", claimedAt }).where(eq(followUpSteps.activityId, task.id));
      return { pat, taskId: task.id };
    },
    expected: { ok: true },
  },
  {
    name: "sequence stopped",
    build: async () => {
      const { pat, lead, task } = await started();
      expect((await pat.start(lead.id, "stop")).status).toBe(200);
      return { pat, taskId: task.id };
    },
    expected: { ok: false, status: 409, message: SEQUENCE_STOPPED_TASK },
  },
  {
    name: "sequence paused",
    build: async () => {
      const { pat, lead, task } = await started();
      expect((await pat.start(lead.id, "pause")).status).toBe(200);
      return { pat, taskId: task.id };
    },
    expected: { ok: false, status: 409, message: SEQUENCE_PAUSED_TASK },
  },
  {
    name: "lead under contract",
    build: async () => {
      const { pat, lead, task } = await started();
      expect((await patch(pat, lead.id, { status: "under_contract" })).status).toBe(200);
      return { pat, taskId: task.id };
    },
    expected: { ok: false, status: 409, message: SEQUENCE_PAUSED_BY_STATUS_TASK },
  },
  {
    name: "seller replied in Messages",
    build: async () => {
      const { pat, lead, task } = await started();
      const [talk] = await db.insert(conversations).values({ userId: pat.userId, propertyId: lead.id, title: "John" }).returning();
      await db.insert(messages).values({
        userId: pat.userId,
        conversationId: talk.id,
        role: "assistant",
        isAiGenerated: false,
        content: "Please stop writing.",
        createdAt: new Date(NOW.getTime() + 60_000),
      });
      return { pat, taskId: task.id };
    },
    expected: { ok: false, status: 409, message: SEQUENCE_REPLIED_TASK },
  },
  {
    name: "no chosen offer, the sequence waits for one",
    build: async () => {
      const { pat, task } = await started({ offer: false, wait: true });
      return { pat, taskId: task.id };
    },
    expected: { ok: false, status: 409, message: CHOOSE_OFFER_FIRST },
  },
  {
    name: "a call naming a phone on the do-not-call list",
    build: async () => {
      const { pat, task } = await started({ call: true });
      return { pat, taskId: task.id, fields: { outcome: "talked", phone: "+16025550102" } };
    },
    expected: { ok: false, status: 422, message: PHONE_ON_DNC },
  },
  {
    name: "another user's task",
    build: async () => {
      const { task } = await started();
      const stranger = await signedUp();
      return { pat: stranger, taskId: task.id };
    },
    expected: { ok: false, status: 404, message: TASK_NOT_FOUND },
  },
];

async function viaApi({ pat, taskId, fields }: Built): Promise<Answer> {
  const answer = await pat.work(taskId, fields ?? { outcome: "done" });
  if (answer.status === 200) return { ok: true };
  return { ok: false, status: answer.status, message: (answer.body.message as string) ?? null };
}

async function viaForm({ pat, taskId, fields }: Built): Promise<Answer> {
  const answer = await pat.post({ taskId, ...(fields ?? { outcome: "done" }) });
  if (answer.status === 302) return { ok: true };
  return { ok: false, status: answer.status, message: answer.message };
}

/** What the state's task and its user's mail and ledger hold: equal before and after a refusal. */
async function written(built: Built) {
  const step = await db
    .select({ status: followUpSteps.status, outcome: followUpSteps.outcome })
    .from(followUpSteps)
    .where(eq(followUpSteps.activityId, built.taskId))
    .get();
  return { step, outbox: (await outboxOf(built.pat.userId)).length, charges: (await chargesOf(built.pat.userId)).length };
}

describe("the API and the Today form answer alike", () => {
  it.each(STATES)("$name", async ({ build, expected }) => {
    const [forApi, forForm] = [await build(), await build()];
    const before = [await written(forApi), await written(forForm)];
    const answers = [await viaApi(forApi), await viaForm(forForm)];
    expect(answers[0]).toEqual(expected);
    expect(answers[1]).toEqual(answers[0]);
    const after = [await written(forApi), await written(forForm)];
    if (expected.ok) {
      // The same effect: the step done, one letter mailed and charged on each side.
      for (const [index, built] of [forApi, forForm].entries()) {
        expect(await built.pat.today()).toEqual([]);
        expect(after[index]).toMatchObject({ step: { status: "done", outcome: "done" }, outbox: 1, charges: 1 });
      }
    } else expect(after).toEqual(before);
  });
});
