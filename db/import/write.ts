/**
 * The write half of `npm run import:sales`: the parsed rows into imported_sales as one D1 batch (one transaction),
 * so an import is in whole or not at all, and an upsert on (source, external_id), so importing the same file again
 * updates its rows instead of adding them twice. Works with any D1 binding (the CLI's local proxy, workerd tests).
 */
import { count, eq } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { importedSales } from "#db/schema.ts";
import { chunkedStatements, sqlLiteral } from "#db/sql-literal.ts";

/**
 * One parsed sale as the write stores it (app/domain/sales/sales-csv.ts parses it; db/import may not import app, so the
 * shape is read off the table: the domain's row is checked against it where the CLI passes one).
 */
export type ImportedSaleRow = Required<Omit<typeof importedSales.$inferInsert, "id" | "source" | "address" | "latitudeCell">>;

/** The columns written, in order: imported_sales's own names, converted by its drizzle columns (cents, scaled). */
const COLUMNS = [
  "id",
  "source",
  "externalId",
  "parcelId",
  "saleDate",
  "price",
  "zip",
  "latitude",
  "longitude",
  "bedrooms",
  "bathrooms",
  "squareFeet",
  "lotSquareFeet",
  "stories",
  "yearBuilt",
  "yearRenovated",
  "basementSquareFeet",
  "condition",
  "qualityGrade",
  "waterfront",
  "view",
] as const satisfies readonly (keyof typeof importedSales.$inferInsert)[];

const UPDATED = COLUMNS.filter((key) => key !== "id" && key !== "source" && key !== "externalId");

export type ImportSummary = { written: number; added: number; updated: number };

/** Writes the rows under `source` in one transaction; answers how many were new and how many replaced an earlier import. */
export async function writeImportedSales(db: Db, source: string, rows: readonly ImportedSaleRow[]): Promise<ImportSummary> {
  const d1 = db.$client;
  const name = (key: (typeof COLUMNS)[number]) => importedSales[key].name;
  const head = `INSERT INTO "imported_sales" (${COLUMNS.map((key) => `"${name(key)}"`).join(", ")}) VALUES `;
  const tail = ` ON CONFLICT ("source", "external_id") DO UPDATE SET ${UPDATED.map((key) => `"${name(key)}" = excluded."${name(key)}"`).join(", ")}`;
  const tuples = rows.map((row) => {
    const record: Record<(typeof COLUMNS)[number], unknown> = { ...row, id: crypto.randomUUID(), source };
    return `(${COLUMNS.map((key) => {
      const value = record[key];
      // drizzle's Column.mapToDriverValue takes the column's own data type, for a key union the intersection (never).
      return sqlLiteral(value === null || value === undefined ? null : importedSales[key].mapToDriverValue(value as never));
    }).join(",")})`;
  });
  const statements = chunkedStatements(head, tail, tuples);
  if (statements.length === 0) return { written: 0, added: 0, updated: 0 };

  const before = await countImported(db, source);
  // One batch: D1 runs it as one transaction, so a failure leaves nothing of this import behind.
  await d1.batch(statements.map((statement) => d1.prepare(statement)));
  const after = await countImported(db, source);
  return { written: rows.length, added: after - before, updated: rows.length - (after - before) };
}

export async function countImported(db: Db, source: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(importedSales).where(eq(importedSales.source, source));
  return row?.n ?? 0;
}
