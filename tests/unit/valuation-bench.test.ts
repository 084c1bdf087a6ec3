// The pure halves of `npm run bench:valuation`: the sales CSV parsed by header name, and the accuracy figures.
import { describe, expect, it } from "vitest";

import { CsvError, parseCsvRecords, parseSalesCsv } from "#tests/bench/valuation/csv.ts";
import { benchFigures, perSubjectCsv, quantile, rangeFigures, rangeLine, summaryLine } from "#tests/bench/valuation/metrics.ts";
import { SalesPool } from "#tests/bench/valuation/pool.ts";

const HEADER =
  "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,year_renovated,basement_sqft,condition,quality_grade,waterfront,view,zip,lat,lon";

describe("the sales CSV", () => {
  it("reads every column by its header name", () => {
    const { sales, skipped } = parseSalesCsv(
      `${HEADER}\n1-20150105,1,2015-01-05,510000,3,2.25,1800,6000,1.5,1962,2004,400,4,8,1,2,98103,47.65,-122.34\n`,
    );
    expect(skipped).toEqual([]);
    expect(sales).toEqual([
      {
        id: "1-20150105",
        parcelId: "1",
        saleDate: "2015-01-05",
        price: 510000,
        latitude: 47.65,
        longitude: -122.34,
        zip: "98103",
        propertyType: null,
        bedrooms: 3,
        bathrooms: 2.25,
        squareFeet: 1800,
        lotSquareFeet: 6000,
        stories: 1.5,
        yearBuilt: 1962,
        yearRenovated: 2004,
        basementSquareFeet: 400,
        condition: 4,
        qualityGrade: 8,
        waterfront: true,
        view: 2,
      },
    ]);
  });

  it("takes the columns in any order, and blank or absent optional ones as unknown", () => {
    const text =
      "lat,lon,price,sale_date,parcel_id,sale_id,year_built,stories,lot_sqft,sqft,bathrooms,bedrooms,condition\r\n47.5,-122.2,400000,2014-11-30,9,9-a,1990,,,1500,2,3,\r\n";
    const [sale] = parseSalesCsv(text).sales;
    expect(sale).toMatchObject({ id: "9-a", parcelId: "9", price: 400000, squareFeet: 1500, yearBuilt: 1990 });
    expect(sale.condition).toBeNull();
    expect(sale.stories).toBeNull();
    expect(sale.qualityGrade).toBeNull();
    expect(sale.waterfront).toBeNull();
    expect(sale.zip).toBeNull();
  });

  it("skips unusable rows with their line numbers and keeps the rest", () => {
    const rows = [
      "a,1,2015-01-05,500000,3,2,1800,6000,1,1960,,,,,,,98103,47.6,-122.3",
      "b,2,2015-13-05,500000,3,2,1800,6000,1,1960,,,,,,,98103,47.6,-122.3",
      "c,3,2015-01-05,-1,3,2,1800,6000,1,1960,,,,,,,98103,47.6,-122.3",
      "d,4,2015-01-05,500000,3,2,1800,6000,1,1960,,,,,,,98103,,-122.3",
      ",5,2015-01-05,500000,3,2,1800,6000,1,1960,,,,,,,98103,47.6,-122.3",
    ];
    const { sales, skipped } = parseSalesCsv([HEADER, ...rows].join("\n"));
    expect(sales.map((s) => s.id)).toEqual(["a"]);
    expect(skipped).toEqual([
      "line 3: sale_date is not a YYYY-MM-DD date",
      "line 4: price is not a positive number",
      "line 5: lat/lon are missing or out of range",
      "line 6: sale_id is blank",
    ]);
  });

  it("refuses a file without a header or without the required columns", () => {
    expect(() => parseSalesCsv("")).toThrow(CsvError);
    expect(() => parseSalesCsv("sale_id,price\n1,2\n")).toThrow(/lacks parcel_id, sale_date/);
  });

  it("splits quoted fields with commas and doubled quotes", () => {
    expect(parseCsvRecords('a,"b,c","d ""e"""\n1,2,3')).toEqual([
      ["a", "b,c", 'd "e"'],
      ["1", "2", "3"],
    ]);
  });
});

describe("the accuracy figures", () => {
  it("computes valued/total, MdAPE and the shares within 5, 10 and 20 % over the valued subjects", () => {
    const outcomes = [
      { price: 100_000, arv: 103_000 }, // 3 %
      { price: 200_000, arv: 180_000 }, // 10 %
      { price: 100_000, arv: 115_000 }, // 15 %
      { price: 400_000, arv: 300_000 }, // 25 %
      { price: 100_000, arv: null }, // refused
    ];
    const figures = benchFigures(outcomes, [1, 2, 3, 4, 100]);
    expect(figures.valued).toBe(4);
    expect(figures.total).toBe(5);
    expect(figures.mdape).toBeCloseTo(12.5, 6);
    expect(figures.within5).toBeCloseTo(25, 6);
    expect(figures.within10).toBeCloseTo(50, 6);
    expect(figures.within20).toBeCloseTo(75, 6);
    expect(figures.p50_ms).toBe(3);
    expect(figures.p99_ms).toBe(100);
    expect(summaryLine(figures)).toBe("valued=4/5 mdape=12.5% within5=25.0% within10=50.0% within20=75.0% p50_ms=3.0");
  });

  it("takes quantiles by nearest rank, the median of an even list as the mean of the middle two", () => {
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(
      quantile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.99,
      ),
    ).toBe(99);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe("the in-memory pool", () => {
  it("answers a candidate window: inside the box, in the date range, nearest first up to the limit", () => {
    const { sales } = parseSalesCsv(
      [
        HEADER,
        "near,1,2015-01-05,500000,3,2,1800,6000,1,1960,,,,,,,98103,47.601,-122.3",
        "mid,2,2015-01-06,500000,3,2,1800,6000,1,1960,,,,,,,98103,47.61,-122.3",
        "far,3,2015-01-07,500000,3,2,1800,6000,1,1960,,,,,,,98103,47.62,-122.3",
        "outside,4,2015-01-07,500000,3,2,1800,6000,1,1960,,,,,,,98103,47.9,-122.3",
        "too-late,5,2015-02-01,500000,3,2,1800,6000,1,1960,,,,,,,98103,47.6,-122.3",
        "too-early,6,2014-01-01,500000,3,2,1800,6000,1,1960,,,,,,,98103,47.6,-122.3",
      ].join("\n"),
    );
    const pool = new SalesPool(sales);
    const window = {
      minLatitude: 47.55,
      maxLatitude: 47.65,
      minLongitude: -122.35,
      maxLongitude: -122.25,
      fromDate: "2014-06-01",
      beforeDate: "2015-02-01",
      limit: 2,
    };
    expect(pool.lookup(window, { latitude: 47.6, longitude: -122.3 }).map((s) => s.id)).toEqual(["near", "mid"]);
    expect(pool.lookup({ ...window, limit: 10 }, { latitude: 47.6, longitude: -122.3 }).map((s) => s.id)).toEqual(["near", "mid", "far"]);
  });
});

describe("the 80 % range's figures and the per-subject file", () => {
  it("counts the prices inside the range and the median half-width, over valued subjects only", () => {
    const figures = rangeFigures([
      { price: 100, arv: 100, rangeLow: 90, rangeHigh: 110 },
      { price: 120, arv: 100, rangeLow: 90, rangeHigh: 110 },
      { price: 90, arv: 100, rangeLow: 90, rangeHigh: 130 },
      { price: 100, arv: null, rangeLow: null, rangeHigh: null },
    ]);
    expect(figures.coverage).toBeCloseTo((100 * 2) / 3, 6);
    expect(figures.medianHalfWidth).toBeCloseTo(10, 6);
    expect(rangeLine(figures)).toBe("range80_coverage=66.7% median_halfwidth=10.0%");
  });

  it("writes the exact header, one row per subject, blank figures when unvalued", () => {
    const csv = perSubjectCsv([
      { saleId: "1-20150105", price: 510000, arv: 498000, rangeLow: 430000, rangeHigh: 577000, confidence: 0.74 },
      { saleId: "2-20150106", price: 300000, arv: null, rangeLow: null, rangeHigh: null, confidence: null },
    ]);
    expect(csv.split("\n")).toEqual([
      "sale_id,price,arv,range_low,range_high,confidence",
      "1-20150105,510000,498000,430000,577000,0.74",
      "2-20150106,300000,,,,",
      "",
    ]);
  });
});
