import { describe, expect, it } from "vitest";

import { DEAL_STAGE_LABELS } from "#db/enums.ts";
import {
  filterByPeriod,
  groupByStage,
  pipelineFigures,
  pipelinePeriodOf,
  pipelinePeriodStart,
  propertyDetails,
  STAGE_BADGES,
  type PipelineDeal,
} from "#app/domain/deals/pipeline.ts";

const deal = (stage: PipelineDeal["stage"], dealValue: number | null, closeDate: string | null = null): PipelineDeal => ({
  stage,
  dealValue,
  closeDate,
});

describe("pipeline header figures", () => {
  const deals = [
    deal("lead_generation", 100_000),
    deal("analysis", null),
    deal("negotiation", 150_000.5),
    deal("closing", 200_000, "2025-01-15T00:00:00Z"),
    deal("closing", 50_000),
    deal("closing", null, "2026-11-02T00:00:00Z"),
  ];

  it("Total Pipeline is the sum of deal values (a missing value counts 0)", () => {
    expect(pipelineFigures(deals).totalPipeline).toBe(500_000.5);
  });

  it("Closed This Month sums the values of deals in closing that have a close date, in any month", () => {
    expect(pipelineFigures(deals).closedThisMonth).toBe(200_000);
  });

  it("Active Deals counts deals not in closing", () => {
    expect(pipelineFigures(deals).activeDeals).toBe(3);
  });

  it("Close Rate is the share of deals in closing as a rounded percentage", () => {
    expect(pipelineFigures(deals).closeRate).toBe(50);
    expect(pipelineFigures([deal("closing", 1), deal("analysis", 1), deal("analysis", 1)]).closeRate).toBe(33);
    expect(pipelineFigures([deal("closing", 1), deal("closing", 1), deal("analysis", 1)]).closeRate).toBe(67);
  });

  it("is all zeros without deals", () => {
    expect(pipelineFigures([])).toEqual({ totalPipeline: 0, closedThisMonth: 0, activeDeals: 0, closeRate: 0 });
  });
});

describe("stages", () => {
  it("titles the four columns and labels the Closing badge Under Contract", () => {
    expect(Object.values(DEAL_STAGE_LABELS)).toEqual(["Lead Generation", "Analysis", "Negotiation", "Closing"]);
    expect(STAGE_BADGES.closing).toBe("Under Contract");
  });

  it("groups deals into the four columns in order", () => {
    const grouped = groupByStage([
      { id: "a", stage: "analysis" as const },
      { id: "b", stage: "closing" as const },
      { id: "c", stage: "analysis" as const },
    ]);
    expect(grouped.analysis.map((d) => d.id)).toEqual(["a", "c"]);
    expect(grouped.lead_generation).toEqual([]);
    expect(grouped.closing.map((d) => d.id)).toEqual(["b"]);
  });
});

describe("period filter (by deal creation date, UTC)", () => {
  const now = new Date("2026-05-20T12:00:00Z");

  it("reads the URL value and falls back to All Deals", () => {
    expect(pipelinePeriodOf("this-quarter")).toBe("this-quarter");
    expect(pipelinePeriodOf("bogus")).toBe("all");
    expect(pipelinePeriodOf(null)).toBe("all");
  });

  it("starts at the first of the month, 30 days back, or the first of the quarter", () => {
    expect(pipelinePeriodStart("all", now)).toBeNull();
    expect(pipelinePeriodStart("this-month", now)?.toISOString()).toBe("2026-05-01T00:00:00.000Z");
    expect(pipelinePeriodStart("last-30-days", now)?.toISOString()).toBe("2026-04-20T12:00:00.000Z");
    expect(pipelinePeriodStart("this-quarter", now)?.toISOString()).toBe("2026-04-01T00:00:00.000Z");
    expect(pipelinePeriodStart("this-quarter", new Date("2026-12-31T00:00:00Z"))?.toISOString()).toBe("2026-10-01T00:00:00.000Z");
  });

  it("keeps only the deals created within the period", () => {
    const deals = [
      { id: "may", createdAt: "2026-05-02T00:00:00Z" },
      { id: "late-april", createdAt: "2026-04-25T00:00:00Z" },
      { id: "early-april", createdAt: "2026-04-02T00:00:00Z" },
      { id: "march", createdAt: "2026-03-30T00:00:00Z" },
    ];
    const ids = (period: Parameters<typeof filterByPeriod>[1]) => filterByPeriod(deals, period, now).map((d) => d.id);
    expect(ids("all")).toEqual(["may", "late-april", "early-april", "march"]);
    expect(ids("this-month")).toEqual(["may"]);
    expect(ids("last-30-days")).toEqual(["may", "late-april"]);
    expect(ids("this-quarter")).toEqual(["may", "late-april", "early-april"]);
  });
});

describe("card details", () => {
  it("shows city, state, beds, baths and square feet, or No property details", () => {
    expect(propertyDetails({ city: "Phoenix", state: "AZ", bedrooms: 3, bathrooms: 2.5, squareFeet: 1450 })).toBe(
      "Phoenix, AZ · 3 bd · 2.5 ba · 1,450 sqft",
    );
    expect(propertyDetails({ city: null, state: null, bedrooms: null, bathrooms: null, squareFeet: null })).toBe("No property details");
    expect(propertyDetails(null)).toBe("No property details");
  });
});
