/**
 * What the valuation answers look like (the spec's "Comparable", "ARV (valuation) result", "Offer option"; the spec
 * calculate-arv and /api/properties/{id}/comps) and their messages. Zod-free, so a component may import it; the
 * request schema is in valuation-forms.ts and the engine in valuation/.
 */
import type { OfferOption } from "#app/domain/offers/options.ts";

import type { Adjustment, ConfidenceLabel, ValuedComp } from "./types.ts";

/** A comparable sale as the comps table and the comps panel show it ("Comparable"). */
export interface Comparable {
  id: string;
  address: string;
  soldPrice: number;
  /** YYYY-MM-DD */
  soldDate: string;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  pricePerSqft: number | null;
  /** Miles from the subject, 2 decimals. */
  distance: number | null;
  /** 0 … 1, 2 decimals. */
  similarityScore: number | null;
  daysOnMarket: number | null;
  sourceUrl: string | null;
}

/** A comp as POST /api/properties/calculate-arv explains it: the spec's fields plus what the estimate did with it. */
export interface ValuationComparable extends Comparable {
  /** The sale price brought to the valuation date and adjusted to the subject. */
  adjustedPrice: number;
  adjustments: Adjustment[];
  /** Its share of the estimate, 0 … 1. */
  weight: number;
}

/** A stored comparable of a CRM property (GET /api/properties/{id}/comps). */
export interface StoredComparable extends Comparable {
  propertyId: string;
}

/**
 * A stored comparable as the card, the workbench and the comp report show it (ADR 091): the sale it is, its adjusted
 * price, each adjustment line and its share of the ARV (null on comps stored before they were kept).
 */
export interface StoredCompDetail extends StoredComparable {
  saleId: string | null;
  adjustedPrice: number | null;
  /** As stored: the kinds are the engine's (`AdjustmentKind`), read back as text. */
  adjustments: { kind: string; amount: number; note: string }[] | null;
  weight: number | null;
}

/** A pinned or excluded comp of the user's (ADR 091) as the card and the workbench show it. */
export interface PinnedCompView {
  propertyId: string;
  saleId: string;
  choice: "pinned" | "excluded" | "added";
  address: string;
  reason: string | null;
  note: string | null;
}

/** "ARV (valuation) result", with the comps behind it. */
export interface ArvAnswer {
  arv: number;
  /** The 80 % prediction interval (docs/decisions/076-valuation-80-percent-range.md). */
  range_low: number;
  range_high: number;
  /** 0 … 1: the expected share of such valuations within 10 % of the price. */
  confidence: number;
  /** The confidence in words, and the typical (median) error in whole percent, from the range's calibration. */
  confidenceLabel: ConfidenceLabel;
  typicalErrorPct: number;
  method: string;
  rationale: string;
  assumptions: string[];
  offers: OfferOption[];
  comps: ValuationComparable[];
  /** YYYY-MM-DD: the day the value is for (today, UTC). */
  valuationDate: string;
  /** The market model's value and its share of the ARV (the comps' weights share the rest). */
  model: { value: number; share: number };
}

/** The spec's title for a failed comps search; the reason follows it in `message`. */
/** Why a valuation request was not answered: the property is not the user's (404), or it cannot be valued (422). */
/**
 * 402 / 429: a vendor's comparables would pass the user's spend cap or a rate cap (nothing was bought); 502: the
 * vendor failed or refused.
 */
export type ValuationFailure = { ok: false; status: 402 | 404 | 422 | 429 | 502 | 503; message: string };

export const COMPS_ANALYSIS_FAILED = "Comps Analysis Failed";

export function unplaceableMessage(place: { city: string; state: string; zipCode?: string | null }): string {
  const zip = place.zipCode ? `ZIP ${place.zipCode} nor ` : "";
  return (
    `This address could not be placed on the map: it is not a property we have on record, and neither ${zip}` +
    `${place.city}, ${place.state} is a place we know. Check the ZIP code, city and state.`
  );
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** What the engine used (a sale with its distance, similarity and adjustments) → the spec's comparable. */
export function toComparable(comp: ValuedComp): ValuationComparable {
  const { sale } = comp;
  return {
    id: sale.id,
    address: sale.address ?? `Parcel ${sale.parcelId}`,
    soldPrice: sale.price,
    soldDate: sale.saleDate,
    bedrooms: sale.bedrooms ?? null,
    bathrooms: sale.bathrooms ?? null,
    squareFeet: sale.squareFeet ?? null,
    pricePerSqft: sale.squareFeet ? round2(sale.price / sale.squareFeet) : null,
    distance: round2(comp.distanceMiles),
    similarityScore: round2(comp.similarity),
    daysOnMarket: sale.daysOnMarket ?? null,
    sourceUrl: sale.sourceUrl ?? null,
    adjustedPrice: Math.round(comp.adjustedPrice),
    adjustments: comp.adjustments,
    weight: Math.round(comp.weight * 1000) / 1000,
  };
}
