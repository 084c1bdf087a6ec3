/**
 * The pure half of `npm run import:sales`: a CSV of sold homes → imported_sales rows, each row validated
 * with zod; a bad row is reported with its line number. No I/O: the CLI (db/seed/import-sales.ts) reads the file and
 * writes what this answers (db/import/write.ts), skipping bad rows; the upload in the app
 * (app/services/sales/user-sales-import.server.ts) writes only a file without bad rows
 * (docs/decisions/093-user-sales-import.md).
 *
 * Header (by name, any order): sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,
 * year_renovated,basement_sqft,condition,quality_grade,waterfront,view,zip,lat,lon[,address]. The columns through
 * year_built and lat, lon must be in the header (a sale nobody can place is no comparable); a later column may be absent, and a
 * blank value is unknown. sale_id, parcel_id, sale_date, price, lat and lon need a value in every row.
 */
import { z } from "zod";

import { hasUnsafeText, unsafeTextMessage } from "#app/domain/shared/text.ts";

export const SALES_CSV_COLUMNS = [
  "sale_id",
  "parcel_id",
  "sale_date",
  "price",
  "bedrooms",
  "bathrooms",
  "sqft",
  "lot_sqft",
  "stories",
  "year_built",
  "year_renovated",
  "basement_sqft",
  "condition",
  "quality_grade",
  "waterfront",
  "view",
  "zip",
  "lat",
  "lon",
  // Optional: a user's uploaded sale is found by it in "Add a comp" (docs/decisions/091-comps-the-user-can-defend.md).
  "address",
] as const;
/** The longest address kept: a street line with unit, city and ZIP fits well within it. */
const ADDRESS_MAX = 200;

export type SalesCsvColumn = (typeof SALES_CSV_COLUMNS)[number];

export const REQUIRED_SALES_CSV_COLUMNS: readonly SalesCsvColumn[] = [
  ...SALES_CSV_COLUMNS.slice(0, SALES_CSV_COLUMNS.indexOf("year_built") + 1),
  "lat",
  "lon",
];

/** One imported sale as the write stores it (imported_sales, without its generated columns and id). */
export type ImportedSaleRow = {
  externalId: string;
  parcelId: string;
  saleDate: string;
  price: number;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  lotSquareFeet: number | null;
  stories: number | null;
  yearBuilt: number | null;
  yearRenovated: number | null;
  basementSquareFeet: number | null;
  condition: number | null;
  qualityGrade: number | null;
  waterfront: boolean | null;
  view: number | null;
  zip: string | null;
  latitude: number;
  longitude: number;
  address: string | null;
};

export type BadRow = { line: number; messages: string[] };

export type ParsedSalesCsv = { rows: ImportedSaleRow[]; bad: BadRow[] };

export const SALE_DATE_IN_FUTURE = "sale_date is after today: a sale must have happened";

/** The file itself is unusable (no header, missing columns): nothing is imported. */
export class SalesCsvError extends Error {}

// --- CSV records with their line numbers -------------------------------------------------------------------------------

/**
 * RFC 4180 records (quoted fields, doubled quotes, CRLF or LF), each with the line it starts on (1 = the first). A
 * quote left open, a stray quote in an unquoted field or text after a closing quote make the file unreadable
 * (SalesCsvError): where its fields end is a guess.
 */
export function csvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteLine = 1;
  const end = () => {
    fields.push(field);
    records.push({ line: start, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
        // A closing quote ends the field: what follows it must be a comma or the end of the line.
        const next = text[i + 1];
        if (next !== undefined && next !== "," && next !== "\n" && next !== "\r")
          throw new SalesCsvError(`Line ${line}: a quoted field is followed by text before its comma`);
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
    } else if (ch === '"' && field === "") {
      quoted = true;
      quoteLine = line;
    } else if (ch === '"') throw new SalesCsvError(`Line ${line}: a quote inside an unquoted field`);
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      end();
      line++;
      start = line;
    } else field += ch;
  }
  // An unclosed quote reads the rest of the file as one field: the file cannot be read as its author meant.
  if (quoted) throw new SalesCsvError(`Line ${quoteLine}: a quoted field is never closed`);
  if (field !== "" || fields.length > 0) end();
  return records;
}

// --- one row ------------------------------------------------------------------------------------------------------------

const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);
/** "510000", " 510,000 ", "$510,000" → 510000; anything else is left for zod to refuse. */
const toNumber = (value: unknown) => {
  const blank = blankToNull(value);
  if (typeof blank !== "string") return blank;
  const text = blank
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}\b)/g, "");
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : text;
};

function numberField(column: string, { min, max, integer = false }: { min: number; max: number; integer?: boolean }) {
  let schema = z
    .number({ error: `${column} must be a number` })
    .min(min, `${column} must be at least ${min}`)
    .max(max, `${column} must be at most ${max}`);
  if (integer) schema = schema.int(`${column} must be a whole number`);
  return schema;
}

const optional = (schema: z.ZodType<number>) => z.preprocess(toNumber, schema.nullable());
const text = (column: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string()
      .min(1, `${column} is required`)
      .max(max, `${column} must be at most ${max} characters`)
      .refine((value) => ![...value].some((ch) => ch.charCodeAt(0) < 0x20), `${column} must not contain control characters`),
  );

const YEAR_MAX = 2100;

/** A row's cells by column name → the stored row; each message names its column. */
export const SalesCsvRowSchema = z.object({
  sale_id: text("sale_id", 100),
  parcel_id: text("parcel_id", 100),
  sale_date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "sale_date must be a date (YYYY-MM-DD)")
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, "sale_date is not a real date"),
  price: z.preprocess(
    toNumber,
    z
      .number({ error: "price is required and must be a number" })
      .gt(0, "price must be greater than 0")
      .max(99_999_999.99, "price must be at most 99,999,999.99"),
  ),
  bedrooms: optional(numberField("bedrooms", { min: 0, max: 50, integer: true })),
  bathrooms: optional(numberField("bathrooms", { min: 0, max: 50 })),
  sqft: optional(numberField("sqft", { min: 1, max: 1_000_000, integer: true })),
  lot_sqft: optional(numberField("lot_sqft", { min: 0, max: 1_000_000_000, integer: true })),
  stories: optional(numberField("stories", { min: 0, max: 200 })),
  year_built: optional(numberField("year_built", { min: 1600, max: YEAR_MAX, integer: true })),
  // 0 means never renovated, as assessor records write it.
  year_renovated: optional(
    numberField("year_renovated", { min: 0, max: YEAR_MAX, integer: true }).refine(
      (year) => year === 0 || year >= 1600,
      "year_renovated must be 0 or a year",
    ),
  ),
  basement_sqft: optional(numberField("basement_sqft", { min: 0, max: 1_000_000, integer: true })),
  condition: optional(numberField("condition", { min: 1, max: 5, integer: true })),
  quality_grade: optional(numberField("quality_grade", { min: 1, max: 13, integer: true })),
  waterfront: z.preprocess(
    (value) => {
      const cell = blankToNull(value);
      if (typeof cell !== "string") return cell;
      const word = cell.trim().toLowerCase();
      return ["1", "true", "yes", "y"].includes(word) ? true : ["0", "false", "no", "n"].includes(word) ? false : cell;
    },
    z.boolean({ error: "waterfront must be 1 or 0" }).nullable(),
  ),
  view: optional(numberField("view", { min: 0, max: 4, integer: true })),
  zip: z.preprocess(
    (value) => blankToNull(typeof value === "string" ? value.trim() : value),
    z
      .string()
      .regex(/^\d{5}(-\d{4})?$/, "zip must be 5 digits")
      .transform((zip) => zip.slice(0, 5))
      .nullable(),
  ),
  lat: z.preprocess(
    toNumber,
    z
      .number({ error: "lat is required and must be a number" })
      .min(-90, "lat must be between -90 and 90")
      .max(90, "lat must be between -90 and 90"),
  ),
  lon: z.preprocess(
    toNumber,
    z
      .number({ error: "lon is required and must be a number" })
      .min(-180, "lon must be between -180 and 180")
      .max(180, "lon must be between -180 and 180"),
  ),
  address: z.preprocess(
    (value) => blankToNull(typeof value === "string" ? value.trim().replace(/\s+/g, " ") : value),
    z
      .string()
      .max(ADDRESS_MAX, `address must be at most ${ADDRESS_MAX} characters`)
      .refine((value) => ![...value].some((ch) => ch.charCodeAt(0) < 0x20), "address must not contain control characters")
      .nullable(),
  ),
});

function toRow(cells: z.infer<typeof SalesCsvRowSchema>): ImportedSaleRow {
  return {
    externalId: cells.sale_id,
    parcelId: cells.parcel_id,
    saleDate: cells.sale_date,
    price: cells.price,
    bedrooms: cells.bedrooms,
    bathrooms: cells.bathrooms,
    squareFeet: cells.sqft,
    lotSquareFeet: cells.lot_sqft,
    stories: cells.stories,
    yearBuilt: cells.year_built,
    yearRenovated: cells.year_renovated,
    basementSquareFeet: cells.basement_sqft,
    condition: cells.condition,
    qualityGrade: cells.quality_grade,
    waterfront: cells.waterfront,
    view: cells.view,
    zip: cells.zip,
    latitude: cells.lat,
    longitude: cells.lon,
    address: cells.address,
  };
}

// --- the file -----------------------------------------------------------------------------------------------------------

/**
 * Every good row and every bad one (with its line and messages); throws SalesCsvError when the header is unusable or
 * the file has more than `maxRows` data rows (counted before any row is validated).
 */
export function parseSalesCsv(
  text: string,
  /** `today` (YYYY-MM-DD, the caller's clock): a sale dated after it has not happened and is a bad row. */
  { maxRows = Infinity, today }: { maxRows?: number; today?: string } = {},
): ParsedSalesCsv {
  const records = csvRecords(text.replace(/^\uFEFF/, ""));
  const headerRecord = records[0];
  if (!headerRecord || headerRecord.fields.every((cell) => cell.trim() === "")) {
    throw new SalesCsvError(`The file is empty: expected the header ${SALES_CSV_COLUMNS.join(",")}`);
  }
  const header = headerRecord.fields.map((name) => name.trim().toLowerCase());
  const twice = header.find((name, i) => name !== "" && header.indexOf(name) !== i);
  if (twice !== undefined) throw new SalesCsvError(`The header names ${twice} twice`);
  const missing = REQUIRED_SALES_CSV_COLUMNS.filter((name) => !header.includes(name));
  if (missing.length > 0) throw new SalesCsvError(`The header lacks ${missing.join(", ")} (expected ${SALES_CSV_COLUMNS.join(",")})`);
  const index = new Map(SALES_CSV_COLUMNS.map((name) => [name, header.indexOf(name)] as const));
  const dataRows = records.length - 1 - records.slice(1).filter(({ fields }) => fields.every((cell) => cell.trim() === "")).length;
  if (dataRows > maxRows) {
    throw new SalesCsvError(
      `The file has ${dataRows.toLocaleString("en-US")} rows; at most ${maxRows.toLocaleString("en-US")} can be imported at once. Split it into smaller files.`,
    );
  }

  const rows: ImportedSaleRow[] = [];
  const bad: BadRow[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, fields } of records.slice(1)) {
    if (fields.every((cell) => cell.trim() === "")) continue;
    if (fields.length > header.length) {
      bad.push({ line, messages: [`${fields.length} cells for a header of ${header.length} columns`] });
      continue;
    }
    const unsafe = fields.flatMap((cell, i) =>
      hasUnsafeText(cell) || cell.includes("\t") ? [unsafeTextMessage(header[i] || `column ${i + 1}`)] : [],
    );
    if (unsafe.length > 0) {
      bad.push({ line, messages: unsafe });
      continue;
    }
    const cells = Object.fromEntries(
      SALES_CSV_COLUMNS.map((name) => [name, index.get(name)! >= 0 ? (fields[index.get(name)!] ?? "") : ""]),
    );
    const parsed = SalesCsvRowSchema.safeParse(cells);
    if (!parsed.success) {
      bad.push({ line, messages: [...new Set(parsed.error.issues.map((issue) => issue.message))] });
      continue;
    }
    if (today !== undefined && parsed.data.sale_date > today) {
      bad.push({ line, messages: [SALE_DATE_IN_FUTURE] });
      continue;
    }
    const earlier = firstLine.get(parsed.data.sale_id);
    if (earlier !== undefined) {
      bad.push({ line, messages: [`sale_id ${parsed.data.sale_id} is already on line ${earlier}`] });
      continue;
    }
    firstLine.set(parsed.data.sale_id, line);
    rows.push(toRow(parsed.data));
  }
  return { rows, bad };
}

/** "line 7: price must be greater than 0; lat is required and must be a number" */
export function describeBadRow(row: BadRow): string {
  return `line ${row.line}: ${row.messages.join("; ")}`;
}
