/**
 * The comp report's text (docs/decisions/091-comps-the-user-can-defend.md): the subject's facts, the
 * sales-comparison grid (each comp's price, date, distance, each adjustment line, its adjusted price, its weight among
 * the comps and share of the ARV, and why it stands out), the ARV with its 80 % range and confidence words, how the
 * comps and the market model make it up, "few close sales" when every comp is far, each comp's position east and north of the
 * subject for the drawn plot, and the method in one paragraph. Pure: the PDF layout is in
 * app/services/documents/comp-report-pdf.server.ts.
 */
import { formatMoney } from "#app/domain/shared/format.ts";

import { compCountWords, weightPercent } from "./comp-count.ts";
import { MILES_PER_DEGREE } from "./geo.ts";
import { compSetNote, outlierReasons } from "./outliers.ts";
import { arvBlendWords, compWeightWords, rebuildArv } from "./rebuild.ts";
import type { Sale, ValuationResult, ValuationSubject } from "./types.ts";

export const COMP_REPORT_TITLE = "Comparable Sales Report";

export const COMP_REPORT_METHOD =
  "Recent arm's-length sales near the subject are chosen by the FAQ criteria (same bedrooms, living area within 20 %, " +
  "built within 10 years, sold within 9 months, within 1 mile), widened in steps only when too few qualify. Each " +
  "comp's price is brought to the valuation date by the local price index and adjusted for each fact that differs " +
  "and for location, at rates fitted on the local market's sales. The comps' similarity-weighted robust mean is " +
  "blended with that market model's value into the ARV. The 80 % range is a prediction interval whose width is " +
  "predicted from the evidence (the comps' spread and count, their distance and age, the model's fit) and " +
  "calibrated on held-out sales; the confidence words say the typical error it implies. Comps the user pinned are " +
  "always used, comps the user excluded never.";

export interface CompReportRow {
  number: number;
  address: string;
  price: string;
  date: string;
  distance: string;
  adjusted: string;
  weight: string;
  /** The weight in words with the comp's share of the ARV (the grid's column is too narrow for it). */
  share: string;
  adjustments: string[];
  flags: string[];
}

export interface CompReportText {
  title: string;
  fileName: string;
  subject: string[];
  value: string[];
  rows: CompReportRow[];
  /** Miles east and north of the subject, by comp number. */
  points: { number: number; east: number; north: number }[];
  method: string;
  choices: string[];
}

const fact = (label: string, value: number | string | null | undefined) =>
  value === null || value === undefined || value === "" ? null : `${label}: ${value}`;

/** The subject's facts as lines. */
function subjectLines(address: string, subject: ValuationSubject): string[] {
  return [
    address,
    [
      fact("Bedrooms", subject.bedrooms),
      fact("Bathrooms", subject.bathrooms),
      fact("Living area (sq ft)", subject.squareFeet),
      fact("Year built", subject.yearBuilt),
      fact("Lot (sq ft)", subject.lotSquareFeet),
      fact("Type", subject.propertyType?.replace(/_/g, " ")),
    ]
      .filter(Boolean)
      .join(" · ") || "Facts: not on record",
  ];
}

function positionOf(subject: ValuationSubject, sale: Sale) {
  const cosLat = Math.cos((subject.latitude * Math.PI) / 180);
  return {
    east: (sale.longitude - subject.longitude) * cosLat * MILES_PER_DEGREE,
    north: (sale.latitude - subject.latitude) * MILES_PER_DEGREE,
  };
}

/** The report of a valuation of `subject` (the user's property at `address`), made on `madeOn` (YYYY-MM-DD). */
export function compReportText(input: {
  address: string;
  subject: ValuationSubject;
  result: ValuationResult;
  valuationDate: string;
  madeOn: string;
  choices: string[];
  /** How many sales the user excluded (the count says them beside the comps used). */
  excluded?: number;
}): CompReportText {
  const { result, subject } = input;
  const flaggable = result.comps.map((c) => ({
    id: c.sale.id,
    soldDate: c.sale.saleDate,
    pricePerSqft: c.sale.squareFeet ? c.sale.price / c.sale.squareFeet : null,
    distance: c.distanceMiles,
    adjustedPrice: c.adjustedPrice,
  }));
  const flags = outlierReasons(flaggable);
  const rebuilt = rebuildArv(result.comps, result.model);
  const setNote = compSetNote(flaggable);
  const rows = result.comps.map((c, i) => ({
    number: i + 1,
    address: c.sale.address ?? `Parcel ${c.sale.parcelId}`,
    price: formatMoney(c.sale.price),
    date: c.sale.saleDate,
    distance: `${c.distanceMiles.toFixed(2)} mi`,
    adjusted: formatMoney(c.adjustedPrice),
    weight: weightPercent(c.weight),
    share: `Weight ${compWeightWords(c.weight, result.model)}.`,
    adjustments: c.adjustments.map((a) => a.note),
    flags: flags.get(c.sale.id) ?? [],
  }));
  const slug =
    input.address
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "property";
  return {
    title: COMP_REPORT_TITLE,
    fileName: `Comp Report - ${slug} - ${input.madeOn}.pdf`,
    subject: subjectLines(input.address, subject),
    value: [
      `ARV: ${formatMoney(result.arv)} (as of ${input.valuationDate})`,
      `80 % range: ${formatMoney(result.range_low)} - ${formatMoney(result.range_high)}`,
      `Confidence: ${result.confidenceLabel} - typically within ${result.typicalErrorPct} % (${Math.round(result.confidence * 100)}% of such valuations within 10 %)`,
      `${compCountWords({ used: result.comps.length, excluded: input.excluded ?? 0, found: result.comps.length + (input.excluded ?? 0) })}.`,
      ...(rebuilt ? [`${arvBlendWords(rebuilt)}.`] : []),
      ...(setNote ? [setNote] : []),
    ],
    rows,
    points: result.comps.map((c, i) => ({ number: i + 1, ...positionOf(subject, c.sale) })),
    method: COMP_REPORT_METHOD,
    choices: input.choices,
  };
}
