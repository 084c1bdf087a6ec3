import { describe, expect, it } from "vitest";

import {
  DEFAULT_DRAFT,
  editDraft,
  EditIntentSchema,
  previewOf,
  readDraft,
  readWithoutOffer,
  SequenceFormSchema,
} from "#app/domain/sequences/editor.ts";
import { unknownPlaceholders } from "#app/domain/sequences/templates.ts";

/** The Sequences screen's draft (ADR 075): what each button does to it, how it is read and checked, the preview. */
const A = { dayNumber: "0", activityType: "call", template: "A", mailAgain: "" };
const B = { dayNumber: "3", activityType: "letter", template: "B", mailAgain: "" };
const C = { dayNumber: "7", activityType: "email", template: "C", mailAgain: "" };

describe("the sequence draft", () => {
  it("reads the posted steps in index order and ignores other fields", () => {
    const draft = readDraft([
      ["steps.1.dayNumber", "3"],
      ["steps.0.template", "A"],
      ["steps.0.dayNumber", "0"],
      ["steps.0.activityType", "call"],
      ["steps.1.activityType", "letter"],
      ["steps.1.template", new Blob(["file"])],
      ["steps.x.template", "no"],
      ["intent", "save"],
    ]);
    expect(draft).toEqual([A, { dayNumber: "3", activityType: "letter", template: "", mailAgain: "" }]);
  });

  it("moves what a step does up or down while the days stay in order", () => {
    expect(editDraft([A, B, C], { kind: "up", index: 1 }).draft).toEqual([
      { ...A, activityType: "letter", template: "B" },
      { ...B, activityType: "call", template: "A" },
      C,
    ]);
    expect(editDraft([A, B, C], { kind: "down", index: 2 }).draft).toEqual([A, B, C]);
    expect(editDraft([A, B, C], { kind: "up", index: 0 }).draft).toEqual([A, B, C]);
  });

  it("adds a step a day after the last, removes one, but keeps the last and stops at 20", () => {
    expect(editDraft([A, C], { kind: "add" }).draft[2]).toMatchObject({ dayNumber: "8", activityType: "call" });
    expect(editDraft([A, B, C], { kind: "remove", index: 1 }).draft).toEqual([A, C]);
    expect(editDraft([A], { kind: "remove", index: 0 })).toEqual({ draft: [A], error: "A sequence needs at least one step" });
    const full = Array.from({ length: 20 }, () => A);
    expect(editDraft(full, { kind: "add" }).error).toBe("A sequence has at most 20 steps");
    expect(editDraft([A], { kind: "reset" }).draft).toEqual(DEFAULT_DRAFT);
  });

  it("reads the pressed button", () => {
    expect(EditIntentSchema.parse("down-12")).toEqual({ kind: "down", index: 12 });
    expect(EditIntentSchema.parse("save")).toEqual({ kind: "save" });
    expect(EditIntentSchema.safeParse("up-").success).toBe(false);
    expect(EditIntentSchema.safeParse(null).success).toBe(false);
  });

  it("keeps 'Mail again' on a letter step only, and moves it with the letter", () => {
    const parsed = SequenceFormSchema.parse({
      steps: [
        { ...A, mailAgain: "on" },
        { ...B, mailAgain: "on" },
      ],
    });
    expect(parsed.steps).toEqual([
      { dayNumber: 0, activityType: "call", template: "A" },
      { dayNumber: 3, activityType: "letter", template: "B", mailAgain: true },
    ]);
    expect(editDraft([A, { ...B, mailAgain: "on" }], { kind: "up", index: 1 }).draft[0]).toMatchObject({
      activityType: "letter",
      mailAgain: "on",
    });
    expect(readWithoutOffer("wait")).toBe("wait");
    expect(readWithoutOffer(null)).toBe("no_price");
    expect(readWithoutOffer("guess")).toBeNull();
  });

  it("sorts the checked steps by day, equal days in their given order", () => {
    const parsed = SequenceFormSchema.parse({ steps: [C, { ...B, dayNumber: "0" }, A] });
    expect(parsed.steps.map((step) => step.template)).toEqual(["B", "A", "C"]);
  });

  it("names the unknown placeholders once each and previews with the sample lead", () => {
    expect(unknownPlaceholders("{a} {address} {a} {Address}")).toEqual(["a", "Address"]);
    expect(previewOf("Hi {ownerFirstName}, {companyName}: {offerAmount} for {address}", null)).toBe(
      "Hi Maria, our team: $212,500 for 1420 E Camelback Rd, Phoenix, AZ 85014",
    );
  });
});
