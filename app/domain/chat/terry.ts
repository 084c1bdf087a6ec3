/**
 * Terry, the Target Market Finder (the spec's "Target Market Finder chat (Terry)"): the starter prompts, and
 * the local provider's answer — a place's figures from the property-data provider's records (`MarketStats`), said
 * plainly, and a plain "I can't" for what those records do not hold. Pure; the OpenAI provider gets the same figures
 * as tool results and words them itself.
 */
import type { SellerType } from "#db/enums.ts";
import type { MarketFilter, MarketStats } from "#app/domain/leads/property-records.ts";
import { DEFAULT_MAX_PRICE, DEFAULT_MIN_BEDROOMS } from "#app/domain/leads/search-options.ts";

import { placeOf } from "./intent.ts";
import { bareCityOf, bedroomsOf, describeRanking, rankingOf, salePriceWords, SELLER_TYPE_WORDS } from "./terry-questions.ts";

export { TERRY_GREETING, TERRY_STARTERS } from "./terry-screen.ts";

/**
 * A place's seller leads of each type as POST /api/leads/preview-count counts them for `{location, sellerType}` with
 * the wizard's default filters — the number the Seller Lead Wizard shows, which can be lower than the properties of
 * that type on record.
 */
export type SellerLeadCounts = Record<SellerType, number>;

/**
 * What Terry can look up: a place the user typed, as the property search reads it ("85004", "Phoenix, AZ"), with its
 * records' figures and, when the lookup has them, the count endpoint's lead counts.
 */
export type TerryLookup = (
  location: string,
  filter?: MarketFilter,
) => Promise<{ label: string; stats: MarketStats; leads?: SellerLeadCounts } | { error: string }>;

/** A comparison names at most this many places; each is looked up on its own. */
export const TERRY_MAX_PLACES = 3;

/** Said when the message names no place Terry can look up: what it answers, and two questions it would answer. */
export const TERRY_CANNOT_PARSE = [
  "I couldn't find a place in that. I answer from property records for one ZIP or a city with its state (or up to three to compare): homes on record, values, equity, absentee owners, seller leads by type and recent sales.",
  'Try for example: "What does the market look like in 85004?" or "Compare 85004 with 85008".',
].join("\n");

/** Topics people ask about that property and sale records cannot answer. */
const UNANSWERABLE: [RegExp, string][] = [
  [/\brent(s|al|als)?\b/i, "rents"],
  [/\bcrime\b/i, "crime"],
  [/\bschools?\b/i, "schools"],
  [/\b(population|demographic\w*|income\w*)\b/i, "population and incomes"],
  [/\b(jobs?|employment|unemployment)\b/i, "jobs"],
  [/\b(forecast|predict\w*|next year|future)\b/i, "forecasts"],
];

const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;
const num = (n: number) => n.toLocaleString("en-US");
const pct = (share: number) => `${(share * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

const typeList = (counts: Record<SellerType, number>) =>
  // TypeScript's lib types Object.keys as string[]; the keys are exactly the seller types.
  (Object.keys(SELLER_TYPE_WORDS) as SellerType[]).map((type) => `${SELLER_TYPE_WORDS[type]} ${num(counts[type])}`).join(", ");

/** Names what the lead counts count, so they are never read as the properties on record. */
export const LEADS_LABEL = `Seller leads the Seller Lead Wizard counts (its default filters: ${DEFAULT_MIN_BEDROOMS}+ bedrooms, up to ${usd(DEFAULT_MAX_PRICE)})`;

/**
 * A place's figures as Terry says them: every number straight from `stats`, and the lead counts from `leads` (the
 * count endpoint's) labelled apart from the properties on record.
 */
export function describeMarket(label: string, stats: MarketStats, leads?: SellerLeadCounts): string {
  if (stats.properties === 0)
    return `I have no property records for ${label}, so I can't give you figures for it. Try a nearby ZIP or city.`;
  const lines = [
    `${label}: ${num(stats.properties)} properties on record (all types)` +
      (stats.medianEstimatedValue !== null ? `, median estimated value ${usd(stats.medianEstimatedValue)}` : "") +
      (stats.medianEquityPercent !== null ? `, median owner equity ${stats.medianEquityPercent}%` : "") +
      (stats.absenteeShare !== null ? `, ${pct(stats.absenteeShare)} absentee owners` : "") +
      ".",
    leads ? `${LEADS_LABEL}: ${typeList(leads)}.` : `Properties on record by seller type: ${typeList(stats.sellerTypes)}.`,
    salesLine(stats.sales),
  ];
  if (stats.topZips.length > 0) {
    lines.push(
      `Biggest ZIPs: ${stats.topZips.map((zip) => `${zip.zip} (${num(zip.properties)} homes, ${num(zip.highEquity)} high equity)`).join(", ")}.`,
    );
  }
  return lines.join("\n");
}

/** The sales line: a price from one sale is said as that sale's price, based on 1 sale, never as a median. */
function salesLine(sales: MarketStats["sales"]): string {
  if (sales.count === 0) return `No arm's-length sales recorded since ${sales.since}.`;
  if (sales.count === 1)
    return (
      `Sales since ${sales.since}: 1 arm's-length sale` +
      (sales.medianPrice !== null ? `, at ${salePriceWords(sales.medianPrice, 1)}` : "") +
      (sales.medianPricePerSqft !== null ? `, ${usd(sales.medianPricePerSqft)}/sq ft` : "") +
      "."
    );
  return (
    `Sales since ${sales.since}: ${num(sales.count)} arm's-length sales` +
    (sales.medianPrice !== null ? `, median price ${usd(sales.medianPrice)}` : "") +
    (sales.medianPricePerSqft !== null ? ` (${usd(sales.medianPricePerSqft)}/sq ft)` : "") +
    (sales.cashShare !== null ? `, ${pct(sales.cashShare)} paid in cash` : "") +
    "."
  );
}

const LEADING_VERB = /^\s*(?:compare|contrast|what about|how about|versus)\s+/i;

/**
 * Every place the message names, each on its own: each ZIP ("compare 85004 with 85008"), else each part around
 * "with", "vs", "and", "or" or ";" that names a city and state; at most TERRY_MAX_PLACES.
 */
export function placesOf(message: string): string[] {
  const zips = [...new Set(message.match(/\b\d{5}\b/g) ?? [])];
  if (zips.length > 0) return zips.slice(0, TERRY_MAX_PLACES);
  const parts = message.split(/\s+(?:with|vs\.?|versus|and|or|to)\s+|;/i);
  // "Compare Phoenix, AZ": the verb would read as part of a capitalised city name.
  const places = parts.map((part) => placeOf(part.replace(LEADING_VERB, ""))).filter((place) => place !== null);
  const whole = placeOf(message);
  const found = places.length > 0 ? places : whole ? [whole] : [];
  const named = found.map((place) => (place.state ? `${place.cityOrZip}, ${place.state}` : place.cityOrZip));
  return [...new Set(named)].slice(0, TERRY_MAX_PLACES);
}

/**
 * The local provider's answer: the figures of each place the message names (looked up one by one, each under its
 * own label, limited to a bedroom count when the message names one), or the ranking of a city's ZIPs it asks for;
 * what it cannot answer said plainly, and what it can answer, with two examples, when it finds no place. A city
 * named without its state is looked up by its name alone (the lookup knows the market's cities).
 */
export async function localTerryAnswer(message: string, lookup: TerryLookup): Promise<string> {
  const cannot = UNANSWERABLE.filter(([pattern]) => pattern.test(message)).map(([, topic]) => topic);
  const caveat = cannot.length
    ? `I can't answer about ${cannot.join(" or ")}: my data is property records and sales, not ${cannot.join(" or ")}.`
    : null;
  const named = placesOf(message);
  const bare = named.length === 0 ? bareCityOf(message) : null;
  const places = bare ? [bare] : named;
  if (places.length === 0) return [caveat, TERRY_CANNOT_PARSE].filter(Boolean).join("\n\n");
  const ranking = rankingOf(message);
  const bedrooms = bedroomsOf(message);
  const filter = bedrooms === null ? undefined : { bedrooms };
  const found = await Promise.all(places.map((place) => lookup(place, filter)));
  const figures = found.map((one) => {
    if ("error" in one) return one.error;
    const label = bedrooms === null ? one.label : `${one.label} (${bedrooms}-bedroom homes)`;
    return ranking ? describeRanking(label, one.stats, ranking) : describeMarket(label, one.stats, one.leads);
  });
  return [caveat, ...figures].filter(Boolean).join("\n\n");
}
