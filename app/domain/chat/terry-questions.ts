/**
 * Terry's sharper questions, read from the user's words and answered from a place's figures: a ranking of a city's
 * ZIPs by a seller type or by price, figures limited to homes with a number of bedrooms, and a city named without its
 * state ("Which Phoenix ZIP …", resolved against the market's cities by the lookup). Pure.
 */
import type { SellerType } from "#db/enums.ts";
import type { MarketStats, ZipFigures } from "#app/domain/leads/property-records.ts";

import { sellerTypeOf } from "./intent.ts";

/** What a ranking orders a city's ZIPs by: a seller type's homes on record, or the middle sale price. */
export type ZipRanking = { by: "seller"; sellerType: SellerType; order: "most" | "fewest" } | { by: "price"; order: "highest" | "lowest" };

/** How many ZIPs a ranking names. */
export const RANKED_ZIPS_SHOWN = 5;

export const SELLER_TYPE_WORDS: Record<SellerType, string> = {
  high_equity: "high equity",
  preforeclosure: "pre-foreclosure",
  inherited: "inherited",
  "out-of-state-absentee-owner": "out-of-state absentee owners",
  "corporate-owned": "corporate owned",
  "tired-landlord": "tired landlords",
};

/** The homes a seller type counts, as a ranking says them ("pre-foreclosure homes"). */
const RANKED_TYPE_WORDS: Record<SellerType, string> = {
  high_equity: "high-equity homes",
  preforeclosure: "pre-foreclosure homes",
  inherited: "inherited homes",
  "out-of-state-absentee-owner": "homes with out-of-state absentee owners",
  "corporate-owned": "corporate-owned homes",
  "tired-landlord": "tired-landlord homes",
};

const ZIP_WORD = /\bzip(?:s|\s*codes?)?\b/i;
const RANK_WORD = /\b(which|what|most|highest|lowest|fewest|least|cheapest|priciest|rank\w*|top|best)\b/i;
const PRICE_WORD = /\b(prices?|priced|pricie\w*|expensive|cheap\w*|afford\w*|values?|costl\w*)\b/i;
const LOW_PRICE = /\b(cheap\w*|lowest|least expensive|afford\w*)\b/i;
const FEWEST = /\b(fewest|least|lowest)\b/i;

/** The ranking of a city's ZIPs the message asks for ("Which Phoenix ZIP has the most preforeclosures?"), if any. */
export function rankingOf(message: string): ZipRanking | null {
  if (!ZIP_WORD.test(message) || !RANK_WORD.test(message)) return null;
  const sellerType = sellerTypeOf(message);
  if (sellerType) return { by: "seller", sellerType, order: FEWEST.test(message) ? "fewest" : "most" };
  if (PRICE_WORD.test(message)) return { by: "price", order: LOW_PRICE.test(message) ? "lowest" : "highest" };
  return null;
}

/** The bedroom count a message limits its question to ("3-bed", "3 bedroom", "3br"), if any. */
export function bedroomsOf(message: string): number | null {
  const match = /\b([1-9])\s*-?\s*(?:bed(?:room)?s?|br|bd|bds)\b/i.exec(message);
  return match ? Number(match[1]) : null;
}

/** A capitalised name of up to three words, not followed by a state code (that is a city with its state). */
const CITY = "([A-Z][a-z]+(?:\\s+[A-Z][a-z]+){0,2})\\b(?!\\s*,?\\s*[A-Z]{2}\\b)";
/** "Which Phoenix ZIP", "ZIPs in Phoenix", "… in Phoenix": a capitalised city with no state after it. */
const BARE_CITY = [
  new RegExp(`\\b(?:[Ww]hich|[Ww]hat)\\s+${CITY}\\s+(?:ZIP|[Zz]ip)`),
  new RegExp(`\\b(?:ZIP|[Zz]ip)(?:s|\\s*[Cc]odes?)?\\s+(?:in|of|within)\\s+${CITY}`),
  new RegExp(`\\b(?:in|within|around)\\s+${CITY}`),
];

/** A city the message names without its state, for the lookup to find among the market's cities; null when none. */
export function bareCityOf(message: string): string | null {
  for (const pattern of BARE_CITY) {
    const match = pattern.exec(message);
    if (match) return match[1]!;
  }
  return null;
}

const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;
const num = (n: number) => n.toLocaleString("en-US");

/** "based on 1 sale", "based on 12 sales": how many sales a price stands on, said with every sale price. */
export function basedOn(sales: number): string {
  return `based on ${num(sales)} ${sales === 1 ? "sale" : "sales"}`;
}

/** A sale price and what it stands on: one sale's price is never called a median. */
export function salePriceWords(price: number, sales: number): string {
  return sales === 1 ? `${usd(price)}, the price of its only sale (${basedOn(1)})` : `median ${usd(price)} (${basedOn(sales)})`;
}

function ranked(zips: readonly ZipFigures[], ranking: ZipRanking): { zip: ZipFigures; value: number }[] {
  const rows =
    ranking.by === "seller"
      ? zips.map((zip) => ({ zip, value: zip.sellerTypes[ranking.sellerType] }))
      : zips.filter((zip) => zip.medianSalePrice !== null).map((zip) => ({ zip, value: zip.medianSalePrice! }));
  const down = ranking.order === "most" || ranking.order === "highest";
  return rows.sort((a, b) => (down ? b.value - a.value : a.value - b.value) || a.zip.zip.localeCompare(b.zip.zip));
}

/**
 * A city's ZIPs ranked as asked, every figure from `stats.zips`: the first with its figure, then the next few. A place
 * that is a ZIP has nothing to rank, and a city with no sales has no prices to rank: both said plainly.
 */
export function describeRanking(label: string, stats: MarketStats, ranking: ZipRanking): string {
  if (stats.zips.length === 0)
    return stats.properties === 0
      ? `I have no property records for ${label}, so I can't rank its ZIPs.`
      : `${label} is a ZIP: I rank the ZIPs of a city. Ask for example "Which Phoenix ZIP has the most preforeclosures?"`;
  const rows = ranked(stats.zips, ranking).slice(0, RANKED_ZIPS_SHOWN);
  if (ranking.by === "seller") {
    const what = RANKED_TYPE_WORDS[ranking.sellerType];
    const say = ({ zip, value }: (typeof rows)[number]) => `${zip.zip} (${num(value)} of ${num(zip.properties)} homes)`;
    const [first, ...next] = rows;
    const lines = [`${label}: the ZIP with the ${ranking.order} ${what} on record is ${say(first!)}.`];
    if (next.length > 0) lines.push(`Next: ${next.map(say).join(", ")}.`);
    return lines.join("\n");
  }
  if (rows.length === 0) return `${label}: no arm's-length sales recorded since ${stats.sales.since}, so I can't rank its ZIPs by price.`;
  const say = ({ zip }: (typeof rows)[number]) => `${zip.zip} (${salePriceWords(zip.medianSalePrice!, zip.sales)})`;
  const [first, ...next] = rows;
  const lines = [`${label}: the ZIP with the ${ranking.order} sale prices since ${stats.sales.since} is ${say(first!)}.`];
  if (next.length > 0) lines.push(`Next: ${next.map(say).join(", ")}.`);
  return lines.join("\n");
}
