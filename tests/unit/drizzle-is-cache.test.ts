import { Column, entityKind, is, Param, SQL, sql, Table } from "drizzle-orm";
import { integer, SQLiteColumn, sqliteTable, SQLiteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

/**
 * patches/drizzle-orm+0.45.4.patch keeps, per class and entity kind, whether drizzle's `is` holds (ADR 104). These
 * check that it answers what the unpatched walk of the class chain answers, on every call, for drizzle's own classes
 * and for classes of ours that claim a kind.
 */
const leads = sqliteTable("leads", { id: text("id").primaryKey(), count: integer("count") });

/** The unpatched rule: an instance, or a class on the value's constructor chain of the same kind. */
function walked(value: object, type: { [entityKind]: string } & (abstract new (...args: never[]) => unknown)): boolean {
  if (value instanceof type) return true;
  for (let cls = Object.getPrototypeOf(value).constructor; cls; cls = Object.getPrototypeOf(cls)) {
    if (entityKind in cls && cls[entityKind] === type[entityKind]) return true;
  }
  return false;
}

describe("drizzle's is() with the kept answers", () => {
  const values: object[] = [leads, leads.id, leads.count, sql`1`, new Param(1), sql`x`.as("x"), {}, new Date()];
  const types = [Table, SQLiteTable, Column, SQLiteColumn, SQL, Param, SQL.Aliased];

  it("answers as the walk of the class chain does, the same on every call", () => {
    for (let round = 0; round < 3; round++) {
      for (const value of values) {
        for (const type of types) expect(is(value, type), `${value.constructor.name} is ${type.name}`).toBe(walked(value, type));
      }
    }
    expect(is(leads.id, Column)).toBe(true);
    expect(is(leads.id, Table)).toBe(false);
    expect(is(leads, SQLiteTable)).toBe(true);
  });

  it("tells apart two classes of ours by kind, not by name, and sees a subclass's kind through its parent", () => {
    const kinds = ["BreezeTestKindA", "BreezeTestKindB"] as const;
    const [KindA, KindB] = kinds.map(
      (kind) =>
        class Same {
          static readonly [entityKind]: string = kind;
        },
    );
    class Child extends KindA {}
    expect(is(new KindA(), KindA)).toBe(true);
    expect(is(new KindA(), KindB)).toBe(false);
    expect(is(new KindB(), KindA)).toBe(false);
    expect(is(new Child(), KindA)).toBe(true);
    expect(is(new Child(), KindB)).toBe(false);
    // Asked again, after the answers were kept.
    expect([is(new KindA(), KindB), is(new Child(), KindA)]).toEqual([false, true]);
  });

  it("still refuses a type that is not a drizzle entity", () => {
    class Plain {}
    expect(() => is({}, Plain as unknown as Parameters<typeof is>[1])).toThrow(/doesn't look like a Drizzle entity/);
  });

  it("answers false for what is not an object", () => {
    expect(is(null, Column)).toBe(false);
    expect(is("leads", Table)).toBe(false);
  });
});
