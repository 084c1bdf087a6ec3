import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { ARMS_LENGTH_TRANSFER_TYPES, SELLER_TYPE_FLAG, SELLER_TYPES, type SellerType } from "#db/enums.ts";
import { MARKET_AS_OF } from "#db/market/flags.ts";
import { marketProperties, marketSales } from "#db/schema.ts";

import type { MarketFilter, MarketStats, SearchLocation } from "./types.ts";

function inPlace(location: SearchLocation, filter: MarketFilter): SQL | undefined {
  const place =
    "zips" in location
      ? inArray(marketProperties.zip, location.zips)
      : and(eq(marketProperties.state, location.state), eq(marketProperties.city, location.city));
  return filter.bedrooms === undefined ? place : and(place, eq(marketProperties.bedrooms, filter.bedrooms));
}

/** How many of a city's ZIPs are named as its biggest. */
const TOP_ZIPS = 5;

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** YYYY-MM-DD, twelve months before `iso`. */
function yearBefore(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The local market's figures for a place, in one wave of parallel reads: the counts (every seller type, absentee
 * owners), the middle estimated value and equity (a sorted index walk to the middle row), the arm's-length sales of
 * the 12 months before the market's own date (or `asOf`, when earlier) with their prices and sizes, and a city's
 * ZIPs with their counts and sales. Money is stored in cents: raw reads are divided here. `filter` limits every figure
 * to homes with that many bedrooms.
 */
export async function localMarketStats(db: Db, location: SearchLocation, asOf: Date, filter: MarketFilter = {}): Promise<MarketStats> {
  const where = inPlace(location, filter);
  const until = [asOf.toISOString().slice(0, 10), MARKET_AS_OF].sort()[0]!;
  const since = yearBefore(until);
  // TypeScript's lib types Object.fromEntries with string keys; the keys are exactly SELLER_TYPES.
  const flagSums = Object.fromEntries(
    SELLER_TYPES.map((type) => [type, sql<number>`coalesce(sum(${marketProperties[SELLER_TYPE_FLAG[type]]}), 0)`]),
  ) as Record<SellerType, SQL<number>>;
  const half = db
    .select({ n: sql<number>`count(*) / 2` })
    .from(marketProperties)
    .where(where);
  const middleOf = (column: SQL) =>
    db.all<{ value: number }>(
      sql`select ${column} as value from ${marketProperties} where ${where} order by ${column} limit 1 offset (${half})`,
    );

  const [[totals], [value], [equity], sales, zips] = await Promise.all([
    db
      .select({ properties: count(), absentee: sql<number>`coalesce(sum(${marketProperties.isAbsentee}), 0)`, ...flagSums })
      .from(marketProperties)
      .where(where),
    middleOf(sql`${marketProperties.estimatedValue}`),
    middleOf(sql`${marketProperties.equityPercent}`),
    db
      .select({ price: marketSales.price, cash: marketSales.cash, squareFeet: marketProperties.squareFeet, zip: marketProperties.zip })
      .from(marketSales)
      .innerJoin(marketProperties, eq(marketProperties.id, marketSales.propertyId))
      .where(
        and(
          where,
          gte(marketSales.saleDate, since),
          lt(marketSales.saleDate, until),
          inArray(marketSales.transferType, [...ARMS_LENGTH_TRANSFER_TYPES]),
        ),
      ),
    "zips" in location
      ? Promise.resolve([])
      : db
          .select({ zip: marketProperties.zip, properties: count(), ...flagSums })
          .from(marketProperties)
          .where(where)
          .groupBy(marketProperties.zip)
          .orderBy(desc(count()), marketProperties.zip),
  ]);

  const properties = totals?.properties ?? 0;
  const prices = sales.map((sale) => sale.price).sort((a, b) => a - b);
  const perSqft = sales
    .filter((sale) => sale.squareFeet > 0)
    .map((sale) => sale.price / sale.squareFeet)
    .sort((a, b) => a - b);
  const round = (n: number | null, places = 0) => (n === null ? null : Math.round(n * 10 ** places) / 10 ** places);
  return {
    properties,
    medianEstimatedValue: properties && value ? Math.round(value.value / 100) : null,
    medianEquityPercent: properties && equity ? round(equity.value / 100, 1) : null,
    absenteeShare: properties ? round(Number(totals!.absentee) / properties, 3) : null,
    // TypeScript's lib types Object.fromEntries with string keys; the keys are exactly SELLER_TYPES.
    sellerTypes: Object.fromEntries(SELLER_TYPES.map((type) => [type, Number(totals?.[type] ?? 0)])) as Record<SellerType, number>,
    sales: {
      count: sales.length,
      medianPrice: round(median(prices)),
      medianPricePerSqft: round(median(perSqft)),
      cashShare: sales.length ? round(sales.filter((sale) => sale.cash).length / sales.length, 3) : null,
      since,
    },
    topZips: zips.slice(0, TOP_ZIPS).map((row) => ({ zip: row.zip, properties: row.properties, highEquity: Number(row.high_equity) })),
    zips: zips.map((row) => {
      const zipPrices = sales.filter((sale) => sale.zip === row.zip).map((sale) => sale.price);
      return {
        zip: row.zip,
        properties: row.properties,
        // TypeScript's lib types Object.fromEntries with string keys; the keys are exactly SELLER_TYPES.
        sellerTypes: Object.fromEntries(SELLER_TYPES.map((type) => [type, Number(row[type])])) as Record<SellerType, number>,
        sales: zipPrices.length,
        medianSalePrice: round(median(zipPrices.sort((a, b) => a - b))),
      };
    }),
    bedrooms: filter.bedrooms ?? null,
  };
}
