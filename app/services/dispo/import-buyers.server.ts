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
import { readFormData } from "#app/services/http/api.server.ts";

import { buyerValues } from "./buyers.server.ts";

export const MAX_BUYERS_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_BUYERS_ROWS = 10_000;
const LISTED_LINE_ERRORS = 100;
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

export const BUYERS_IMPORT_MESSAGES = {
  missing: "Please choose a CSV file to import",
  type: "Only CSV files (.csv) can be imported",
  tooLarge: "The file is larger than 5 MB",
  empty: "The file is empty",
  notText: "The file is not UTF-8 text",
  noRows: "The file has no buyer rows",
} as const;

export type LineError = { line: number; message: string };
export type BuyersImportOutcome =
  | { ok: true; imported: number; updated: number; unchanged: number }
  | { ok: false; status: 400 | 413; message: string; errors: LineError[] };

const refuse = (status: 400 | 413, message: string, errors: LineError[] = []): BuyersImportOutcome => ({
  ok: false,
  status,
  message,
  errors,
});

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

function decode(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Checks a CSV file and writes its buyers as the user's, or says why not (nothing written). */
export async function importBuyers(
  context: ServiceContext<"db" | "now">,
  { userId, file }: { userId: string; file: unknown },
): Promise<BuyersImportOutcome> {
  if (!(file instanceof File) || !file.name) return refuse(400, BUYERS_IMPORT_MESSAGES.missing);
  if (!/\.csv$/i.test(file.name)) return refuse(400, BUYERS_IMPORT_MESSAGES.type);
  if (file.size > MAX_BUYERS_FILE_BYTES) return refuse(413, BUYERS_IMPORT_MESSAGES.tooLarge);
  if (file.size === 0) return refuse(400, BUYERS_IMPORT_MESSAGES.empty);
  const text = decode(new Uint8Array(await file.arrayBuffer()));
  if (text === null) return refuse(400, BUYERS_IMPORT_MESSAGES.notText);
  let parsed;
  try {
    parsed = parseBuyersCsv(text, { maxRows: MAX_BUYERS_ROWS });
  } catch (error) {
    if (error instanceof BuyersCsvError) return refuse(400, error.message, [{ line: 1, message: error.message }]);
    throw error;
  }
  const { rows, bad } = parsed;
  if (bad.length > 0) {
    const errors = bad.slice(0, LISTED_LINE_ERRORS).map((row) => ({ line: row.line, message: row.messages.join("; ") }));
    const listed = bad.length > LISTED_LINE_ERRORS ? ` The first ${LISTED_LINE_ERRORS} are listed.` : "";
    const summary = `${bad.length} ${bad.length === 1 ? "row has errors" : "rows have errors"}; nothing was imported. Fix ${bad.length === 1 ? "it" : "them"} and upload the file again.${listed}`;
    return refuse(400, `${summary} (line ${errors[0]!.line}: ${errors[0]!.message})`, errors);
  }
  if (rows.length === 0) return refuse(400, BUYERS_IMPORT_MESSAGES.noRows);
  return { ok: true, ...(await writeBuyers(context, userId, rows)) };
}

/** Reads the multipart upload (field `file`), counted while it streams and cut past the cap (413), then imports it. */
export async function readBuyersUpload(
  request: Request,
  context: ServiceContext<"db" | "now">,
  userId: string,
): Promise<BuyersImportOutcome> {
  let form: FormData;
  try {
    form = await readFormData(request, MAX_BUYERS_FILE_BYTES + MULTIPART_ENVELOPE_BYTES);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 413) return refuse(413, BUYERS_IMPORT_MESSAGES.tooLarge);
    return refuse(400, BUYERS_IMPORT_MESSAGES.missing);
  }
  return importBuyers(context, { userId, file: form.get("file") });
}

/** "3 buyers imported, 1 updated, 2 unchanged." */
export function buyersImportText({ imported, updated, unchanged }: { imported: number; updated: number; unchanged: number }): string {
  return `${imported} ${imported === 1 ? "buyer" : "buyers"} imported, ${updated} updated, ${unchanged} unchanged.`;
}
