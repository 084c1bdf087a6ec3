import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const cache = new WeakMap<D1Database, ReturnType<typeof build>>();

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

/**
 * The drizzle client of a D1 binding. Building one walks the whole schema (relations config), so it is made once per
 * binding and isolate rather than per request; the client holds no per-request state.
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
