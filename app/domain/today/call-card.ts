/**
 * What a Today card shows to work the lead as a call list: the owner's best phone with its do-not-call state, and the
 * deal numbers as the CRM's row reads them (deal-numbers.ts; never recomputed here).
 */
import type { PhoneLine } from "#app/domain/leads/phone.ts";

/** A phone as the card shows it: `callable` only when neither on the do-not-call list nor reported a wrong number. */
export type BestPhone = { number: string; type: string; callable: boolean; flag: "dnc" | "wrong_number" | null };

/** The order phone types are tried in: a mobile answers (and takes a text) more often than a landline. */
const TYPE_ORDER = ["mobile", "voip", "unknown", "landline"];
const rank = (line: PhoneLine) => {
  const index = TYPE_ORDER.indexOf(line.type);
  return index === -1 ? TYPE_ORDER.length : index;
};

/**
 * The owner's best phone: the first callable one by type (mobile first), else the first one on record with why it
 * may not be called; null without a phone.
 */
export function bestPhoneOf(lines: readonly PhoneLine[]): BestPhone | null {
  const callable = lines.filter((line) => !line.dnc && !line.wrongNumber).sort((a, b) => rank(a) - rank(b));
  const best = callable[0] ?? lines[0];
  if (!best) return null;
  const flag = best.dnc ? "dnc" : best.wrongNumber ? "wrong_number" : null;
  return { number: best.number, type: best.type, callable: flag === null, flag };
}

/** The card's deal numbers: the current ARV, the rule's max offer and the chosen offer (null: none yet). */
export type CardNumbers = { arv: number | null; maxOffer: number | null; offer: number | null };
