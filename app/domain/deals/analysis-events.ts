/**
 * Deal analysis as it streams (the spec's "Deal analysis", GET /api/deals/analyze/{id}/stream; "Analysis"): the
 * progress | complete | error events the Durable Object sends, the route passes on and the browser reads, their
 * server-sent-event encoding, the progress schedule and the spec's messages. Pure and zod-free, so components import it.
 */
import type { DealAnalysisResult } from "./analysis.ts";

export const ANALYSIS_FAILED = "Analysis Failed";
export const CONNECTION_ERROR = "Connection Error";
export const UNABLE_TO_START = "Unable to start analysis";
export const ANALYSIS_COMPLETE = "Complete!";
export const NO_ANALYSIS_RUNNING = "No analysis has been started for this property.";

export type ProgressEvent = { event: "progress"; data: { progress: number; message: string } };
export type CompleteEvent = { event: "complete"; data: { success: true; data: DealAnalysisResult } };
export type ErrorEvent = { event: "error"; data: { message: string } };
export type DealAnalysisEvent = ProgressEvent | CompleteEvent | ErrorEvent;

/**
 * The run's steps after the property has been valued, in order; each is shown at least `STEP_PACE_MS` so a person can
 * read it (the local provider answers in milliseconds). The model's call happens during "Running AI deal analysis".
 */
export function progressSteps(compCount: number): { progress: number; message: string }[] {
  return [
    { progress: 10, message: "Loading property data..." },
    {
      progress: 30,
      message:
        compCount > 0
          ? `Valued from ${compCount} comparable sale${compCount === 1 ? "" : "s"}`
          : "No comparable sales found; using the estimated value",
    },
    { progress: 50, message: "Estimating repair costs..." },
    { progress: 70, message: "Running AI deal analysis..." },
  ];
}
export const SAVING_STEP = { progress: 90, message: "Saving the analysis..." };
export const STEP_PACE_MS = 350;

/** One named server-sent event: `event: <name>` and its JSON on one `data:` line (JSON has no raw newlines). */
export function encodeEvent(event: DealAnalysisEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Parses a server-sent-event text (complete events only) back into events; comments and unknown names are skipped. */
export function parseEvents(text: string): DealAnalysisEvent[] {
  const events: DealAnalysisEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let name = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(":") || line === "") continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") name = value;
      else if (field === "data") data.push(value);
    }
    if (data.length === 0) continue;
    if (name === "progress" || name === "complete" || name === "error") {
      // JSON.parse is typed any; the stream is our own Durable Object's, written from DealAnalysisEvent.
      events.push({ event: name, data: JSON.parse(data.join("\n")) } as DealAnalysisEvent);
    }
  }
  return events;
}

/** "Title: description" → the toast's two lines (a message without a title is all description under `fallback`). */
export function splitAnalysisMessage(text: string, fallback = ANALYSIS_FAILED): { title: string; description: string } {
  for (const title of [ANALYSIS_FAILED, CONNECTION_ERROR, UNABLE_TO_START]) {
    if (text === title) return { title, description: "" };
    if (text.startsWith(`${title}: `)) return { title, description: text.slice(title.length + 2) };
  }
  return { title: fallback, description: text };
}

/** The stored analysis fields of a property, or null unless every one of them is there (shown directly then). */
export type StoredAnalysisFields = {
  strategy: string | null;
  isDeal: boolean | null;
  analysisArv: number | null;
  rehabCost: number | null;
  analysisMaxOfferPrice: number | null;
  analysisConfidence: number | null;
  profitMarginPct: number | null;
  riskLevel: string | null;
  keyAssumptions: string[] | null;
  compSummary: string | null;
  nextActions: string[] | null;
};

export type ShownAnalysis = {
  strategy: string;
  isDeal: boolean;
  arv: number;
  rehabCost: number;
  maxOffer: number;
  confidence: number;
  profitMarginPct: number;
  riskLevel: string;
  keyAssumptions: string[];
  compSummary: string;
  nextActions: string[];
};

export function storedAnalysis(p: StoredAnalysisFields): ShownAnalysis | null {
  if (
    p.strategy === null ||
    p.isDeal === null ||
    p.analysisArv === null ||
    p.rehabCost === null ||
    p.analysisMaxOfferPrice === null ||
    p.analysisConfidence === null ||
    p.profitMarginPct === null ||
    p.riskLevel === null ||
    p.keyAssumptions === null ||
    p.compSummary === null ||
    p.nextActions === null
  )
    return null;
  return {
    strategy: p.strategy,
    isDeal: p.isDeal,
    arv: p.analysisArv,
    rehabCost: p.rehabCost,
    maxOffer: p.analysisMaxOfferPrice,
    confidence: p.analysisConfidence,
    profitMarginPct: p.profitMarginPct,
    riskLevel: p.riskLevel,
    keyAssumptions: p.keyAssumptions,
    compSummary: p.compSummary,
    nextActions: p.nextActions,
  };
}

/** A result as the stream's `complete` sends it, shown the same way. */
export function shownResult(r: DealAnalysisResult): ShownAnalysis {
  return {
    strategy: r.strategy,
    isDeal: r.is_deal,
    arv: r.arv,
    rehabCost: r.rehab_cost,
    maxOffer: r.max_offer_price,
    confidence: r.confidence,
    profitMarginPct: r.profit_margin_pct,
    riskLevel: r.risk_level,
    keyAssumptions: r.key_assumptions,
    compSummary: r.comp_summary,
    nextActions: r.next_actions,
  };
}

export const STRATEGY_LABELS: Record<string, string> = {
  wholesale: "Wholesale",
  fix_and_flip: "Fix and flip",
  buy_and_hold: "Buy and hold",
  pass: "Pass",
};
