import { describe, expect, it } from "vitest";

import { crmFiguresFromCounts } from "#app/domain/leads/crm-figures.ts";

describe("CRM figures from the per-status counts SQL gives", () => {
  it("adds every status into Total Leads, and only qualified and under-contract counts into the other two", () => {
    expect(
      crmFiguresFromCounts([
        { status: "new", count: 5 },
        { status: "qualified", count: 3 },
        { status: "under_contract", count: 2 },
        { status: "closed", count: 4 },
        { status: "offer_sent", count: 1 },
      ]),
    ).toEqual({ totalLeads: 15, qualified: 3, underContract: 2 });
    expect(crmFiguresFromCounts([])).toEqual({ totalLeads: 0, qualified: 0, underContract: 0 });
  });
});
