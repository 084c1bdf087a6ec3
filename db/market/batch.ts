/**
 * The rows the market generator (generate.ts) yields, one batch at a time: what flips.ts adds to and seed.ts writes.
 * Their own module, so neither imports generate.ts back (no import cycle: docs/decisions/071-house-layout.md).
 */
import type { marketOwners, marketProperties, marketSales } from "#db/schema.ts";

export type MarketOwnerInsert = typeof marketOwners.$inferInsert;
export type MarketPropertyInsert = typeof marketProperties.$inferInsert;
export type MarketSaleInsert = typeof marketSales.$inferInsert;

export type MarketBatch = {
  owners: MarketOwnerInsert[];
  properties: MarketPropertyInsert[];
  sales: MarketSaleInsert[];
};
