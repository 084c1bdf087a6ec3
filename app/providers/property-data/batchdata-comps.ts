/**
 * BatchData's comparables, pure: the subject's lookup and the comparables search as BatchData's help article "How to
 * search comparable properties" writes them (`searchCriteria.compAddress` plus the `use…` options relative to the
 * subject), and a comparable's record read as the valuation engine's sale. No network here (batchdata.server.ts
 * sends); docs/decisions/091-comps-the-user-can-defend.md.
 */
import { z } from "zod";

import { WINDOW_MILES, WINDOW_MONTHS } from "#app/domain/valuation/cells.ts";
import { monthsBefore } from "#app/domain/valuation/geo.ts";
import { SELECTION_STEPS } from "#app/domain/valuation/selection.ts";
import type { Sale } from "#app/domain/valuation/types.ts";

import { dateOf, propertyTypeOf, zip5 } from "./batchdata-records.ts";
import type { ComparablesRequest, KnownHome } from "./types.ts";

/** Records a comparables page asks for: well under BatchData's 500 a call, so a page answers within the deadline. */
export const COMPS_PAGE_TAKE = 50;
/** BatchData's slim dataset for comparisons ($0.02 a record rather than a full `core` record's $0.10). */
export const COMPS_DATASETS = ["comps"];
/** A recorded price below this is a nominal transfer (a gift, a deed between relatives), never a market sale. */
export const NOMINAL_PRICE = 10_000;

/**
 * Deed types that are not sales between strangers: quitclaims, deeds by death or court, foreclosures and gifts.
 * Recorders spell them many ways, so they are matched as words; an unnamed deed type is taken as a sale.
 */
const NOT_ARMS_LENGTH =
  /quit\s*claim|affidavit|death|executor|administrator|personal representative|distribution|probate|court|foreclos|trustee|sheriff|tax deed|in lieu|gift|inter\s*-?\s*family|intra\s*-?\s*family|divorce|partition/i;

/** The widest selection step the engine narrows comps to before it takes any nearby sale: the search asks no wider. */
const WIDE = SELECTION_STEPS[2]!;

const num = z.number().finite().nullish().catch(null);
const text = z.string().nullish().catch(null);

/** The fields of a comparable's record the engine reads; anything else is left as BatchData sent it. */
export const CompRecordSchema = z.object({
  _id: z.string().min(1),
  address: z.object({
    street: z.string().min(1),
    city: text,
    state: text,
    zip: text,
    latitude: z.number().finite(),
    longitude: z.number().finite(),
  }),
  ids: z.object({ apn: text }).nullish().catch(null),
  general: z.object({ propertyTypeDetail: text }).nullish().catch(null),
  building: z
    .object({ bedroomCount: num, bathroomCount: num, livingAreaSquareFeet: num, yearBuilt: num, storyCount: num })
    .nullish()
    .catch(null),
  lot: z.object({ lotSizeSquareFeet: num }).nullish().catch(null),
  sale: z
    .object({ lastSale: z.object({ saleDate: text, price: num, documentType: text }).nullish() })
    .nullish()
    .catch(null),
  intel: z.object({ lastSoldDate: text, lastSoldPrice: num }).nullish().catch(null),
});
export type CompRecord = z.infer<typeof CompRecordSchema>;

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The subject's own record: its full address as the search's `query` (a USPS address, partial or whole), one record. */
export function subjectRequest(request: ComparablesRequest) {
  const { street, city, state, zip } = request.address;
  return {
    searchCriteria: { query: `${street}, ${city}, ${state} ${zip5(zip)}`.trim() },
    options: { skip: 0, take: 1, datasets: COMPS_DATASETS },
  };
}

/**
 * A page of the subject's comparables: sold within the engine's window of months before the valuation date, within
 * its miles, and as alike as the engine's widest narrowed step (bedrooms, living area, year built relative to the
 * subject's record at BatchData).
 */
export function comparablesRequest(request: ComparablesRequest, skip: number, take: number) {
  const { street, city, state, zip } = request.address;
  const area = Math.round(WIDE.sqftShare * 100);
  return {
    searchCriteria: {
      compAddress: { street, city, state, zip: zip5(zip) },
      intel: { lastSoldDate: { minDate: monthsBefore(request.valuationDate, WINDOW_MONTHS), maxDate: dayBefore(request.valuationDate) } },
    },
    options: {
      useDistance: true,
      distanceMiles: WINDOW_MILES,
      useBedrooms: true,
      minBedrooms: -WIDE.bedrooms,
      maxBedrooms: WIDE.bedrooms,
      useArea: true,
      minAreaPercent: -area,
      maxAreaPercent: area,
      useYearBuilt: true,
      minYearBuilt: -WIDE.yearsBuilt,
      maxYearBuilt: WIDE.yearsBuilt,
      skip,
      take,
      datasets: COMPS_DATASETS,
    },
  };
}

const known = (value: number | null | undefined) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null);

/** The home's facts as the engine reads them: what the record has, null for the rest (the engine widens for those). */
function homeFacts(record: CompRecord) {
  const building = record.building ?? {};
  return {
    latitude: record.address.latitude,
    longitude: record.address.longitude,
    zip: record.address.zip ? zip5(record.address.zip) : null,
    address: record.address.street,
    propertyType: record.general?.propertyTypeDetail ? propertyTypeOf(record.general.propertyTypeDetail) : null,
    bedrooms: known(building.bedroomCount),
    bathrooms: known(building.bathroomCount),
    squareFeet: known(building.livingAreaSquareFeet),
    lotSquareFeet: known(record.lot?.lotSizeSquareFeet),
    stories: known(building.storyCount),
    yearBuilt: known(building.yearBuilt),
  };
}

/** The subject as a known home, when its record places it. */
export function toKnownHome(record: CompRecord): KnownHome {
  return {
    ...homeFacts(record),
    id: `batchdata-${record._id}`,
    address: record.address.street,
    city: record.address.city ?? "",
    state: record.address.state ?? "",
    zip: record.address.zip ? zip5(record.address.zip) : "",
    parcelId: record.ids?.apn ?? record._id,
  };
}

/**
 * A comparable's last sale as the engine's sale, or why it is not one: no sale date or price, a sale outside the
 * window, a nominal price or a deed that is not a sale between strangers.
 */
export function toComparableSale(
  record: CompRecord,
  request: ComparablesRequest,
): { sale: Sale } | { left: "not_a_sale" | "not_arms_length" } {
  const last = record.sale?.lastSale;
  const saleDate = dateOf(last?.saleDate) ?? dateOf(record.intel?.lastSoldDate);
  const price = known(last?.price) ?? known(record.intel?.lastSoldPrice);
  if (!saleDate || price === null) return { left: "not_a_sale" };
  if (saleDate < monthsBefore(request.valuationDate, WINDOW_MONTHS) || saleDate >= request.valuationDate) return { left: "not_a_sale" };
  if (price < NOMINAL_PRICE || NOT_ARMS_LENGTH.test(last?.documentType ?? "")) return { left: "not_arms_length" };
  return {
    sale: {
      ...homeFacts(record),
      id: `batchdata-${record._id}`,
      parcelId: record.ids?.apn ?? record._id,
      saleDate,
      price,
      sourceUrl: `batchdata:property/${record._id}`,
    },
  };
}
