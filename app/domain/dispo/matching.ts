/**
 * Who to sell a contract to: the user's buyers and the market's cash buyers near the property, ranked, each with every
 * reason that raised or lowered its rank in words. Pure: the service reads the deal, the buyers and the purchasers.
 */
import { formatMoney } from "#app/domain/shared/format.ts";

import { buyBoxWords, consentWords, mayEmail, type BuyBox, type EmailConsent } from "./buy-box.ts";
import { nearbyWords, type NearbyPurchaser } from "./purchases.ts";

/** The property under contract as a buyer weighs it; `asking` is what the buyer would pay (contract price plus fee). */
export type MatchSubject = {
  city: string | null;
  state: string | null;
  zip: string;
  bedrooms: number | null;
  propertyType: string;
  asking: number | null;
};

export type MatchBuyer = BuyBox & EmailConsent & { id: string; name: string; company: string | null; sourceBuyerId: string | null };

export type Match = {
  /** The user's buyer id; null for a market purchaser not on the list. */
  buyerId: string | null;
  /** The provider's id of a market purchaser, when known. */
  purchaserId: string | null;
  name: string;
  company: string | null;
  score: number;
  mayEmail: boolean;
  reasons: string[];
};

/** How many matches an answer holds. */
export const MATCH_LIMIT = 50;

const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** A market names the place when it is the ZIP, the city, or "city, state" in any punctuation. */
export function marketHolds(markets: readonly string[], subject: MatchSubject): boolean {
  const city = subject.city ? norm(subject.city) : null;
  const cityState = city && subject.state ? `${city} ${norm(subject.state)}` : null;
  return markets.some((market) => {
    const text = norm(market);
    return text === subject.zip || (city !== null && text === city) || (cityState !== null && text === cityState);
  });
}

/** The buy-box held against the property: points and a sentence for each part it passes or fails. */
function buyBoxFit(buyer: MatchBuyer, subject: MatchSubject): { score: number; reasons: string[] } {
  const misses: string[] = [];
  let score = 0;
  /** A part of the buy-box the property passes (`pass` points) or fails (`fail` points and its sentence). */
  const weigh = (passes: boolean, pass: number, fail: number, words: () => string) => {
    score += passes ? pass : -fail;
    if (!passes) misses.push(words());
  };
  if (buyer.markets.length > 0)
    weigh(
      marketHolds(buyer.markets, subject),
      30,
      30,
      () => `buy-box markets ${buyer.markets.join("; ")} leave out ${subject.city ?? subject.zip}`,
    );
  const { asking } = subject;
  if (buyer.priceMax !== null && asking !== null)
    weigh(asking <= buyer.priceMax, 20, 30, () => `buy-box max ${formatMoney(buyer.priceMax)} < asking ${formatMoney(asking)}`);
  if (buyer.priceMin !== null && asking !== null)
    weigh(asking >= buyer.priceMin, 0, 10, () => `buy-box min ${formatMoney(buyer.priceMin)} > asking ${formatMoney(asking)}`);
  if (buyer.minBeds !== null && subject.bedrooms !== null)
    weigh(subject.bedrooms >= buyer.minBeds, 10, 20, () => `buy-box wants ${buyer.minBeds}+ bd; this has ${subject.bedrooms}`);
  if (buyer.propertyTypes.length > 0)
    weigh(
      buyer.propertyTypes.includes(subject.propertyType),
      10,
      20,
      () => `buy-box types leave out ${subject.propertyType.replace(/_/g, "-")}`,
    );
  const box = buyBoxWords(buyer);
  return { score, reasons: misses.length === 0 && box !== "No buy-box yet" ? [`buy-box: ${box}`] : misses };
}

const purchasesScore = (purchaser: NearbyPurchaser | undefined) => (purchaser ? Math.min(purchaser.count, 4) * 15 : 0);

/** The ranking: buyers first by score, then by name; purchasers matched to a buyer by provider id, else by name. */
export function rankMatches({
  subject,
  buyers,
  purchasers,
}: {
  subject: MatchSubject;
  buyers: readonly MatchBuyer[];
  purchasers: readonly NearbyPurchaser[];
}): Match[] {
  const byId = new Map(purchasers.map((purchaser) => [purchaser.buyerId, purchaser]));
  const byName = new Map(purchasers.map((purchaser) => [norm(purchaser.name), purchaser]));
  const claimed = new Set<string>();
  const matches: Match[] = buyers.map((buyer) => {
    const purchaser =
      (buyer.sourceBuyerId ? byId.get(buyer.sourceBuyerId) : undefined) ??
      byName.get(norm(buyer.name)) ??
      (buyer.company ? byName.get(norm(buyer.company)) : undefined);
    if (purchaser) claimed.add(purchaser.buyerId);
    const fit = buyBoxFit(buyer, subject);
    const email = mayEmail(buyer);
    return {
      buyerId: buyer.id,
      purchaserId: purchaser?.buyerId ?? null,
      name: buyer.name,
      company: buyer.company,
      score: fit.score + purchasesScore(purchaser),
      mayEmail: email,
      reasons: [
        ...(purchaser ? [nearbyWords(purchaser)] : []),
        ...fit.reasons,
        ...(email ? [] : [consentWords(buyer).replace(/^No/, "no")]),
      ],
    };
  });
  for (const purchaser of purchasers) {
    if (claimed.has(purchaser.buyerId)) continue;
    matches.push({
      buyerId: null,
      purchaserId: purchaser.buyerId,
      name: purchaser.name,
      company: null,
      score: purchasesScore(purchaser),
      mayEmail: false,
      reasons: [nearbyWords(purchaser), "not on your buyer list"],
    });
  }
  return matches.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)).slice(0, MATCH_LIMIT);
}
