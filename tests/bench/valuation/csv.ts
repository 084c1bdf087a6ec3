/**
 * The sales CSV of `npm run bench:valuation`: parsed by header name. The columns through `year_built` must be
 * in the header; the later ones are optional (absent or blank = unknown). A row whose id, parcel, date, price or
 * location is unusable is reported by line number and skipped. Pure: the CLI reads the file, this parses the text.
 */
import { SALES_CSV_COLUMNS } from "#app/domain/sales/sales-csv.ts";
import type { Sale } from "#app/domain/valuation/types.ts";

/** The importer's columns (app/domain/sales/sales-csv.ts) without the address, which the engine never reads. */
export const SALES_COLUMNS = SALES_CSV_COLUMNS.filter((name) => name !== "address");
export const REQUIRED_COLUMNS = SALES_COLUMNS.slice(0, SALES_COLUMNS.indexOf("year_built") + 1);

export interface ParsedSales {
  sales: Sale[];
  /** "line 12: price is not a positive number" — the rows skipped. */
  skipped: string[];
}

export class CsvError extends Error {}

/** Splits CSV text into records (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

export function parseSalesCsv(text: string): ParsedSales {
  const records = parseCsvRecords(text.replace(/^\uFEFF/, ""));
  if (records.length === 0) throw new CsvError("the file is empty (expected a header line)");
  const header = records[0].map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
  if (missing.length > 0) throw new CsvError(`the header lacks ${missing.join(", ")}`);
  const at = new Map<string, number>();
  for (const name of SALES_COLUMNS) {
    const index = header.indexOf(name);
    if (index >= 0) at.set(name, index);
  }
  const sales: Sale[] = [];
  const skipped: string[] = [];
  for (let r = 1; r < records.length; r++) {
    const record = records[r];
    if (record.length === 1 && record[0].trim() === "") continue;
    const line = r + 1;
    const text = (name: string): string => {
      const index = at.get(name);
      return index === undefined ? "" : (record[index] ?? "").trim();
    };
    const number = (name: string): number | null => {
      const value = text(name);
      if (value === "") return null;
      const parsed = Number(value);
      return Number.isFinite(parsed) ? parsed : null;
    };
    const id = text("sale_id");
    const parcelId = text("parcel_id");
    const saleDate = text("sale_date");
    const price = number("price");
    const latitude = number("lat");
    const longitude = number("lon");
    const problem = !id
      ? "sale_id is blank"
      : !parcelId
        ? "parcel_id is blank"
        : !/^\d{4}-\d{2}-\d{2}$/.test(saleDate) || Number.isNaN(Date.parse(`${saleDate}T00:00:00Z`))
          ? "sale_date is not a YYYY-MM-DD date"
          : price === null || price <= 0
            ? "price is not a positive number"
            : latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180
              ? "lat/lon are missing or out of range"
              : null;
    if (problem) {
      skipped.push(`line ${line}: ${problem}`);
      continue;
    }
    const waterfront = number("waterfront");
    sales.push({
      id,
      parcelId,
      saleDate,
      price: price!,
      latitude: latitude!,
      longitude: longitude!,
      zip: text("zip") || null,
      propertyType: null,
      bedrooms: number("bedrooms"),
      bathrooms: number("bathrooms"),
      squareFeet: number("sqft"),
      lotSquareFeet: number("lot_sqft"),
      stories: number("stories"),
      yearBuilt: number("year_built"),
      yearRenovated: number("year_renovated"),
      basementSquareFeet: number("basement_sqft"),
      condition: number("condition"),
      qualityGrade: number("quality_grade"),
      waterfront: waterfront === null ? null : waterfront !== 0,
      view: number("view"),
    });
  }
  return { sales, skipped };
}

/** The optional columns `--drop-columns` can blank, by CSV name (and `grade` for quality_grade), as the sale's field. */
export const DROPPABLE_COLUMNS: Readonly<Record<string, keyof Sale>> = Object.freeze({
  zip: "zip",
  lot_sqft: "lotSquareFeet",
  stories: "stories",
  year_renovated: "yearRenovated",
  basement_sqft: "basementSquareFeet",
  condition: "condition",
  quality_grade: "qualityGrade",
  grade: "qualityGrade",
  waterfront: "waterfront",
  view: "view",
});

/** The sales with those columns unknown, as a market whose records lack them. */
export function dropColumns(sales: readonly Sale[], names: readonly string[]): Sale[] {
  if (names.length === 0) return [...sales];
  return sales.map((sale) => {
    const copy = { ...sale } as Record<string, unknown>;
    for (const name of names) copy[DROPPABLE_COLUMNS[name]] = null;
    return copy as unknown as Sale;
  });
}
