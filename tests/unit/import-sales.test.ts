// The pure half of `npm run import:sales`: a CSV of sold homes → validated rows; bad rows reported by line number.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { csvRecords, describeBadRow, parseSalesCsv, SalesCsvError } from "#app/domain/sales/sales-csv.ts";

const HEADER =
  "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,year_renovated,basement_sqft,condition,quality_grade,waterfront,view,zip,lat,lon";

describe("csvRecords", () => {
  it("reads quoted fields, doubled quotes, CRLF and line breaks inside quotes, keeping each record's first line", () => {
    const records = csvRecords('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\nlast,row');
    expect(records).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x, y", 'say "hi"'] },
      { line: 3, fields: ["two\nlines", "z"] },
      { line: 5, fields: ["last", "row"] },
    ]);
  });
});

describe("parseSalesCsv", () => {
  it("keeps good rows, converts their cells, and reports each bad row with its line and every problem", () => {
    const text = [
      `\uFEFF${HEADER}`,
      "A-1,111,2025-03-04,425000,3,2.25,1800,6000,1.5,1978,0,400,3,7,0,2,98103,47.6606,-122.3426",
      "A-2,112,2025-02-30,425000,3,2,1800,6000,1,1978,,,,,,,98103,47.66,-122.34",
      "A-3,113,2025-03-05,-1,three,2,1800,6000,1,1978,,,,,,,98103,,-122.34",
      "",
      '"A-4","1,14",2025-03-06,"510,000",4,3,2400,7000,2,2001,,,,,1,4,98103-1234,47.67,-122.35',
      "A-5,115,2025-03-07,300000,2,1,900,3000,1,1950,2010,0,6,14,maybe,5,9810,47.6,-122.3",
      "A-1,111,2025-03-04,425000,3,2,1800,6000,1,1978,,,,,,,98103,47.66,-122.34",
      ",116,2025-03-08,300000,2,1,900,3000,1,1950,,,,,,,,47.6,-122.3",
      "A-6,117,2025-03-09,300000,2,1,900,3000,1,1950,,,,,,,,47.6,-122.3,extra,cells,here,and,more,and,more,and,more,and,more,and,more,and,more",
    ].join("\n");
    const { rows, bad } = parseSalesCsv(text);
    expect(rows).toEqual([
      {
        externalId: "A-1",
        parcelId: "111",
        saleDate: "2025-03-04",
        price: 425000,
        bedrooms: 3,
        bathrooms: 2.25,
        squareFeet: 1800,
        lotSquareFeet: 6000,
        stories: 1.5,
        yearBuilt: 1978,
        yearRenovated: 0,
        basementSquareFeet: 400,
        condition: 3,
        qualityGrade: 7,
        waterfront: false,
        view: 2,
        zip: "98103",
        latitude: 47.6606,
        longitude: -122.3426,
        address: null,
      },
      expect.objectContaining({ externalId: "A-4", parcelId: "1,14", price: 510000, waterfront: true, view: 4, zip: "98103" }),
    ]);
    expect(bad.map(describeBadRow)).toEqual([
      "line 3: sale_date is not a real date",
      "line 4: price must be greater than 0; bedrooms must be a number; lat is required and must be a number",
      "line 7: condition must be at most 5; quality_grade must be at most 13; waterfront must be 1 or 0; view must be at most 4; zip must be 5 digits",
      "line 8: sale_id A-1 is already on line 2",
      "line 9: sale_id is required",
      "line 10: 34 cells for a header of 19 columns",
    ]);
  });

  it("takes the columns by name, in any order, with the optional ones absent (unknown)", () => {
    const { rows, bad } = parseSalesCsv(
      "lon,lat,year_built,stories,lot_sqft,sqft,bathrooms,bedrooms,price,sale_date,parcel_id,sale_id\n-122.3,47.6,1990,2,5000,1500,2,3,350000,2025-01-02,P9,S9\n",
    );
    expect(bad).toEqual([]);
    expect(rows).toEqual([
      expect.objectContaining({
        externalId: "S9",
        parcelId: "P9",
        price: 350000,
        squareFeet: 1500,
        yearRenovated: null,
        condition: null,
        waterfront: null,
        zip: null,
        latitude: 47.6,
        longitude: -122.3,
        address: null,
      }),
    ]);
  });

  it("keeps an optional address (spaces collapsed) for Add a comp, and refuses one too long or holding control characters", () => {
    const head = "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,lat,lon,address";
    const facts = "2025-01-02,350000,3,2,1500,5000,2,1990,47.6,-122.3";
    const { rows, bad } = parseSalesCsv(
      [
        head,
        `S1,P1,${facts},"  12  Elm St,  Seattle "`,
        `S2,P2,${facts},`,
        `S3,P3,${facts},${"x".repeat(201)}`,
        `S4,P4,${facts},"12 Elm\u0007St"`,
      ].join("\n"),
    );
    expect(rows.map((row) => [row.externalId, row.address])).toEqual([
      ["S1", "12 Elm St, Seattle"],
      ["S2", null],
    ]);
    expect(bad.map(describeBadRow)).toEqual([
      "line 4: address must be at most 200 characters",
      "line 5: address must not contain control or bidi-override characters",
    ]);
  });

  it("refuses a file without a header or with required columns missing, importing nothing", () => {
    expect(() => parseSalesCsv("")).toThrow(SalesCsvError);
    expect(() => parseSalesCsv("sale_id,parcel_id,sale_date,price\nA,1,2025-01-01,1")).toThrow(
      "The header lacks bedrooms, bathrooms, sqft, lot_sqft, stories, year_built, lat, lon",
    );
  });

  it("reads every row of the King County sales (shared/data) as good", () => {
    const text = readFileSync(new URL("../../../shared/data/king-county-sales-2014-2015-02.csv", import.meta.url), "utf8");
    const { rows, bad } = parseSalesCsv(text);
    expect(bad).toEqual([]);
    expect(rows).toHaveLength(16_861);
    expect(rows[0]).toMatchObject({
      externalId: "1024069009-20140502",
      parcelId: "1024069009",
      price: 675000,
      zip: "98029",
      waterfront: false,
    });
  });
});

describe("parseSalesCsv's row bound", () => {
  const header = "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,lat,lon";
  const row = (i: number) => `S-${i},P,2025-01-0${1 + (i % 9)},100000,3,2,1500,5000,1,1990,47.6,-122.3`;

  it("refuses a file past maxRows before validating any row, and counts neither the header nor blank lines", () => {
    const three = [header, row(1), "", row(2), row(3)].join("\n");
    expect(parseSalesCsv(three, { maxRows: 3 }).rows).toHaveLength(3);
    expect(() => parseSalesCsv(three, { maxRows: 2 })).toThrow(
      new SalesCsvError("The file has 3 rows; at most 2 can be imported at once. Split it into smaller files."),
    );
  });
});
