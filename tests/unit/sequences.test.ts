import { describe, expect, it } from "vitest";

import {
  endOfDay,
  isWorkable,
  NO_ADDRESS,
  NO_CALLABLE_PHONE,
  NO_EMAIL,
  overdueDays,
  planSequence,
  planStep,
  reachabilityOf,
  snoozedUntil,
  type Reachability,
} from "#app/domain/sequences/plan.ts";
import { SequenceStepsSchema } from "#app/domain/sequences/step-schema.ts";
import { DEFAULT_SEQUENCE_STEPS, FALLBACK_TEMPLATES, templateFor } from "#app/domain/sequences/steps.ts";
import { ownerFirstName, renderTemplate } from "#app/domain/sequences/templates.ts";
import { compareTasks, outcomeEffect, rankTasks, TaskOutcomeSchema, type RankedFacts } from "#app/domain/today/tasks.ts";

const START = new Date("2026-06-15T14:30:00Z");

const reach = (overrides: Partial<Reachability> = {}): Reachability => ({
  ownerName: "JOHN A SMITH",
  phones: [
    { number: "(602) 555-0101", type: "mobile", dnc: false },
    { number: "(602) 555-0102", type: "landline", dnc: true },
  ],
  emails: ["john@example.com"],
  mailingAddress: "12 Elm St, Mesa, AZ 85201",
  ...overrides,
});

describe("the default sequence", () => {
  it("is New seller lead: Day 0 call, 1 text, 3 letter, 7 call, 14 email, 30 letter", () => {
    expect(DEFAULT_SEQUENCE_STEPS.map((step) => [step.dayNumber, step.activityType])).toEqual([
      [0, "call"],
      [1, "text"],
      [3, "letter"],
      [7, "call"],
      [14, "email"],
      [30, "letter"],
    ]);
    expect(SequenceStepsSchema.safeParse(DEFAULT_SEQUENCE_STEPS).success).toBe(true);
  });

  it("refuses steps out of day order, a negative day and an unknown type", () => {
    const fails = (steps: unknown) => SequenceStepsSchema.safeParse(steps).success === false;
    expect(
      fails([
        { dayNumber: 3, activityType: "call", template: "Hi" },
        { dayNumber: 1, activityType: "text", template: "Hi" },
      ]),
    ).toBe(true);
    expect(fails([{ dayNumber: -1, activityType: "call", template: "Hi" }])).toBe(true);
    expect(fails([{ dayNumber: 0, activityType: "fax", template: "Hi" }])).toBe(true);
    expect(fails([{ dayNumber: 0, activityType: "call", template: "" }])).toBe(true);
    expect(fails([{ dayNumber: 0, activityType: "call", template: "Hi {name}" }])).toBe(true);
    expect(fails([])).toBe(true);
    expect(fails([{ dayNumber: 0, activityType: "call", template: "Hi {ownerFirstName}" }])).toBe(false);
  });
});

describe("templates", () => {
  it("fills the four placeholders and leaves unknown ones", () => {
    const text = renderTemplate("Hi {ownerFirstName}, {companyName} offers {offerAmount} for {address}. {unknown}", {
      ownerName: "JOHN A SMITH",
      address: "4821 N 35th Ave",
      offerAmount: 182000,
      companyName: "Quinn Home Buyers LLC",
    });
    expect(text).toBe("Hi John, Quinn Home Buyers LLC offers $182,000 for 4821 N 35th Ave. {unknown}");
  });

  it("reads as a sentence when a value is missing", () => {
    expect(
      renderTemplate("Hi {ownerFirstName}, {offerAmount} from {companyName}", {
        ownerName: null,
        address: "",
        offerAmount: null,
        companyName: " ",
      }),
    ).toBe("Hi there, a fair cash price from our team");
  });

  it("finds a first name, not a title or a company", () => {
    expect(ownerFirstName("Estate of MARY JONES")).toBe("Mary");
    expect(ownerFirstName("Sunrise Holdings LLC")).toBeNull();
    expect(ownerFirstName("  ")).toBeNull();
  });
});

describe("do-not-call is enforced when a step is planned", () => {
  it("writes a DNC phone blocked and skipped, and calls the others", () => {
    const step = planStep("call", reach());
    expect(step).toMatchObject({ activityType: "call", skipped: false, reason: null });
    expect(step.contacts).toEqual([
      { recipientName: "JOHN A SMITH", recipientType: "phone", recipientValue: "(602) 555-0101", status: "pending", dncStatus: "clear" },
      { recipientName: "JOHN A SMITH", recipientType: "phone", recipientValue: "(602) 555-0102", status: "skipped", dncStatus: "blocked" },
    ]);
  });

  it("falls a call back to a letter when every phone is DNC, keeping the blocked rows", () => {
    const step = planStep("call", reach({ phones: [{ number: "6025550101", type: "mobile", dnc: true }] }));
    expect(step.activityType).toBe("letter");
    expect(step.reason).toBe(NO_CALLABLE_PHONE);
    expect(step.contacts.map((c) => [c.recipientType, c.status, c.dncStatus])).toEqual([
      ["phone", "skipped", "blocked"],
      ["address", "pending", null],
    ]);
    expect(step.contacts.some((c) => c.recipientType === "phone" && c.status === "pending")).toBe(false);
  });

  it("falls a call back to an email without an address, and skips it with the reason without either", () => {
    const noPhones = { phones: [], mailingAddress: null };
    expect(planStep("call", reach(noPhones))).toMatchObject({ activityType: "email", skipped: false });
    expect(planStep("call", reach({ ...noPhones, emails: [] }))).toMatchObject({ skipped: true, reason: NO_CALLABLE_PHONE, contacts: [] });
  });

  it("texts only phones that take a text, and falls a text back to an email first", () => {
    const landlineOnly = reach({ phones: [{ number: "6025550103", type: "landline", dnc: false }] });
    expect(planStep("text", landlineOnly)).toMatchObject({ activityType: "email", contacts: [{ recipientType: "email" }] });
    expect(planStep("text", reach()).contacts).toEqual([expect.objectContaining({ recipientValue: "(602) 555-0101", status: "pending" })]);
  });

  it("sends an email to every address, falls back to a letter, and skips a letter without an address", () => {
    expect(planStep("email", reach({ emails: ["a@x.com", "b@x.com"] })).contacts).toHaveLength(2);
    expect(planStep("email", reach({ emails: [] }))).toMatchObject({ activityType: "letter", reason: NO_EMAIL });
    expect(planStep("letter", reach({ mailingAddress: null }))).toMatchObject({ skipped: true, reason: NO_ADDRESS });
  });

  it("reads reachability from a property: DNC from the flag field too, the property's place when no mailing address", () => {
    const found = reachabilityOf({
      ownerName: "Pat",
      ownerPhone: "602-555-0104",
      ownerMobilePhone: null,
      ownerLandLine: null,
      ownerDncPhone: "(602) 555-0104",
      ownerPhoneNumbers: null,
      ownerEmail: " Pat@Example.com ",
      ownerEmails: ["pat@example.com", "not-an-email"],
      ownerMailingAddress: null,
      address: "1 Main St",
      city: "Phoenix",
      state: "AZ",
      zipCode: "85004",
    });
    expect(found.phones).toEqual([{ number: "602-555-0104", type: "unknown", dnc: true }]);
    expect(found.emails).toEqual(["pat@example.com"]);
    expect(found.mailingAddress).toBe("1 Main St, Phoenix, AZ 85004");
    expect(planStep("call", found).activityType).toBe("letter");
  });
});

describe("scheduling", () => {
  it("dates each step from the start, in whole days", () => {
    const planned = planSequence(DEFAULT_SEQUENCE_STEPS, reach(), START);
    expect(planned.map((step) => step.scheduledFor.toISOString())).toEqual([
      "2026-06-15T14:30:00.000Z",
      "2026-06-16T14:30:00.000Z",
      "2026-06-18T14:30:00.000Z",
      "2026-06-22T14:30:00.000Z",
      "2026-06-29T14:30:00.000Z",
      "2026-07-15T14:30:00.000Z",
    ]);
  });

  it("counts overdue whole days, ends the day at UTC midnight and snoozes a day from now or the due time", () => {
    expect(overdueDays(new Date("2026-06-13T23:00:00Z"), START)).toBe(2);
    expect(overdueDays(new Date("2026-06-15T23:00:00Z"), START)).toBe(0);
    expect(endOfDay(START).toISOString()).toBe("2026-06-16T00:00:00.000Z");
    expect(snoozedUntil(new Date("2026-06-10T09:00:00Z"), START).toISOString()).toBe("2026-06-16T14:30:00.000Z");
    expect(snoozedUntil(new Date("2026-06-15T20:00:00Z"), START).toISOString()).toBe("2026-06-16T20:00:00.000Z");
  });
});

describe("pause rules", () => {
  it("works a running sequence only while the lead is not under contract, closed or dead", () => {
    expect(isWorkable("active", "contacted")).toBe(true);
    for (const status of ["under_contract", "closed", "dead"]) expect(isWorkable("active", status)).toBe(false);
    for (const sequence of ["paused", "stopped", "completed", "inactive"]) expect(isWorkable(sequence, "new")).toBe(false);
  });
});

describe("Today's ranking", () => {
  const facts = (overrides: Partial<RankedFacts>): RankedFacts => ({
    id: "step",
    overdueDays: 0,
    status: "new",
    equityPercentage: null,
    daysSinceContact: null,
    leadType: null,
    scheduledFor: "2026-06-15T09:00:00Z",
    ...overrides,
  });

  it("puts overdue first, then status, equity, days since contact and seller type", () => {
    const tasks = {
      overdue: facts({ overdueDays: 3 }),
      qualified: facts({ status: "qualified" }),
      richNew: facts({ equityPercentage: 80 }),
      contactedToday: facts({ equityPercentage: 40, daysSinceContact: 0 }),
      neverContacted: facts({ equityPercentage: 40 }),
      preforeclosure: facts({ equityPercentage: 40, leadType: "preforeclosure" }),
    };
    const order = rankTasks(Object.entries(tasks).map(([name, f]) => ({ ...f, id: name, name }))).map((task) => task.name);
    expect(order).toEqual(["overdue", "qualified", "richNew", "preforeclosure", "neverContacted", "contactedToday"]);
    expect(compareTasks(facts({}), facts({ scheduledFor: "2026-06-15T08:00:00Z" }))).toBeGreaterThan(0);
    // Equal in everything else, the step's id decides: the same order whichever came first.
    expect(compareTasks(facts({ id: "b" }), facts({ id: "a" }))).toBeGreaterThan(0);
  });
});

describe("task outcomes", () => {
  it("accepts the call outcomes and the actions, and says what each does", () => {
    expect(TaskOutcomeSchema.parse({ outcome: "asked_not_to_call", phone: "" })).toEqual({ outcome: "asked_not_to_call" });
    expect(TaskOutcomeSchema.safeParse({ outcome: "maybe" }).success).toBe(false);
    expect(outcomeEffect("snoozed")).toBe("snooze");
    expect(outcomeEffect("skipped")).toBe("skip");
    expect(outcomeEffect("talked")).toBe("complete");
  });
});

describe("the template a step is worked with", () => {
  it("is its own, or its fallback's when a call went as a letter", () => {
    expect(templateFor({ plannedType: "call", activityType: "call", template: "Call {address}" })).toBe("Call {address}");
    expect(templateFor({ plannedType: "call", activityType: "letter", template: "Call {address}" })).toBe(FALLBACK_TEMPLATES.letter);
    expect(templateFor({ plannedType: "text", activityType: "email", template: null })).toBe(FALLBACK_TEMPLATES.email);
  });
});
