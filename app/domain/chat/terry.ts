/**
 * Terry, the Target Market Finder (spec 02 §1, §2 "Target Market Finder chat (Terry)", §8): the starter prompts, and
 * the local provider's answer — a place's figures from the property-data provider's records (`MarketStats`), said
 * plainly, and a plain "I can't" for what those records do not hold. Pure; the OpenAI provider gets the same figures
 * as tool results and words them itself.
 */
import type { SellerType } from "#db/enums.ts";
import type { MarketStats } from "#app/domain/leads/property-records.ts";

import { placeOf } from "./intent.ts";
import { TERRY_GREETING } from "./terry-screen.ts";

export { TERRY_GREETING, TERRY_STARTERS } from "./terry-screen.ts";

/** What Terry can look up: a place the user typed, as the property search reads it ("85004", "Phoenix, AZ"). */
export type TerryLookup = (location: string) => Promise<{ label: string; stats: MarketStats } | { error: string }>;

const SELLER_TYPE_WORDS: Record<SellerType, string> = {
  high_equity: "high equity",
  preforeclosure: "pre-foreclosure",
  inherited: "inherited",
  "out-of-state-absentee-owner": "out-of-state absentee owners",
  "corporate-owned": "corporate owned",
  "tired-landlord": "tired landlords",
};

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

/** A place's figures as Terry says them: every number straight from `stats`. */
export function describeMarket(label: string, stats: MarketStats): string {
  if (stats.properties === 0)
    return `I have no property records for ${label}, so I can't give you figures for it. Try a nearby ZIP or city.`;
  const lines = [
    `${label}: ${num(stats.properties)} properties on record` +
      (stats.medianEstimatedValue !== null ? `, median estimated value ${usd(stats.medianEstimatedValue)}` : "") +
      (stats.medianEquityPercent !== null ? `, median owner equity ${stats.medianEquityPercent}%` : "") +
      (stats.absenteeShare !== null ? `, ${pct(stats.absenteeShare)} absentee owners` : "") +
      ".",
    // TypeScript's lib types Object.keys as string[]; the keys are exactly the seller types.
    `Motivated-seller types: ${(Object.keys(SELLER_TYPE_WORDS) as SellerType[])
      .map((type) => `${SELLER_TYPE_WORDS[type]} ${num(stats.sellerTypes[type])}`)
      .join(", ")}.`,
    stats.sales.count > 0
      ? `Sales since ${stats.sales.since}: ${num(stats.sales.count)} arm's-length sales` +
        (stats.sales.medianPrice !== null ? `, median price ${usd(stats.sales.medianPrice)}` : "") +
        (stats.sales.medianPricePerSqft !== null ? ` (${usd(stats.sales.medianPricePerSqft)}/sq ft)` : "") +
        (stats.sales.cashShare !== null ? `, ${pct(stats.sales.cashShare)} paid in cash` : "") +
        "."
      : `No arm's-length sales recorded since ${stats.sales.since}.`,
  ];
  if (stats.topZips.length > 0) {
    lines.push(
      `Biggest ZIPs: ${stats.topZips.map((zip) => `${zip.zip} (${num(zip.properties)} homes, ${num(zip.highEquity)} high equity)`).join(", ")}.`,
    );
  }
  return lines.join("\n");
}

/**
 * The local provider's answer: the figures of the place the message names, what it cannot answer said plainly, and
 * a request for a place when none is named.
 */
export async function localTerryAnswer(message: string, lookup: TerryLookup): Promise<string> {
  const cannot = UNANSWERABLE.filter(([pattern]) => pattern.test(message)).map(([, topic]) => topic);
  const caveat = cannot.length
    ? `I can't answer about ${cannot.join(" or ")}: my data is property records and sales, not ${cannot.join(" or ")}.`
    : null;
  const place = placeOf(message);
  if (!place) return [caveat, TERRY_GREETING].filter(Boolean).join("\n\n");
  const found = await lookup(place.state ? `${place.cityOrZip}, ${place.state}` : place.cityOrZip);
  const figures = "error" in found ? found.error : describeMarket(found.label, found.stats);
  return [caveat, figures].filter(Boolean).join("\n\n");
}
