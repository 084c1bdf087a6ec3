// Seeding the embedded local market into real D1 (inside workerd): row counts, a quick-list style query by city,
// state and seller-type flag, and money that comes back to the cent. The ZIP records are a short fixed list, so the
// 5 MB `zipcodes` data module never has to load inside workerd.
import { and, count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { SELLER_TYPE_FLAG, SELLER_TYPES } from "#db/enums.ts";
import { latitudeCell } from "#db/latitude-cell.ts";
import { sellerTypeColumn } from "#db/market/flags.ts";
import type { MarketBatch } from "#db/market/generate.ts";
import { countMarketProperties, isMarketSeeded } from "#db/market/seed.ts";
import { marketOwners, marketProperties, marketSales } from "#db/schema.ts";

import { db } from "./db.ts";
import { seedTestMarket } from "./market-fixture.ts";

const PROPERTIES = 2_000;

/** The same market, kept in memory to compare with what D1 returns. */
let generated: MarketBatch;

beforeAll(async () => {
  generated = await seedTestMarket(db, PROPERTIES);
});

describe("seedMarket", () => {
  it("writes every owner, property and sale", async () => {
    expect(await isMarketSeeded(db)).toBe(true);
    expect(await countMarketProperties(db)).toBe(PROPERTIES);
    const [owners] = await db.select({ n: count() }).from(marketOwners);
    const [sales] = await db.select({ n: count() }).from(marketSales);
    expect(owners?.n).toBe(generated.owners.length);
    expect(sales?.n).toBe(generated.sales.length);
  });

  it("answers a quick-list query by city, state and each seller type with exactly the generated rows", async () => {
    for (const sellerType of SELLER_TYPES) {
      const column = sellerTypeColumn(sellerType);
      const rows = await db
        .select({ id: marketProperties.id, city: marketProperties.city, state: marketProperties.state })
        .from(marketProperties)
        .where(and(eq(marketProperties.state, "AZ"), eq(marketProperties.city, "Phoenix"), eq(column, true)));
      const expected = generated.properties
        .filter((p) => p.state === "AZ" && p.city === "Phoenix" && p[SELLER_TYPE_FLAG[sellerType]] === true)
        .map((p) => p.id);
      expect(expected.length, sellerType).toBeGreaterThan(0);
      expect(
        rows.map((r) => r.id).sort((a, b) => a - b),
        sellerType,
      ).toEqual(expected);
      expect(rows.every((r) => r.city === "Phoenix" && r.state === "AZ")).toBe(true);
    }
  });

  it("keeps high equity consistent with the stored money columns", async () => {
    const rows = await db
      .select({
        value: marketProperties.estimatedValue,
        equity: marketProperties.equityBalance,
        liens: marketProperties.openLienBalance,
      })
      .from(marketProperties)
      .where(and(eq(marketProperties.state, "OH"), eq(marketProperties.isHighEquity, true)));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.equity * 2).toBeGreaterThanOrEqual(row.value);
      expect(Math.round(row.equity * 100)).toBe(Math.round(row.value * 100) - Math.round(row.liens * 100));
    }
  });

  it("round-trips money, percentages, flags and JSON exactly", async () => {
    const sample = generated.properties.filter((p) => p.openLienBalance % 1 !== 0).slice(0, 50);
    expect(sample.length).toBeGreaterThan(0);
    const ids = sample.map((p) => p.id ?? 0);
    const stored = await db.select().from(marketProperties).where(inArray(marketProperties.id, ids));
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const property of sample) {
      // Every column as generated: dollars and cents, 0.25 baths, 1.5 stories, percent with two decimals, booleans.
      expect(byId.get(property.id ?? 0)).toEqual(property);
    }

    const owner = generated.owners.find((o) => o.phones.length > 1 && o.emails.length > 0);
    expect(owner).toBeDefined();
    const [storedOwner] = await db
      .select()
      .from(marketOwners)
      .where(eq(marketOwners.id, owner?.id ?? 0));
    expect(storedOwner).toEqual(owner);

    const sale = generated.sales[0];
    const [storedSale] = await db
      .select()
      .from(marketSales)
      .where(eq(marketSales.id, sale?.id ?? 0));
    // latitude_cell is SQLite's own (a virtual column): the band of the sale's latitude, as db/latitude-cell.ts says.
    expect(storedSale).toEqual({ ...sale, latitudeCell: latitudeCell(sale!.latitude) });
  });
});
