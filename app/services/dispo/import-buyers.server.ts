/**
 * Buyers uploaded as CSV (columns in app/domain/dispo/buyers-csv.ts), all or nothing as the sold-comps import: one bad
 * row and nothing is written, each bad row listed with its line. A good file is upserted on (user, name and email) in
 * one D1 batch, so uploading the same file again changes nothing, and a row with new facts updates its buyer. A
 * buyer's unsubscribe is never undone by an upload: `unsubscribed_at` is not among the columns it writes.
 */
import { buyers } from "#db/schema.ts";
import { chunkedStatements, sqlLiteral } from "#db/sql-literal.ts";
import type { BuyerInput } from "#app/domain/dispo/buyer-schema.ts";
import { BuyersCsvError, parseBuyersCsv } from "#app/domain/dispo/buyers-csv.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import {
  importCountsText,
  readCsvRows,
  readCsvUpload,
  type CsvImportKind,
  type CsvRefusal,
  type ImportCounts,
} from "#app/services/platform/csv-import.server.ts";

import { buyerValues } from "./buyers.server.ts";

export const MAX_BUYERS_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_BUYERS_ROWS = 10_000;

export const BUYERS_IMPORT_MESSAGES = {
  missing: "Please choose a CSV file to import",
  type: "Only CSV files (.csv) can be imported",
  tooLarge: "The file is larger than 5 MB",
  empty: "The file is empty",
  notText: "The file is not UTF-8 text",
  noRows: "The file has no buyer rows",
} as const;

export type BuyersImportOutcome = ({ ok: true } & ImportCounts) | CsvRefusal;

const BUYERS_CSV: CsvImportKind<BuyerInput> = {
  maxBytes: MAX_BUYERS_FILE_BYTES,
  messages: BUYERS_IMPORT_MESSAGES,
  parse: (text) => parseBuyersCsv(text, { maxRows: MAX_BUYERS_ROWS }),
  FileError: BuyersCsvError,
};

/** The facts an upload writes and compares. */
const FACTS = [
  "name",
  "company",
  "email",
  "phone",
  "markets",
  "propertyTypes",
  "priceMin",
  "priceMax",
  "minBeds",
  "maxRepairLevel",
  "emailConsent",
] as const;
const COLUMNS = ["id", "userId", "source", "matchKey", ...FACTS, "createdAt", "updatedAt"] as const;
type Column = (typeof COLUMNS)[number];
const name = (key: Column) => buyers[key].name;
const HEAD = `INSERT INTO "buyers" (${COLUMNS.map((key) => `"${name(key)}"`).join(", ")}) VALUES `;
const TAIL =
  ` ON CONFLICT ("user_id", "match_key") DO UPDATE SET ${[...FACTS, "updatedAt" as const].map((key) => `"${name(key)}" = excluded."${name(key)}"`).join(", ")}` +
  ` WHERE (${FACTS.map((key) => `"buyers"."${name(key)}"`).join(", ")}) IS NOT (${FACTS.map((key) => `excluded."${name(key)}"`).join(", ")})`;
const COUNT = `SELECT count(*) AS n FROM "buyers" WHERE "user_id" = ?`;

async function writeBuyers(context: ServiceContext<"db" | "now">, userId: string, rows: readonly BuyerInput[]) {
  const now = context.now();
  const tuples = rows.map((input) => {
    const record: Record<Column, unknown> = {
      ...buyerValues(input),
      id: crypto.randomUUID(),
      userId,
      source: "import",
      createdAt: now,
      updatedAt: now,
    };
    return `(${COLUMNS.map((key) => {
      const value = record[key];
      // drizzle's Column.mapToDriverValue takes the column's own data type, for a key union the intersection (never).
      return sqlLiteral(value === null || value === undefined ? null : buyers[key].mapToDriverValue(value as never));
    }).join(",")})`;
  });
  const d1 = context.db.$client;
  const count = d1.prepare(COUNT).bind(userId);
  // One batch, one transaction: the counts around the upserts see exactly this upload's effect.
  const results = await d1.batch<{ n: number }>([
    count,
    ...chunkedStatements(HEAD, TAIL, tuples).map((statement) => d1.prepare(statement)),
    count,
  ]);
  const before = results[0]?.results[0]?.n ?? 0;
  const after = results.at(-1)?.results[0]?.n ?? 0;
  const changes = results.slice(1, -1).reduce((sum, result) => sum + result.meta.changes, 0);
  const imported = after - before;
  return { imported, updated: changes - imported, unchanged: rows.length - changes };
}

/** Checks a CSV file and writes its buyers as the user's, or says why not (nothing written). */
export async function importBuyers(
  context: ServiceContext<"db" | "now">,
  { userId, file }: { userId: string; file: unknown },
): Promise<BuyersImportOutcome> {
  const read = await readCsvRows(BUYERS_CSV, file);
  if (!read.ok) return read;
  return { ok: true, ...(await writeBuyers(context, userId, read.rows)) };
}

/** Reads the multipart upload (field `file`), counted while it streams and cut past the cap (413), then imports it. */
export function readBuyersUpload(request: Request, context: ServiceContext<"db" | "now">, userId: string): Promise<BuyersImportOutcome> {
  return readCsvUpload(request, BUYERS_CSV, (file) => importBuyers(context, { userId, file }));
}

/** "3 buyers imported, 1 updated, 2 unchanged." */
export const buyersImportText = (counts: ImportCounts) => importCountsText(counts, ["buyer", "buyers"]);
