/**
 * Two tabs working one lead at once (fast-check): pairs of work / talk / skip / snooze / stop / do-not-call sent in
 * parallel, the final rows compared with a sequential model run in either order of each pair. No interleaving reopens
 * a step, refuses what a sequential run would not, or mails a piece without its charge.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { leads, letterMailings } from "#db/schema.ts";
import type { SequenceStep } from "#app/domain/sequences/steps.ts";
import { action as propertyRoute } from "#app/routes/api.properties.$id.ts";

import { aLead, chargesOf, db, leadRow, letterStep, outboxOf, signedUp, stepsOf, withSteps } from "./sequence-fixtures.ts";

const MOBILE = "+16025550101";
/** A call, two texts and a letter that mails again, all due today; the owner has an email, so texts fall back to it. */
const STEPS: SequenceStep[] = [
  { dayNumber: 0, activityType: "call", template: "Call about {address}." },
  { dayNumber: 0, activityType: "text", template: "Hi {ownerFirstName}, about {address}." },
  letterStep(0, true),
  { dayNumber: 0, activityType: "text", template: "Still interested in {address}?" },
];

type Op = { kind: "work" | "talk" | "skip" | "snooze"; step: number } | { kind: "stop" } | { kind: "dnc" };

type Model = { steps: ("pending" | "done" | "skipped")[]; sequence: "active" | "stopped" | "completed"; dnc: boolean };

/** One op applied to the model, sequentially: the answer's status and the state after it. */
function apply(model: Model, op: Op): { status: number; model: Model } {
  const next: Model = { steps: [...model.steps], sequence: model.sequence, dnc: model.dnc };
  const settle = (status: number) => {
    if (next.sequence === "active" && next.steps.every((step) => step !== "pending")) next.sequence = "completed";
    return { status, model: next };
  };
  if (op.kind === "dnc") return settle(((next.dnc = true), 200));
  if (op.kind === "stop") {
    if (next.sequence !== "active") return settle(409);
    next.sequence = "stopped";
    return settle(200);
  }
  if (next.sequence !== "active" || next.steps[op.step] !== "pending") return settle(409);
  if (op.kind === "talk") {
    if (next.dnc) return settle(422);
    if (STEPS[op.step].activityType === "letter") return settle(400);
  }
  if (op.kind === "skip") next.steps[op.step] = "skipped";
  else if (op.kind !== "snooze") next.steps[op.step] = "done";
  return settle(200);
}

/** Stopped and completed both end the sequence: a stop racing the last step's batch may leave either. */
const ended = (sequence: string) => (sequence === "active" ? "active" : "ended");
const TASK_OPS = new Set(["work", "talk", "skip", "snooze"]);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom("work", "talk", "skip", "snooze"),
      step: fc.integer({ min: 0, max: STEPS.length - 1 }),
    }) as fc.Arbitrary<Op>,
  },
  { weight: 1, arbitrary: fc.constant<Op>({ kind: "stop" }) },
  { weight: 1, arbitrary: fc.constant<Op>({ kind: "dnc" }) },
);

describe("two tabs on one lead, against a sequential model", () => {
  it("ends with the rows and answers of one sequential order of each parallel pair", { timeout: 120_000 }, async () => {
    const pat = await signedUp({ vars: { USAGE_LIMITS: JSON.stringify({ letter: { perDay: 10_000, perMonth: 10_000 } }) } });
    await withSteps(pat.userId, STEPS);
    const send = (propertyId: string, ids: string[], op: Op) => {
      if (op.kind === "stop") return pat.start(propertyId, "stop");
      if (op.kind === "dnc")
        return pat.client.call(
          propertyRoute,
          "PATCH",
          `/api/properties/${propertyId}`,
          { ownerDncPhone: MOBILE },
          { params: { id: propertyId } },
        );
      const body =
        op.kind === "talk"
          ? { outcome: "talked", phone: MOBILE }
          : { outcome: op.kind === "work" ? "done" : op.kind === "skip" ? "skipped" : "snoozed" };
      return pat.work(ids[op.step], body);
    };

    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(opArb, opArb), { minLength: 1, maxLength: 5 }), async (pairs) => {
        const lead = await aLead(pat.userId, { ownerEmail: "john@example.com" });
        expect((await pat.start(lead.id)).status).toBe(201);
        const leadId = (await db.select({ id: leads.id }).from(leads).where(eq(leads.vendorLeadId, lead.id)).get())!.id;
        const ids = (await stepsOf(leadId)).map((step) => step.id);
        let model: Model = { steps: STEPS.map(() => "pending"), sequence: "active", dnc: false };

        for (const [a, b] of pairs) {
          const answers = await Promise.all([send(lead.id, ids, a), send(lead.id, ids, b)]);
          const rows = await stepsOf(leadId);
          const actual = rows.map((row) => row.status);
          const sequence = ended((await leadRow(leadId)).sequenceStatus);
          const orders = [
            [a, b],
            [b, a],
          ].map(([first, second]) => {
            const one = apply(model, first);
            const two = apply(one.model, second);
            const statuses = first === a ? [one.status, two.status] : [two.status, one.status];
            return { model: two.model, statuses };
          });
          const match = orders.find(
            (order) =>
              JSON.stringify(order.model.steps) === JSON.stringify(actual) &&
              ended(order.model.sequence) === sequence &&
              [a, b].every((op, index) => !TASK_OPS.has(op.kind) || order.statuses[index] === answers[index].status),
          );
          expect(
            match,
            `${JSON.stringify([a, b])} answered ${answers.map((answer) => answer.status)} → ${actual} ${sequence}`,
          ).toBeDefined();
          model = { ...match!.model, sequence: (await leadRow(leadId)).sequenceStatus as Model["sequence"] };
          // Nothing is left claimed, and a closed step stays closed (its activity too).
          expect(rows.every((row) => row.status !== "working" && (row.status === "pending") === (row.completedAt === null))).toBe(true);
        }
        // Every piece mailed has its one charge and its one mailing record.
        const [pieces, charges, mailings] = await Promise.all([
          outboxOf(pat.userId),
          chargesOf(pat.userId),
          db.select().from(letterMailings).where(eq(letterMailings.userId, pat.userId)),
        ]);
        expect(charges.map((charge) => charge.providerRequestId).sort()).toEqual(pieces.map((piece) => piece.trackingId).sort());
        expect(mailings.filter((mailing) => mailing.status === "mailed")).toHaveLength(pieces.length);
      }),
      { numRuns: 12 },
    );
  });
});
