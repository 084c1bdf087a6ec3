import { drizzle } from "drizzle-orm/d1";

const cache = new WeakMap<D1Database, ReturnType<typeof build>>();

function build(d1: D1Database) {
  return drizzle(d1);
}

/**
 * The drizzle client of a D1 binding, made once per binding and isolate (it holds no per-request state). Queries use
 * the query builder with explicit joins, so the client is built without the schema: there is no relational API.
 */
export function createDb(d1: D1Database) {
  let db = cache.get(d1);
  if (!db) {
    db = build(d1);
    cache.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof createDb>;
