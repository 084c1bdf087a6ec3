import { describe, expect, it } from "vitest";

import { stepAnchorOf, withStepAnchor } from "#app/domain/workbench/step-anchors.ts";

describe("a workbench step's landing anchor", () => {
  it("sends each step to the panel it changed", () => {
    const href = "/leads/workbench?lead=2&arv=300000";
    expect(withStepAnchor(href, "value")).toBe(`${href}#property-value`);
    expect(withStepAnchor(href, "offers")).toBe(`${href}#offer-options`);
    expect(withStepAnchor(href, "letter")).toBe(`${href}#letter-of-intent`);
    expect(withStepAnchor(href, "mail")).toBe(`${href}#offer-mailed`);
  });

  it("replaces an anchor already there, and leaves any other intent's address alone", () => {
    expect(withStepAnchor("/leads/workbench?lead=0#property-value", "offers")).toBe("/leads/workbench?lead=0#offer-options");
    for (const intent of ["save", "next", "toString", "__proto__", undefined, 3]) {
      expect(withStepAnchor("/leads/workbench?lead=0", intent)).toBe("/leads/workbench?lead=0");
    }
  });

  it("reads the panel back from a location's hash, and nothing else", () => {
    expect(stepAnchorOf("#offer-options")).toBe("offer-options");
    expect(stepAnchorOf("offer-mailed")).toBe("offer-mailed");
    expect(stepAnchorOf("#card-1")).toBeNull();
    expect(stepAnchorOf("")).toBeNull();
  });
});
