/** An insert written only while a condition holds, in the statement itself (a guarded write for a batch). */
import { getTableColumns, is, sql, SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

import type { ServiceContext } from "#app/services/context.server.ts";

/** A row as drizzle's insert takes it, where any value may also be an SQL expression (a subquery, say). */
type RowOrSql<T extends SQLiteTable> = { [K in keyof T["$inferInsert"]]: T["$inferInsert"][K] | SQL };

/**
 * `INSERT INTO table (every column) SELECT <row> WHERE condition`: the row as drizzle's insert would write it
 * (each value through its column's encoding, defaults for the rest), written only when `condition` holds.
 */
export function insertWhen<T extends SQLiteTable>(context: ServiceContext<"db">, table: T, row: RowOrSql<T>, condition: SQL) {
  const { db } = context;
  // drizzle's $inferInsert type cannot be indexed by a column key from getTableColumns.
  const given = row as Record<string, unknown>;
  const values = Object.entries(getTableColumns(table))
    // The columns drizzle's insert lists, in its order: all but those generated always.
    .filter(([, column]) => column.generated === undefined || column.generated.type === "byDefault")
    .map(([key, column]) => {
      const value = given[key] !== undefined ? given[key] : column.default !== undefined ? column.default : column.defaultFn?.();
      if (value === undefined || value === null) return sql`null`;
      return is(value, SQL) ? value : sql.param(value, column);
    });
  return db.insert(table).select(sql`select ${sql.join(values, sql`, `)} where ${condition}`);
}
