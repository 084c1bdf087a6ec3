/**
 * Fix-and-flip history: some investor companies bought a home and resold it within months. A flip is an extra sale
 * in an existing property's history, to the flipper, shortly before the property's last sale (the resale to its
 * current owner), at a discount. The property's own fields and flags do not change: its last transfer is the same.
 *
 * Drawn from a random stream of its own, after the chunk's owners and properties, so adding flips changed no
 * other generated value; the chunk's sales are renumbered so that each property's history stays in date order.
 */
import type { MarketBatch, MarketSaleInsert } from "./batch.ts";
import { roundTo } from "./building.ts";
import { dayToIso, isoToDay, yearStartDay } from "./dates.ts";
import { computeFlipCounts, includes, SALE_TRANSFER_TYPES } from "./flags.ts";
import type { Rng } from "./random.ts";
import { daysOnMarket } from "./transactions.ts";

/** Share of investor companies that flip, and how many flips each has on record. */
export const FLIPPER_SHARE = 0.4;
const MAX_FLIPS = 4;
const FIRST_FLIP_DAY = isoToDay("1995-01-01");

/** An investor company of the chunk and the state its portfolio is in. */
export type Investor = { ownerId: number; state: string };

/** Adds flips to the batch's sales (renumbered from `firstSaleId`) and sets every owner's flipCount; the next free sale id. */
export function addFlips(rng: Rng, batch: MarketBatch, investors: readonly Investor[], firstSaleId: number): number {
  const historyOf = new Map<number, MarketSaleInsert[]>();
  for (const sale of batch.sales) historyOf.set(sale.propertyId, [...(historyOf.get(sale.propertyId) ?? []), sale]);

  const candidatesByState = flipCandidates(batch, historyOf);

  const flips = new Map<number, MarketSaleInsert>();
  for (const investor of investors) {
    if (!rng.chance(FLIPPER_SHARE)) continue;
    const pool = candidatesByState.get(investor.state) ?? [];
    const wanted = rng.int(1, MAX_FLIPS);
    for (let made = 0, tries = 0; made < wanted && tries < wanted * 4 && pool.length > 0; tries++) {
      const property = rng.pick(pool);
      if (property.ownerId === investor.ownerId || flips.has(property.id!)) continue;
      const flip = flipOf(rng, investor, property, historyOf.get(property.id!)!);
      if (!flip) continue;
      flips.set(property.id!, flip);
      made++;
    }
  }

  const sales: MarketSaleInsert[] = [];
  for (const sale of batch.sales) {
    const flip = flips.get(sale.propertyId);
    if (flip && historyOf.get(sale.propertyId)?.at(-1) === sale) sales.push(flip);
    sales.push(sale);
  }
  sales.forEach((sale, i) => (sale.id = firstSaleId + i));
  batch.sales = sales;

  const counts = computeFlipCounts(sales);
  for (const owner of batch.owners) owner.flipCount = counts.get(owner.id!) ?? 0;
  return firstSaleId + sales.length;
}

/** The properties a flip may go into, by state: last sold at arm's length, with room for one more sale (at most 4). */
function flipCandidates(batch: MarketBatch, historyOf: Map<number, MarketSaleInsert[]>) {
  const candidatesByState = new Map<string, MarketBatch["properties"]>();
  for (const property of batch.properties) {
    const saleType = includes(SALE_TRANSFER_TYPES, property.lastTransferType);
    if (!saleType || (historyOf.get(property.id!)?.length ?? 0) > 3) continue;
    candidatesByState.set(property.state, [...(candidatesByState.get(property.state) ?? []), property]);
  }
  return candidatesByState;
}

/** The investor's flip of the property before its resale, or null when its day or price would break the history's order. */
function flipOf(
  rng: Rng,
  investor: Investor,
  property: MarketBatch["properties"][number],
  history: MarketSaleInsert[],
): MarketSaleInsert | null {
  const resale = history.at(-1)!;
  const previous = history.at(-2);
  const day = isoToDay(resale.saleDate) - rng.int(45, 330);
  const price = roundTo(resale.price * rng.float(0.6, 0.8), 100);
  if (day < Math.max(FIRST_FLIP_DAY, yearStartDay(property.yearBuilt))) return null;
  // Keep the history in order: after the sale before it, and cheaper than the resale but dearer than that sale.
  if (previous && (isoToDay(previous.saleDate) >= day - 30 || previous.price >= price)) return null;
  return {
    id: 0,
    propertyId: property.id!,
    saleDate: dayToIso(day),
    price,
    cash: rng.chance(0.75),
    transferType: "warranty",
    daysOnMarket: daysOnMarket(rng),
    latitude: resale.latitude,
    longitude: resale.longitude,
    buyerOwnerId: investor.ownerId,
  };
}
