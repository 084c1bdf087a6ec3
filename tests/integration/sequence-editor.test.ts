/**
 * The Sequences screen (ADR 075): the user's "New seller lead" is the default until saved; Save checks
 * the steps (day 0–365, 1–20 steps, template ≤ 1,000 characters with known placeholders only, activity type) and stores
 * them in day order; Up/Down/Remove/Add rearrange the draft without saving; another user's sequence id is a 404; a
 * sequence started after a save uses the saved steps while one started before keeps its own.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { followUpSteps, userSequences } from "#db/schema.ts";
import { DEFAULT_SEQUENCE_STEPS } from "#app/domain/sequences/steps.ts";
import { action, loader } from "#app/routes/sequences.tsx";

import { toastOf, type ApiClient, type Handler } from "./api-client.ts";
import { aLead, DAY, db, NOW, signedUp, stepsOf } from "./sequence-fixtures.ts";

type Step = { dayNumber: string; activityType: string; template: string; mailAgain?: string };
type Page = { sequenceId: string | null; name: string; steps: Step[] };
type Answer = { draft: Step[]; errors: Record<string, string[]>; message: string | null };

/** The form's fields for these steps, as the page posts them. */
function fields(steps: readonly Partial<Step>[]): Record<string, string> {
  return Object.fromEntries(
    steps.flatMap((step, index) =>
      Object.entries(step).map(([field, value]) => [`steps.${index}.${field}`, String(value)] as [string, string]),
    ),
  );
}

const post = (client: ApiClient, intent: string, steps: readonly Partial<Step>[], sequenceId = "") =>
  client.send(action as Handler, "POST", "/sequences", { form: { intent, sequenceId, ...fields(steps) } });
const page = (client: ApiClient) => client.load<Page>(loader as Handler, "/sequences");
const rowsOf = (userId: string) => db.select().from(userSequences).where(eq(userSequences.userId, userId));

const TWO_STEPS: Step[] = [
  {
    dayNumber: "2",
    activityType: "letter",
    template: "Dear {ownerFirstName}, about {address}: {offerAmount}. {companyName}",
    mailAgain: "",
  },
  { dayNumber: "0", activityType: "call", template: "Call {ownerFirstName} first", mailAgain: "" },
];

describe("the Sequences screen", () => {
  it("shows the default New seller lead until the user saves, then saves the steps in day order", async () => {
    const pat = await signedUp();
    const before = await page(pat.client);
    expect(before).toMatchObject({ sequenceId: null, name: "New seller lead" });
    expect(before.steps.map((step) => `${step.dayNumber} ${step.activityType}`)).toEqual([
      "0 call",
      "1 text",
      "3 letter",
      "7 call",
      "14 email",
      "30 letter",
    ]);

    const saved = await post(pat.client, "save", TWO_STEPS);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/sequences");
    expect(toastOf(saved)?.title).toBe("Sequence saved");
    const after = await page(pat.client);
    expect(after.sequenceId).toEqual(expect.any(String));
    expect(after.steps).toEqual([TWO_STEPS[1], TWO_STEPS[0]]);

    // A second save updates the same row (by its id).
    expect((await post(pat.client, "save", [TWO_STEPS[1]], after.sequenceId!)).status).toBe(302);
    const rows = await rowsOf(pat.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: after.sequenceId,
      steps: [{ dayNumber: 0, activityType: "call", template: "Call {ownerFirstName} first" }],
      withoutOffer: "no_price",
    });

    // A letter that mails again, and letters that wait for a chosen offer.
    const remind = pat.client.send(action as Handler, "POST", "/sequences", {
      form: { intent: "save", sequenceId: after.sequenceId!, withoutOffer: "wait", ...fields([{ ...TWO_STEPS[0], mailAgain: "on" }]) },
    });
    expect((await remind).status).toBe(302);
    expect((await rowsOf(pat.userId))[0]).toMatchObject({ withoutOffer: "wait", steps: [{ activityType: "letter", mailAgain: true }] });
    expect(await page(pat.client)).toMatchObject({ withoutOffer: "wait", steps: [{ activityType: "letter", mailAgain: "on" }] });
    const refused = await pat.client.send(action as Handler, "POST", "/sequences", {
      form: { intent: "save", sequenceId: after.sequenceId!, withoutOffer: "guess", ...fields([TWO_STEPS[1]]) },
    });
    expect(refused.status).toBe(400);
    expect((await rowsOf(pat.userId))[0]).toMatchObject({ withoutOffer: "wait" });
  });

  it("refuses bad steps with field errors naming what is wrong, and writes nothing", async () => {
    const pat = await signedUp();
    const refused = await post(pat.client, "save", [
      { dayNumber: "0", activityType: "call", template: "Hi {ownerName}, {address} {Company}" },
      { dayNumber: "400", activityType: "fax", template: "x".repeat(1001) },
      { dayNumber: "1.5", activityType: "text", template: "   " },
    ]);
    expect(refused.status).toBe(400);
    const { errors, draft } = (await refused.json()) as Answer;
    expect(errors["steps.0.template"]).toEqual([
      "Unknown placeholders: {ownerName}, {Company}. Use {ownerFirstName}, {address}, {offerAmount}, {companyName}",
    ]);
    expect(errors["steps.1.dayNumber"]).toEqual(["Day must be at most 365"]);
    expect(errors["steps.1.activityType"]).toEqual(["Activity must be one of: call, text, email, letter"]);
    expect(errors["steps.1.template"]).toEqual(["A template must be at most 1,000 characters"]);
    expect(errors["steps.2.dayNumber"]).toEqual(["Day must be a whole number"]);
    expect(errors["steps.2.template"]).toEqual(["Write the step's message"]);
    // The draft comes back as typed, so the page shows it again.
    expect(draft[1].dayNumber).toBe("400");

    const tooMany = Array.from({ length: 21 }, (_, day) => ({ dayNumber: String(day), activityType: "call", template: "Hi" }));
    const many = await post(pat.client, "save", tooMany);
    expect(many.status).toBe(400);
    expect(((await many.json()) as Answer).errors.steps).toEqual(["A sequence has at most 20 steps"]);
    const none = await post(pat.client, "save", []);
    expect(((await none.json()) as Answer).errors.steps).toEqual(["A sequence needs at least one step"]);

    expect(await rowsOf(pat.userId)).toEqual([]);
  });

  it("moves, removes and adds steps in the draft without saving; Preview checks it", async () => {
    const pat = await signedUp();
    const steps = [
      { dayNumber: "0", activityType: "call", template: "First {address}", mailAgain: "" },
      { dayNumber: "3", activityType: "letter", template: "Second", mailAgain: "" },
    ];
    const up = (await (await post(pat.client, "up-1", steps)).json()) as Answer;
    // The days stay in place; what the steps do swaps.
    expect(up.draft).toEqual([
      { dayNumber: "0", activityType: "letter", template: "Second", mailAgain: "" },
      { dayNumber: "3", activityType: "call", template: "First {address}", mailAgain: "" },
    ]);
    const added = (await (await post(pat.client, "add", steps)).json()) as Answer;
    expect(added.draft).toHaveLength(3);
    expect(added.draft[2]).toMatchObject({ dayNumber: "4", activityType: "call" });
    expect(((await (await post(pat.client, "remove-0", steps)).json()) as Answer).draft).toEqual([steps[1]]);
    const last = await post(pat.client, "remove-0", [steps[0]]);
    expect(last.status).toBe(400);
    expect(((await last.json()) as Answer).message).toBe("A sequence needs at least one step");

    expect((await post(pat.client, "preview", steps)).status).toBe(200);
    expect((await post(pat.client, "preview", [{ ...steps[0], template: "{offer}" }])).status).toBe(400);
    expect((await post(pat.client, "jump", steps)).status).toBe(400);
    expect(await rowsOf(pat.userId)).toEqual([]);
  });

  it("answers 404 for another user's sequence id and leaves both users' rows as they were", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    expect((await post(other.client, "save", TWO_STEPS)).status).toBe(302);
    const [theirs] = await rowsOf(other.userId);
    const refused = await post(pat.client, "save", [TWO_STEPS[1]], theirs.id);
    expect(refused.status).toBe(404);
    expect(await rowsOf(other.userId)).toEqual([theirs]);
    expect(await rowsOf(pat.userId)).toEqual([]);
  });

  it("starts the saved steps on a lead; a sequence started before the save keeps its own", async () => {
    const pat = await signedUp();
    const earlier = await pat.start((await aLead(pat.userId)).id);
    expect(earlier.status).toBe(201);
    const earlierSteps = await stepsOf(earlier.body.leadId as string);
    expect(earlierSteps.map((step) => step.dayNumber)).toEqual(DEFAULT_SEQUENCE_STEPS.map((step) => step.dayNumber));

    expect((await post(pat.client, "save", TWO_STEPS)).status).toBe(302);
    const started = await pat.start((await aLead(pat.userId)).id);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ activities: 2 });
    const steps = await stepsOf(started.body.leadId as string);
    expect(steps.map((step) => [step.dayNumber, step.activityType, step.scheduledFor?.toISOString()])).toEqual([
      [0, "call", NOW.toISOString()],
      [2, "letter", new Date(NOW.getTime() + 2 * DAY).toISOString()],
    ]);
    const templates = await db
      .select({ template: followUpSteps.template })
      .from(followUpSteps)
      .where(eq(followUpSteps.leadId, started.body.leadId as string));
    expect(templates.map((row) => row.template).sort()).toEqual([TWO_STEPS[1].template, TWO_STEPS[0].template].sort());

    expect(await stepsOf(earlier.body.leadId as string)).toEqual(earlierSteps);
  });
});
