/**
 * Writes generated market batches into D1, using the drizzle schema for table and column names and value conversion.
 * Works with any D1 binding: the seed CLI's local proxy (wrangler's getPlatformProxy) and the workerd integration tests.
 *
 * Each INSERT binds exactly ONE parameter: a JSON array of up to ROWS_PER_STATEMENT rows, unpacked in SQL with
 * `json_each`. That keeps every statement far under D1's 100-bound-parameter limit. The obvious alternative, a
 * multi-row VALUES list of floor(100 / columns) rows (2 properties, 6 owners, 12 sales per statement), was measured
 * and rejected: through getPlatformProxy every `prepare()` and `bind()` is a synchronous round trip to workerd
 * (~3.5 ms each), so 40,000 properties needed ~36,000 statements and about four minutes, whatever the db.batch size.
 * With JSON rows the same market is a few hundred statements.
 *
 * Values are converted by the drizzle columns themselves (`mapToDriverValue`), so money and percent are scaled, flags
 * become 0/1 and JSON columns are serialised exactly as a normal drizzle insert would do it. The statements go to
 * D1's own batch() (`db.$client`): drizzle 0.45's batch() cannot carry a parameterised raw `db.run(sql)` (it reads
 * a prepared statement that raw queries do not have), and one prepared statement per table, re-bound per chunk of
 * rows, halves the proxy round trips.
 */
import { count, getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

import type { Db } from "../client";
import { marketOwners, marketProperties, marketSales } from "../schema";
import type { MarketBatch } from "./generate";

/**
 * Rows in one statement's JSON parameter: ~90 KB for owners or properties, so even counted with its SQL a statement
 * stays under D1's 100 KB statement limit (and far under its 2 MB value limit).
 */
export const ROWS_PER_STATEMENT = 400;
/**
 * Statements per D1 batch call (one atomic round trip, ~3.5 MB of JSON at most). Measured on the local proxy, 5, 40 and
 * 200 take the same time: SQLite's own work (rows plus indexes) is what is left.
 */
export const DEFAULT_STATEMENTS_PER_BATCH = 40;

export type SeedProgress = { owners: number; properties: number; sales: number };

export type SeedMarketOptions = {
  onProgress?: (progress: SeedProgress) => void;
  statementsPerBatch?: number;
};

export async function seedMarket(db: Db, batches: Iterable<MarketBatch>, options: SeedMarketOptions = {}): Promise<SeedProgress> {
  const groupSize = options.statementsPerBatch ?? DEFAULT_STATEMENTS_PER_BATCH;
  const totals: SeedProgress = { owners: 0, properties: 0, sales: 0 };
  const d1 = db.$client;
  const inserts = {
    owners: jsonInsert(d1, marketOwners),
    properties: jsonInsert(d1, marketProperties),
    sales: jsonInsert(d1, marketSales),
  };
  let pending: D1PreparedStatement[] = [];

  for (const batch of batches) {
    // Owners before their properties before their sales: foreign keys are checked statement by statement.
    pending.push(...inserts.owners(batch.owners), ...inserts.properties(batch.properties), ...inserts.sales(batch.sales));
    while (pending.length >= groupSize) {
      await d1.batch(pending.slice(0, groupSize));
      pending = pending.slice(groupSize);
    }
    totals.owners += batch.owners.length;
    totals.properties += batch.properties.length;
    totals.sales += batch.sales.length;
    options.onProgress?.({ ...totals });
  }
  if (pending.length > 0) await d1.batch(pending);
  return totals;
}

export async function isMarketSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: marketProperties.id }).from(marketProperties).limit(1);
  return rows.length > 0;
}

export async function countMarketProperties(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(marketProperties);
  return row?.total ?? 0;
}

/** Deletes the whole market (children first, in one atomic batch), for a forced reseed. */
export async function clearMarket(db: Db): Promise<void> {
  await db.batch([db.delete(marketSales), db.delete(marketProperties), db.delete(marketOwners)]);
}

/**
 * `INSERT INTO t (c0, c1, …) SELECT json_extract(value, '$[0]'), … FROM json_each(?1)`, prepared once; the returned
 * function binds it to each run of ROWS_PER_STATEMENT rows. Every column is written (the generator's rows are
 * complete), so no column default is ever needed.
 */
function jsonInsert<T extends SQLiteTable>(d1: D1Database, table: T): (rows: readonly T["$inferInsert"][]) => D1PreparedStatement[] {
  const columns = Object.entries(getTableColumns(table));
  const names = columns.map(([, column]) => `"${column.name}"`).join(", ");
  const extracts = columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  const statement = d1.prepare(`INSERT INTO "${getTableName(table)}" (${names}) SELECT ${extracts} FROM json_each(?1)`);

  return (rows) => {
    const bound: D1PreparedStatement[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const tuples = rows.slice(start, start + ROWS_PER_STATEMENT).map((row: Record<string, unknown>) =>
        columns.map(([key, column]) => {
          const value = row[key];
          return value === undefined || value === null ? null : column.mapToDriverValue(value);
        }),
      );
      bound.push(statement.bind(JSON.stringify(tuples)));
    }
    return bound;
  };
}
