import { describe, expect, it } from "vitest";

import {
  encodeEvent,
  parseEvents,
  progressSteps,
  SAVING_STEP,
  shownResult,
  splitAnalysisMessage,
  storedAnalysis,
  type DealAnalysisEvent,
} from "#app/domain/deals/analysis-events.ts";
import { analyzeDeal } from "#app/domain/deals/analysis.ts";
import { maxOfferRule } from "#app/domain/offers/max-offer.ts";

/** The stored deal numbers the analysis receives: the ARV with the rule's default repairs and fee. */
function storedFor(arv: number, offer: number | null = null) {
  const line = maxOfferRule(arv);
  return {
    arv,
    rangeLow: null,
    rangeHigh: null,
    repairs: line.repairs,
    assignmentFee: line.assignmentFee,
    maxOffer: line.maxOffer,
    rulePct: 70,
    offer,
  };
}

const result = analyzeDeal({
  address: "1 Main St, Phoenix, AZ 85004",
  arv: 300_000,
  stored: storedFor(300_000),
  estimatedValue: 180_000,
  compCount: 4,
  currentYear: 2026,
});

describe("deal analysis events", () => {
  it("encodes each event as a named server-sent event with one JSON data line, and parses it back", () => {
    const events: DealAnalysisEvent[] = [
      { event: "progress", data: { progress: 10, message: "Loading property data..." } },
      { event: "complete", data: { success: true, data: { ...result, comp_summary: "line one\nline two" } } },
      { event: "error", data: { message: "Analysis Failed: openai: the model answered HTTP 500" } },
    ];
    const text = events.map(encodeEvent).join("");
    expect(encodeEvent(events[0])).toBe('event: progress\ndata: {"progress":10,"message":"Loading property data..."}\n\n');
    // A newline inside a value is escaped by JSON, so one event is always one data line.
    expect(
      encodeEvent(events[1])
        .split("\n")
        .filter((line) => line.startsWith("data:")),
    ).toHaveLength(1);
    expect(parseEvents(text)).toEqual(events);
  });

  it("parses what a browser would: CRLF, comments, a data line split in two, and skips unnamed or unknown events", () => {
    const text =
      ': keep-alive\r\n\r\nevent: progress\r\ndata: {"progress":50,\r\ndata: "message":"x"}\r\n\r\ndata: {"a":1}\n\nevent: other\ndata: {}\n\n';
    expect(parseEvents(text)).toEqual([{ event: "progress", data: { progress: 50, message: "x" } }]);
  });

  it("schedules progress from 10 upwards below the save (90), and names the comps found", () => {
    const steps = progressSteps(4);
    const values = [...steps.map((step) => step.progress), SAVING_STEP.progress];
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.every((value) => value > 0 && value < 100)).toBe(true);
    expect(steps[1].message).toBe("Valued from 4 comparable sales");
    expect(progressSteps(1)[1].message).toBe("Valued from 1 comparable sale");
    expect(progressSteps(0)[1].message).toBe("No comparable sales found; using the estimated value");
  });

  it("splits the spec's titles from their reasons", () => {
    expect(splitAnalysisMessage("Analysis Failed: openai: the model answered HTTP 500")).toEqual({
      title: "Analysis Failed",
      description: "openai: the model answered HTTP 500",
    });
    expect(splitAnalysisMessage("Unable to start analysis: no value")).toEqual({
      title: "Unable to start analysis",
      description: "no value",
    });
    expect(splitAnalysisMessage("Connection Error")).toEqual({ title: "Connection Error", description: "" });
    expect(splitAnalysisMessage("Property not found", "Unable to start analysis")).toEqual({
      title: "Unable to start analysis",
      description: "Property not found",
    });
  });

  it("shows a stored analysis only when every field is there, the same way as a streamed result", () => {
    const stored = {
      strategy: result.strategy,
      isDeal: result.is_deal,
      analysisArv: result.arv,
      rehabCost: result.rehab_cost,
      analysisMaxOfferPrice: result.max_offer_price,
      analysisConfidence: result.confidence,
      profitMarginPct: result.profit_margin_pct,
      riskLevel: result.risk_level,
      keyAssumptions: result.key_assumptions,
      compSummary: result.comp_summary,
      nextActions: result.next_actions,
    };
    expect(storedAnalysis(stored)).toEqual(shownResult(result));
    expect(storedAnalysis({ ...stored, compSummary: null })).toBeNull();
    expect(storedAnalysis({ ...stored, isDeal: false })?.isDeal).toBe(false);
  });
});
