/**
 * A user's sold comps uploaded as CSV (docs/decisions/093-user-sales-import.md, docs/import.md): the same columns and
 * row checks as `npm run import:sales` (app/domain/sales/sales-csv.ts), but all or nothing: one bad row and nothing is
 * written, each bad row listed with its line. Capped at 10 MB before the body is read (Content-Length, then a counted
 * read) and at MAX_SALES_ROWS rows; the good file goes to the user's own user_sales in one batch.
 */
import { count, eq } from "drizzle-orm";

import { userSales } from "#db/schema.ts";
import { parseSalesCsv, SalesCsvError, type ImportedSaleRow } from "#app/domain/sales/sales-csv.ts";
import { strippedName } from "#app/domain/shared/text.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import {
  importCountsText,
  readCsvRows,
  readCsvUpload,
  type CsvImportKind,
  type CsvRefusal,
} from "#app/services/platform/csv-import.server.ts";

import { writeUserSales, type UserSalesSummary } from "./write-user-sales.server.ts";

export const MAX_SALES_FILE_BYTES = 10 * 1024 * 1024;
/** Rows one upload may hold: past it the file is refused with a clear message (one batch must stay within D1's limits). */
export const MAX_SALES_ROWS = 50_000;

export const SALES_IMPORT_MESSAGES = {
  missing: "Please choose a CSV file to import",
  type: "Only CSV files (.csv) can be imported",
  tooLarge: "The file is larger than 10 MB",
  empty: "The file is empty",
  notText: "The file is not UTF-8 text",
  noRows: "The file has no sales rows",
} as const;

export type SalesImportOutcome = ({ ok: true; fileName: string; rows: number } & UserSalesSummary) | CsvRefusal;

/** The sold-comps kind of CSV import; a sale dated after today (the context's) is a bad row. */
function salesCsv(context: ServiceContext<"now">): CsvImportKind<ImportedSaleRow> {
  const today = context.now().toISOString().slice(0, 10);
  return {
    maxBytes: MAX_SALES_FILE_BYTES,
    messages: SALES_IMPORT_MESSAGES,
    parse: (text) => parseSalesCsv(text, { maxRows: MAX_SALES_ROWS, today }),
    FileError: SalesCsvError,
  };
}

/** The file's name without a path or control characters, at most 200 characters: the rows' source. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "sales.csv";
  const printable = strippedName(base);
  return printable.trim().slice(0, 200) || "sales.csv";
}

/** Checks a CSV file and writes its sales as the user's, or says why not (nothing written). */
export async function importUserSales(context: ServiceContext<"db" | "now">, userId: string, file: unknown): Promise<SalesImportOutcome> {
  const read = await readCsvRows(salesCsv(context), file);
  if (!read.ok) return read;
  const fileName = cleanName(read.file.name);
  const summary = await writeUserSales(context, userId, fileName, read.rows);
  return { ok: true, fileName, rows: read.rows.length, ...summary };
}

/** Reads the multipart upload (field `file`), counted while it streams and cut past the cap (413), then imports it. */
export function readSalesUpload(request: Request, context: ServiceContext<"db" | "now">, userId: string): Promise<SalesImportOutcome> {
  return readCsvUpload(request, salesCsv(context), (file) => importUserSales(context, userId, file));
}

/** "3 sales imported, 1 updated, 2 unchanged." */
export const importSummaryText = (counts: UserSalesSummary) => importCountsText(counts, ["sale", "sales"]);

/** How many sales the user has uploaded (their own only). */
export async function countUserSales(context: ServiceContext<"db">, userId: string): Promise<number> {
  const { db } = context;
  const row = await db.select({ n: count() }).from(userSales).where(eq(userSales.userId, userId)).get();
  return row?.n ?? 0;
}
