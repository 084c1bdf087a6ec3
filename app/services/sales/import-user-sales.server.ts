/**
 * A user's sold comps uploaded as CSV (docs/decisions/093-user-sales-import.md, docs/import.md): the same columns and
 * row checks as `npm run import:sales` (app/domain/sales/sales-csv.ts), but all or nothing: one bad row and nothing is
 * written, each bad row listed with its line. Capped at 10 MB before the body is read (Content-Length, then a counted
 * read) and at MAX_SALES_ROWS rows; the good file goes to the user's own user_sales in one batch.
 */
import { count, eq } from "drizzle-orm";

import { userSales } from "#db/schema.ts";
import { describeBadRow, parseSalesCsv, SalesCsvError } from "#app/domain/sales/sales-csv.ts";
import { strippedName } from "#app/domain/shared/text.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";

import { writeUserSales, type UserSalesSummary } from "./write-user-sales.server.ts";

export const MAX_SALES_FILE_BYTES = 10 * 1024 * 1024;
/** Rows one upload may hold: past it the file is refused with a clear message (one batch must stay within D1's limits). */
export const MAX_SALES_ROWS = 50_000;
/** Bad rows listed one by one; the message counts them all. */
export const LISTED_LINE_ERRORS = 100;
/** The multipart envelope (boundaries, part headers) around a file at the cap. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

export const SALES_IMPORT_MESSAGES = {
  missing: "Please choose a CSV file to import",
  type: "Only CSV files (.csv) can be imported",
  tooLarge: "The file is larger than 10 MB",
  empty: "The file is empty",
  notText: "The file is not UTF-8 text",
  noRows: "The file has no sales rows",
} as const;

export type LineError = { line: number; message: string };

export type SalesImportOutcome =
  | ({ ok: true; fileName: string; rows: number } & UserSalesSummary)
  | { ok: false; status: 400 | 413; message: string; errors: LineError[] };

const refuse = (status: 400 | 413, message: string, errors: LineError[] = []): SalesImportOutcome => ({
  ok: false,
  status,
  message,
  errors,
});

/** The file's name without a path or control characters, at most 200 characters: the rows' source. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "sales.csv";
  const printable = strippedName(base);
  return printable.trim().slice(0, 200) || "sales.csv";
}

/** Checks a CSV file and writes its sales as the user's, or says why not (nothing written). */
export async function importUserSales(context: ServiceContext<"db" | "now">, userId: string, file: unknown): Promise<SalesImportOutcome> {
  if (!(file instanceof File) || !file.name) return refuse(400, SALES_IMPORT_MESSAGES.missing);
  if (!/\.csv$/i.test(file.name)) return refuse(400, SALES_IMPORT_MESSAGES.type);
  if (file.size > MAX_SALES_FILE_BYTES) return refuse(413, SALES_IMPORT_MESSAGES.tooLarge);
  if (file.size === 0) return refuse(400, SALES_IMPORT_MESSAGES.empty);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.includes(0)) return refuse(400, SALES_IMPORT_MESSAGES.notText);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse(400, SALES_IMPORT_MESSAGES.notText);
  }
  let parsed;
  try {
    parsed = parseSalesCsv(text, { maxRows: MAX_SALES_ROWS, today: context.now().toISOString().slice(0, 10) });
  } catch (error) {
    if (error instanceof SalesCsvError) return refuse(400, error.message, [{ line: 1, message: error.message }]);
    throw error;
  }
  const { rows, bad } = parsed;
  if (bad.length > 0) {
    const errors = bad.slice(0, LISTED_LINE_ERRORS).map((row) => ({ line: row.line, message: row.messages.join("; ") }));
    const listed = bad.length > LISTED_LINE_ERRORS ? ` The first ${LISTED_LINE_ERRORS} are listed.` : "";
    const summary = `${bad.length} ${bad.length === 1 ? "row has errors" : "rows have errors"}; nothing was imported. Fix ${bad.length === 1 ? "it" : "them"} and upload the file again.${listed}`;
    return refuse(400, `${summary} (${describeBadRow(bad[0]!)})`, errors);
  }
  if (rows.length === 0) return refuse(400, SALES_IMPORT_MESSAGES.noRows);
  const fileName = cleanName(file.name);
  const summary = await writeUserSales(context, userId, fileName, rows);
  return { ok: true, fileName, rows: rows.length, ...summary };
}

/** Reads the multipart upload (field `file`), counted while it streams and cut past the cap (413), then imports it. */
export async function readSalesUpload(
  request: Request,
  context: ServiceContext<"db" | "now">,
  userId: string,
): Promise<SalesImportOutcome> {
  let form: FormData;
  try {
    form = await readFormData(request, MAX_SALES_FILE_BYTES + MULTIPART_ENVELOPE_BYTES);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 413) return refuse(413, SALES_IMPORT_MESSAGES.tooLarge);
    return refuse(400, SALES_IMPORT_MESSAGES.missing);
  }
  return importUserSales(context, userId, form.get("file"));
}

/** "3 sales imported, 1 updated, 2 unchanged." */
export function importSummaryText({ imported, updated, unchanged }: UserSalesSummary): string {
  return `${imported} ${imported === 1 ? "sale" : "sales"} imported, ${updated} updated, ${unchanged} unchanged.`;
}

/** How many sales the user has uploaded (their own only). */
export async function countUserSales(context: ServiceContext<"db">, userId: string): Promise<number> {
  const { db } = context;
  const row = await db.select({ n: count() }).from(userSales).where(eq(userSales.userId, userId)).get();
  return row?.n ?? 0;
}
