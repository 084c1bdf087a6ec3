/**
 * A user's uploaded sales into user_sales (docs/decisions/093-user-sales-import.md): one D1 batch (one transaction)
 * that counts the user's rows, upserts every row on (user_id, external_id) and counts again, so an upload is written
 * whole or not at all and its counts are the batch's own. A row whose facts are unchanged is not touched (the update's
 * WHERE), so uploading the same file again changes nothing, not even updated_at.
 */
import { userSales } from "#db/schema.ts";
import { chunkedStatements, sqlLiteral } from "#db/sql-literal.ts";
import type { ImportedSaleRow } from "#app/domain/sales/sales-csv.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** The facts of a sale: what a re-upload compares and replaces. */
const FACTS = [
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
  "address",
] as const satisfies readonly (keyof ImportedSaleRow & keyof typeof userSales.$inferInsert)[];

const COLUMNS = ["id", "userId", "externalId", "source", ...FACTS, "createdAt", "updatedAt"] as const;
type Column = (typeof COLUMNS)[number];

const name = (key: Column) => userSales[key].name;
const HEAD = `INSERT INTO "user_sales" (${COLUMNS.map((key) => `"${name(key)}"`).join(", ")}) VALUES `;
const SET = [...FACTS, "source", "updatedAt"] as const;
const TAIL =
  ` ON CONFLICT ("user_id", "external_id") DO UPDATE SET ${SET.map((key) => `"${name(key)}" = excluded."${name(key)}"`).join(", ")}` +
  ` WHERE (${FACTS.map((key) => `"user_sales"."${name(key)}"`).join(", ")}) IS NOT (${FACTS.map((key) => `excluded."${name(key)}"`).join(", ")})`;
const COUNT = `SELECT count(*) AS n FROM "user_sales" WHERE "user_id" = ?`;

export type UserSalesSummary = { imported: number; updated: number; unchanged: number };

export async function writeUserSales(
  context: ServiceContext<"db" | "now">,
  userId: string,
  source: string,
  rows: readonly ImportedSaleRow[],
): Promise<UserSalesSummary> {
  const { db } = context;
  const now = context.now();
  const tuples = rows.map((row) => {
    const record: Record<Column, unknown> = { ...row, id: crypto.randomUUID(), userId, source, createdAt: now, updatedAt: now };
    return `(${COLUMNS.map((key) => {
      const value = record[key];
      // drizzle's Column.mapToDriverValue takes the column's own data type, for a key union the intersection (never).
      return sqlLiteral(value === null || value === undefined ? null : userSales[key].mapToDriverValue(value as never));
    }).join(",")})`;
  });
  const statements = chunkedStatements(HEAD, TAIL, tuples);
  if (statements.length === 0) return { imported: 0, updated: 0, unchanged: 0 };
  const d1 = db.$client;
  const count = d1.prepare(COUNT).bind(userId);
  // One batch, one transaction: the counts around the upserts see exactly this upload's effect.
  const results = await d1.batch<{ n: number }>([count, ...statements.map((statement) => d1.prepare(statement)), count]);
  const before = results[0]?.results[0]?.n ?? 0;
  const after = results.at(-1)?.results[0]?.n ?? 0;
  // An upsert's changes are its inserted rows plus the rows its WHERE let it update.
  const changes = results.slice(1, -1).reduce((sum, result) => sum + result.meta.changes, 0);
  const imported = after - before;
  const updated = changes - imported;
  return { imported, updated, unchanged: rows.length - imported - updated };
}
