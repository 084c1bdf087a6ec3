/**
 * What a buyer did: their cash purchases on record over the last 12 months, as a provider summarises them, and the
 * words the buyer list and the matches say them in. Money in dollars; a share is the price over the home's estimated
 * value (0.64 = 64 %).
 */
import { formatMoney } from "#app/domain/shared/format.ts";

export type BuyerPurchases = {
  count: number;
  /** "Phoenix, AZ", most purchases first. */
  places: string[];
  minPrice: number;
  maxPrice: number;
  minShare: number | null;
  maxShare: number | null;
};

/** A buyer of homes near a property, as the provider's records show them (cash purchases in the window). */
export type NearbyPurchaser = Omit<BuyerPurchases, "places"> & {
  /** The provider's id of the buyer, as `searchCashBuyers` answers it. */
  buyerId: string;
  name: string;
  radiusMiles: number;
};

/** "bought 4 homes within 1 mile in the last 12 months, at 64–71 % of value". */
export function nearbyWords(purchaser: Pick<NearbyPurchaser, "count" | "radiusMiles" | "minShare" | "maxShare">): string {
  const homes = purchaser.count === 1 ? "1 home" : `${purchaser.count} homes`;
  const miles = purchaser.radiusMiles === 1 ? "1 mile" : `${purchaser.radiusMiles} miles`;
  const share = shareWords(purchaser);
  return `bought ${homes} within ${miles} in the last 12 months${share ? `, at ${share}` : ""}`;
}

/** The window of "the last 12 months": up to the provider's last recorded day when that is before `now`. */
export function purchaseWindow(now: Date, salesThrough: string | undefined): { since: string; until: string } {
  const today = now.toISOString().slice(0, 10);
  const until = salesThrough && salesThrough < today ? salesThrough : today;
  const since = new Date(`${until}T00:00:00Z`);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return { since: since.toISOString().slice(0, 10), until };
}

const range = (low: string, high: string) => (low === high ? low : `${low}–${high}`);

/** "64–71 % of value" (or of ARV, as the caller names it); null without shares. */
export function shareWords(purchases: Pick<BuyerPurchases, "minShare" | "maxShare">, of = "value"): string | null {
  if (purchases.minShare === null || purchases.maxShare === null) return null;
  return `${range(String(Math.round(purchases.minShare * 100)), String(Math.round(purchases.maxShare * 100)))} % of ${of}`;
}

/** "4 cash purchases in the last 12 months in Phoenix, AZ, at $180,000–$240,000, 64–71 % of value". */
export function purchasesWords(purchases: BuyerPurchases | null | undefined): string {
  if (!purchases || purchases.count === 0) return "No cash purchases on record in the last 12 months";
  const where = purchases.places.length > 0 ? ` in ${purchases.places.slice(0, 3).join("; ")}` : "";
  const price = range(formatMoney(purchases.minPrice), formatMoney(purchases.maxPrice));
  const share = shareWords(purchases);
  const noun = purchases.count === 1 ? "cash purchase" : "cash purchases";
  return `${purchases.count} ${noun} in the last 12 months${where}, at ${price}${share ? `, ${share}` : ""}`;
}
