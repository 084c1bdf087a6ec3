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

  it("shows lead types with underscores replaced by spaces", () => {
    expect(leadTypeLabel("out_of_state_absentee")).toBe("out of state absentee");
    expect(leadTypeLabel(null)).toBe("");
  });
});
