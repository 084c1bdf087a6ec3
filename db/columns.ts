import { customType, integer, text } from "drizzle-orm/sqlite-core";

/**
 * A decimal stored exactly as a scaled integer: `scaled(2)` keeps 12.34 as 1234. The app reads and writes plain
 * numbers (dollars, percent, baths); the database never holds a drifting float, and SQL sums stay exact.
 * Precision (total digits) is checked by the zod schemas at the edges; SQLite integers hold far more than 12 digits.
 */
export function scaled(scale: number) {
  return customType<{ data: number; driverData: number }>({
    dataType: () => "integer",
    toDriver: (value) => toScaledInteger(value, scale),
    fromDriver: (value) => fromScaledInteger(value, scale),
  });
}

/** 12.345 at scale 2 → 1235 (half away from zero, as money rounds). */
export function toScaledInteger(value: number, scale: number): number {
  // Shift the decimal point in the number's shortest text form ("1.005e2"), not by multiplying: 1.005 * 100 is
  // 100.49999999999999 in binary floating point and would round the wrong way.
  const text = String(Math.abs(value));
  const shifted = text.includes("e") ? Math.abs(value) * 10 ** scale : Number(`${text}e${scale}`);
  const scaledValue = Math.round(shifted);
  return value < 0 ? -scaledValue : scaledValue;
}

export function fromScaledInteger(value: number | bigint | string, scale: number): number {
  return Number(value) / 10 ** scale;
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
