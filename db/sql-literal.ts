/**
 * Rows written as SQL literals in multi-row `INSERT … VALUES (…), (…)` statements: how the market seed
 * (db/market/seed.ts), the ZIP gazetteer (zip-places.ts) and import:sales (db/import/write.ts) write many rows to D1
 * fast (db/market/seed.ts says why). The values are the program's own or validated (a user's uploaded sales: zod-checked
 * text without control characters, quotes doubled here), never raw user input.
 */

/** D1's limit on one SQL statement is 100 KB; a little under it, in UTF-8 bytes. */
export const MAX_STATEMENT_BYTES = 95_000;

/** A driver value as an SQL literal: what SQLite stores for it is what binding it would store. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} to SQLite`);
    return String(value);
  }
  if (typeof value === "string") {
    if (value.includes("\0")) throw new Error("cannot write a NUL character in an SQL literal");
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(`no SQL literal for a ${typeof value}`);
}

const encoder = new TextEncoder();

/**
 * `head + tuples + tail` statements, as few as fit under MAX_STATEMENT_BYTES each (a tuple is never split): how a
 * multi-row insert or upsert is cut for D1. Send them in one `batch` for all-or-nothing.
 */
export function chunkedStatements(head: string, tail: string, tuples: readonly string[]): string[] {
  const statements: string[] = [];
  let values: string[] = [];
  let bytes = head.length + tail.length;
  for (const tuple of tuples) {
    const size = encoder.encode(tuple).length + 1;
    if (values.length > 0 && bytes + size > MAX_STATEMENT_BYTES) {
      statements.push(head + values.join(",") + tail);
      values = [];
      bytes = head.length + tail.length;
    }
    values.push(tuple);
    bytes += size;
  }
  if (values.length > 0) statements.push(head + values.join(",") + tail);
  return statements;
}
