import { customType, integer, text } from "drizzle-orm/sqlite-core";

/**
 * A decimal stored exactly as a scaled integer: `scaled(2)` keeps 12.34 as 1234. The app reads and writes plain
 * numbers (dollars, percent, baths); the database never holds a drifting float, and SQL sums stay exact.
 * Precision (total digits) is checked by the zod schemas at the edges; SQLite integers hold far more than 12 digits.
 */
export function scaled(scale: number) {
  const factor = 10 ** scale;
  return customType<{ data: number; driverData: number }>({
    dataType: () => "integer",
    toDriver: (value) => Math.round(value * factor),
    fromDriver: (value) => Number(value) / factor,
  });
}

/** Money in US dollars, stored as integer cents (the spec's 10,2 and 12,2). */
export const money = scaled(2);

/** A fresh UUID v4 primary key. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** Creation and update instants, stored as integer milliseconds since the epoch. */
export const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date()),
};

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

/** An optional instant. */
export const instant = (name: string) => integer(name, { mode: "timestamp_ms" });

/** A boolean stored as 0/1. */
export const flag = (name: string) => integer(name, { mode: "boolean" });

/** JSON stored as text. */
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
