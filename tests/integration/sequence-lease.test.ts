/**
 * A claimed step whose request dies between its claim and its outcome (a worker killed while the mail vendor had the
 * letter): the step stays `working` only for its lease; then the next work request or the hourly sweep takes it over
 * and retries the letter under the first attempt's idempotency key, so the vendor answers the letter it made — one
 * piece, one charge. A request that outlived its lease writes nothing once another has taken the step over.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { activityLog, followUpSteps, letterMailings } from "#db/schema.ts";
import { STEP_LEASE_MS, TASK_BEING_WORKED } from "#app/domain/sequences/task-state.ts";
import { action as workTaskRoute } from "#app/routes/api.tasks.$id.ts";
import { finishStaleClaims } from "#app/services/sequences/stale-claims.server.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";

import { member } from "./member-caps-setup.ts";
import { aLead, chargesOf, db, letterStep, NOW, signedUp, stepsOf, withSteps } from "./sequence-fixtures.ts";

const LOB = {
  MAIL: "lob",
  LOB_API_KEY: "test_key",
  LOB_BASE_URL: "https://lob.fake.test",
  LOB_RETRY_DELAY_MS: "0",
};
const AFTER_LEASE = new Date(NOW.getTime() + STEP_LEASE_MS + 60_000);

/**
 * Lob, with the first letter's answer never delivered: Lob makes the letter, and the request that asked for it never
 * goes on (as when its worker is killed). `answerFirst` delivers it after all (a request slower than its lease).
 */
function lobThatLosesTheFirstRequest() {
  const lob = createFakeLob("test_key");
  let first = true;
  let letterMade!: () => void;
  const made = new Promise<void>((resolve) => (letterMade = resolve));
  let deliver!: (response: Response) => void;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await lob.fetch(input as Request, init);
    if (!first) return response;
    first = false;
    letterMade();
    return new Promise<Response>((resolve) => (deliver = resolve));
  };
  return { lob, fetch, made, answerFirst: async () => deliver(await lob.fetch(...lastLetterRequest(lob))) };
}

/** A repeat of Lob's last letter request (same key: Lob answers the letter it made). */
function lastLetterRequest(lob: ReturnType<typeof createFakeLob>): [string, RequestInit] {
  const letter = lob.letters.at(-1)!;
  const form = new FormData();
  for (const [name, value] of Object.entries(letter.fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(letter.fileBytes)], { type: "application/pdf" }), "letter.pdf");
  return [
    "https://lob.fake.test/v1/letters",
    {
      method: "POST",
      body: form,
      headers: { Authorization: `Basic ${btoa("test_key:")}`, "Idempotency-Key": letter.idempotencyKey ?? "" },
    },
  ];
}

/**
 * A lead with one letter step due today, and a request working it that dies once Lob has made the letter: the
 * founder's, or an acquisitions member's (`worker`).
 */
async function aDeadRequest(by: "founder" | "member" = "founder") {
  const vendor = lobThatLosesTheFirstRequest();
  const pat = await signedUp({ vars: LOB, fetch: vendor.fetch });
  await withSteps(pat.userId, [letterStep(0)]);
  const lead = await aLead(pat.userId);
  expect((await pat.start(lead.id)).status).toBe(201);
  const [task] = await pat.today();
  expect(task).toMatchObject({ activityType: "letter" });
  const worker = by === "member" ? await member(pat.client, pat.client.context) : null;
  const dying = worker
    ? worker.client.call(workTaskRoute, "POST", `/api/tasks/${task.id}`, { outcome: "done" }, { params: { id: task.id } })
    : pat.work(task.id, { outcome: "done" });
  await vendor.made;
  expect((await stepsOf(task.leadId))[0]).toMatchObject({ status: "working", completedAt: null });
  return { ...vendor, pat, lead, task, dying, worker };
}

async function expectOneLetterOneCharge(dead: Awaited<ReturnType<typeof aDeadRequest>>) {
  const { lob, pat, lead, task } = dead;
  expect(lob.letters).toHaveLength(1);
  expect(new Set(lob.requests.map((request) => request.idempotencyKey))).toEqual(new Set([`sequence-${task.id}`]));
  const charges = await chargesOf(pat.userId);
  expect(charges).toHaveLength(1);
  expect(charges[0]).toMatchObject({ kind: "letter", quantity: 1, providerRequestId: lob.letters[0].id });
  const mailings = await db.select().from(letterMailings).where(eq(letterMailings.propertyId, lead.id));
  expect(mailings).toMatchObject([{ status: "mailed", trackingId: lob.letters[0].id }]);
  expect((await stepsOf(task.leadId))[0]).toMatchObject({ status: "done", outcome: "done" });
}

describe("a step whose request died after its claim", () => {
  it("is held for its lease, then the next work request takes it over under the same key: one letter, one charge", async () => {
    const dead = await aDeadRequest();
    const { pat, task } = dead;
    const held = await pat.work(task.id, { outcome: "done" });
    expect(held).toMatchObject({ status: 409, body: { message: TASK_BEING_WORKED } });

    pat.setNow(AFTER_LEASE);
    const retaken = await pat.work(task.id, { outcome: "done" });
    expect(retaken.status, JSON.stringify(retaken.body)).toBe(200);
    expect(retaken.body.trackingId).toBe(dead.lob.letters[0].id);
    await expectOneLetterOneCharge(dead);
    expect(await pat.work(task.id, { outcome: "done" })).toMatchObject({ status: 409 });
    expect(dead.lob.letters).toHaveLength(1);
  });

  it("is finished by the hourly sweep with the outcome it was asked for, once: one letter, one charge", async () => {
    const dead = await aDeadRequest();
    const { pat } = dead;
    // Within the lease the sweep leaves it to the request that holds it.
    expect(await finishStaleClaims({ ...pat.client.context, now: () => NOW })).toEqual({ finished: 0, released: 0, retryLater: 0 });

    const sweep = { ...pat.client.context, now: () => AFTER_LEASE };
    expect(await finishStaleClaims(sweep)).toEqual({ finished: 1, released: 0, retryLater: 0 });
    await expectOneLetterOneCharge(dead);
    expect(await finishStaleClaims(sweep)).toEqual({ finished: 0, released: 0, retryLater: 0 });
    expect(dead.lob.letters).toHaveLength(1);
  });

  it("of a member is finished by the sweep as theirs: the letter charged and logged to them, not to the founder", async () => {
    const dead = await aDeadRequest("member");
    const { pat, lead, worker } = dead;
    expect(await finishStaleClaims({ ...pat.client.context, now: () => AFTER_LEASE })).toEqual({ finished: 1, released: 0, retryLater: 0 });
    await expectOneLetterOneCharge(dead);
    expect((await chargesOf(pat.userId)).map((charge) => charge.actorId)).toEqual([worker!.userId]);
    const [mailing] = await db.select().from(letterMailings).where(eq(letterMailings.propertyId, lead.id));
    expect(mailing!.actorId).toBe(worker!.userId);
    const entries = await db
      .select({ kind: activityLog.kind, actorId: activityLog.actorId })
      .from(activityLog)
      .where(and(eq(activityLog.userId, pat.userId), eq(activityLog.propertyId, lead.id)));
    expect(entries).toEqual([{ kind: "letter_mailed", actorId: worker!.userId }]);
  });

  it("is given back as pending by the sweep when its sequence was stopped meanwhile: nothing mailed again", async () => {
    const dead = await aDeadRequest();
    const { pat, lead, task } = dead;
    expect((await pat.start(lead.id, "stop")).status).toBe(200);
    expect(await finishStaleClaims({ ...pat.client.context, now: () => AFTER_LEASE })).toEqual({ finished: 0, released: 1, retryLater: 0 });
    const [step] = await db.select().from(followUpSteps).where(eq(followUpSteps.activityId, task.id));
    expect(step).toMatchObject({ status: "pending", claimedAt: null, claimedInput: null });
    expect(dead.lob.letters).toHaveLength(1);
    expect(await chargesOf(pat.userId)).toHaveLength(0);
  });

  it("a request slower than its lease writes nothing once another took the step over (one charge, its reservation back)", async () => {
    const dead = await aDeadRequest();
    const { pat, task } = dead;
    pat.setNow(AFTER_LEASE);
    expect((await pat.work(task.id, { outcome: "done" })).status).toBe(200);
    await dead.answerFirst();
    const late = await dead.dying;
    expect(late).toMatchObject({ status: 409, body: { message: TASK_BEING_WORKED } });
    await expectOneLetterOneCharge(dead);
  });
});
