import { describe, expect, it } from "vitest";

import { leadTypeLabel, STATUS_FILTERS, statusFilterOf, statusLabel } from "#app/domain/leads/labels.ts";

describe("lead labels", () => {
  it("labels statuses, and shows an unknown status as New", () => {
    expect(statusLabel("under_contract")).toBe("Under Contract");
    expect(statusLabel("offer_produced")).toBe("Offer Produced");
    expect(statusLabel("mystery")).toBe("New");
    expect(statusLabel(null)).toBe("New");
  });

  it("offers the spec's status filter in order", () => {
    expect(STATUS_FILTERS.map((option) => option.label)).toEqual([
      "All Leads",
      "New",
      "Contacted",
      "Qualified",
      "Under Contract",
      "Closed",
    ]);
    expect(statusFilterOf("qualified")).toBe("qualified");
    expect(statusFilterOf("analyzed")).toBe("all");
    expect(statusFilterOf(null)).toBe("all");
  });

  it("shows lead types as sentence-case phrases, whatever their separators and case", () => {
    expect(leadTypeLabel("absentee_owner")).toBe("Absentee owner");
    expect(leadTypeLabel("Out-Of-State-Absentee-Owner")).toBe("Out-of-state absentee owner");
    expect(leadTypeLabel("out_of_state_absentee")).toBe("Out-of-state absentee");
    expect(leadTypeLabel("corporate-owned")).toBe("Corporate-owned");
    expect(leadTypeLabel(null)).toBe("");
    expect(leadTypeLabel(" ")).toBe("");
  });

  it("joins a list of types nicely, once each", () => {
    expect(leadTypeLabel("out-of-state-absentee-owner, high equity, tired-landlord")).toBe(
      "Out-of-state absentee owner, high equity and tired landlord",
    );
    expect(leadTypeLabel(["high_equity", "vacant"])).toBe("High equity and vacant");
    expect(leadTypeLabel(["inherited", "Inherited"])).toBe("Inherited");
    expect(leadTypeLabel([])).toBe("");
  });
});
