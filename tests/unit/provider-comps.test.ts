// A vendor's comparables, pure: the request BatchData's help article describes, a comparable's record read as a
// sale (arm's-length only, in the window, missing facts left unknown), the key a subject is kept under, and the price
// of a paid re-search.
import { describe, expect, it } from "vitest";

import { inWindow, providerCompsKey, refreshCompsLabel } from "#app/domain/valuation/provider-comps.ts";
import type { CandidateWindow, Sale } from "#app/domain/valuation/types.ts";
import { comparablesRequest, CompRecordSchema, toComparableSale } from "#app/providers/property-data/batchdata-comps.ts";

const request = {
  address: { street: "622 W Palmaire Ave", city: "Phoenix", state: "AZ", zip: "85021-8767" },
  valuationDate: "2026-11-27",
  maxRecords: 100,
};

const record = (sale: Record<string, unknown>, building: Record<string, unknown> = {}) =>
  CompRecordSchema.parse({
    _id: "r1",
    address: { street: "630 W Palmaire Ave", city: "Phoenix", state: "AZ", zip: "85021", latitude: 33.55, longitude: -112.08 },
    building,
    sale: { lastSale: sale },
  });

describe("BatchData's comparables request", () => {
  it("names the subject in compAddress and narrows as the engine's widest narrowed step, sold in the last 12 months", () => {
    expect(comparablesRequest(request, 50, 50)).toEqual({
      searchCriteria: {
        compAddress: { street: "622 W Palmaire Ave", city: "Phoenix", state: "AZ", zip: "85021" },
        intel: { lastSoldDate: { minDate: "2025-11-27", maxDate: "2026-11-26" } },
      },
      options: {
        useDistance: true,
        distanceMiles: 3,
        useBedrooms: true,
        minBedrooms: -2,
        maxBedrooms: 2,
        useArea: true,
        minAreaPercent: -50,
        maxAreaPercent: 50,
        useYearBuilt: true,
        minYearBuilt: -40,
        maxYearBuilt: 40,
        skip: 50,
        take: 50,
        datasets: ["comps"],
      },
    });
  });
});

describe("a comparable's record as a sale", () => {
  it("keeps an arm's-length sale with what facts it has; the rest unknown", () => {
    const read = toComparableSale(
      record({ saleDate: "2026-06-02T00:00:00.000Z", price: 381_000, documentType: "Warranty Deed" }, { bedroomCount: 3 }),
      request,
    );
    expect(read).toEqual({
      sale: expect.objectContaining({
        id: "batchdata-r1",
        saleDate: "2026-06-02",
        price: 381_000,
        bedrooms: 3,
        squareFeet: null,
        yearBuilt: null,
      }),
    });
  });

  it("leaves out deeds that are no sale between strangers, nominal prices and sales outside the window", () => {
    const at = (sale: Record<string, unknown>) => toComparableSale(record(sale), request);
    expect(at({ saleDate: "2026-06-02", price: 200_000, documentType: "Quit Claim Deed" })).toEqual({ left: "not_arms_length" });
    expect(at({ saleDate: "2026-06-02", price: 300_000, documentType: "Trustee's Deed (Foreclosure)" })).toEqual({
      left: "not_arms_length",
    });
    expect(at({ saleDate: "2026-06-02", price: 10 })).toEqual({ left: "not_arms_length" });
    expect(at({ saleDate: "2024-06-02", price: 300_000 })).toEqual({ left: "not_a_sale" });
    expect(at({ saleDate: "2026-11-27", price: 300_000 })).toEqual({ left: "not_a_sale" });
    expect(at({ price: 300_000 })).toEqual({ left: "not_a_sale" });
  });

  it("cannot read a record without coordinates", () => {
    expect(CompRecordSchema.safeParse({ _id: "r2", address: { street: "1 Main St" } }).success).toBe(false);
  });
});

describe("kept comparables", () => {
  it("are kept under one key however the address is typed", () => {
    expect(providerCompsKey({ street: "622 W. PALMAIRE  Ave", city: "phoenix", state: "az", zip: "85021-8767" })).toBe(
      providerCompsKey({ street: "622 W Palmaire Ave", city: "Phoenix", state: "AZ", zip: "85021" }),
    );
  });

  it("serve a valuation only inside its window's box and dates", () => {
    const window: CandidateWindow = {
      minLatitude: 33,
      maxLatitude: 34,
      minLongitude: -113,
      maxLongitude: -112,
      fromDate: "2025-11-27",
      beforeDate: "2026-11-27",
      limit: 1000,
    };
    const sale = (id: string, latitude: number, saleDate: string): Sale => ({
      id,
      parcelId: id,
      latitude,
      longitude: -112.5,
      saleDate,
      price: 1,
    });
    const kept = [
      sale("in", 33.5, "2026-01-01"),
      sale("north", 34.5, "2026-01-01"),
      sale("old", 33.5, "2025-11-26"),
      sale("on-the-day", 33.5, "2026-11-27"),
    ];
    expect(inWindow(kept, window).map((s) => s.id)).toEqual(["in"]);
  });

  it("price a paid re-search before it is asked for", () => {
    expect(refreshCompsLabel(28, 2)).toBe("Refresh comps — about 28 records, $0.56");
    expect(refreshCompsLabel(1, 2)).toBe("Refresh comps — about 1 record, $0.02");
  });
});
