// What the migration tests share: the schema as it was before a migration, every table's rows to compare before and
// after it, and the rows without the column it added.
import { applyD1Migrations, env } from "cloudflare:test";
import { expect } from "vitest";

export type Rows = Record<string, unknown>[];

/** Applies the test migrations that come before `migration` (one of them, not the last): the old schema a test seeds. */
export async function migrateUpTo(database: D1Database, migration: string) {
  const before = env.TEST_MIGRATIONS.filter((entry) => entry.name < migration);
  expect(before.length).toBeLessThan(env.TEST_MIGRATIONS.length);
  await applyD1Migrations(database, before);
}

/** Applies the rest: the schema as the code has it now. */
export const migrateAll = (database: D1Database) => applyD1Migrations(database, env.TEST_MIGRATIONS);

/** Every table's rows in insertion order, by table name (SQLite's, Cloudflare's and the migrations' own left out). */
export async function everyTable(database: D1Database): Promise<Record<string, Rows>> {
  const { results } = await database
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations' order by name",
    )
    .all<{ name: string }>();
  const tables: Record<string, Rows> = {};
  for (const { name } of results) tables[name] = (await database.prepare(`select * from "${name}" order by rowid`).all()).results;
  return tables;
}

/** The rows without `column` (one a migration added, checked on its own): what they held before it. */
export const withoutColumn = (rows: Rows, column: string): Rows =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([name]) => name !== column)));

/**
 * Migrates `database` from just before `migration` to now around `seed`, and checks what a migration that names each
 * row's member must keep: every other column and table as it was, `column` holding the row's founder (its own
 * user_id) for every seeded founder, and `indexes` kept on `table`. Answers every table's rows after it.
 */
export async function expectFounderColumnAdded(
  database: D1Database,
  change: { migration: string; seed: (database: D1Database) => Promise<string[]>; table: string; column: string; indexes: string[] },
): Promise<Record<string, Rows>> {
  const { migration, seed, table, column, indexes } = change;
  await migrateUpTo(database, migration);
  const founders = await seed(database);
  const tablesBefore = await everyTable(database);

  await migrateAll(database);

  const tablesAfter = await everyTable(database);
  for (const [name, rows] of Object.entries(tablesBefore)) {
    expect(name === table ? withoutColumn(tablesAfter[name]!, column) : tablesAfter[name], name).toEqual(rows);
  }
  const changed = tablesAfter[table]!;
  expect(changed).toHaveLength(tablesBefore[table]!.length);
  expect(changed.every((row) => row[column] === row.user_id)).toBe(true);
  expect(new Set(changed.map((row) => row[column]))).toEqual(new Set(founders));
  const { results } = await database.prepare("select name from sqlite_master where type = 'index' and tbl_name = ?").bind(table).all();
  expect(results.map((row) => row.name)).toEqual(expect.arrayContaining(indexes));
  return tablesAfter;
}

/**
 * Two founders, each of a workspace of their own, as the old schema wrote them (a user row each), with the rows
 * `rowsOf` writes for each in the same batch: their ids.
 */
export async function seedFounders(database: D1Database, rowsOf: (userId: string, now: number) => D1PreparedStatement[]) {
  const founders = [crypto.randomUUID(), crypto.randomUUID()];
  const now = Date.now();
  await database.batch(
    founders.flatMap((userId) => [
      database
        .prepare("insert into users (id, email, full_name, created_at, updated_at) values (?, ?, 'Pat Owner', ?, ?)")
        .bind(userId, `${userId}@example.com`, now, now),
      ...rowsOf(userId, now),
    ]),
  );
  return founders;
}
