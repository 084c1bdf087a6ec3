/**
 * What a deal's public page (/d/{token}) shows a buyer: the place (city, ZIP), the home's facts, the ARV with a short
 * summary of the comparable sales behind it, the asking price, the repairs and the closing date — built from a fixed
 * list of fields, so nothing about the seller can reach it — and what a buyer's offer on the deal says of its buyer.
 */
import type { DealOfferStatus } from "#db/enums.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

/** The page's figures and facts; the street is not among them (it is shown only after an inquiry, if the user chose). */
export type DealPageView = {
  city: string | null;
  state: string | null;
  zip: string;
  propertyType: string;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  yearBuilt: number | null;
  arv: number | null;
  arvLow: number | null;
  arvHigh: number | null;
  compSummary: string | null;
  asking: number | null;
  repairs: number | null;
  /** YYYY-MM-DD */
  closeDate: string | null;
  /** Whether a buyer who leaves their details sees the exact street. */
  streetOnInquiry: boolean;
};

/** A stored comparable sale, as the summary reads it. */
export type CompFacts = { soldPrice: number; soldDate: string; distance: number | null };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthYear = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1] ?? ""} ${day.slice(0, 4)}`;

/**
 * "6 comparable sales within 0.8 mi, sold Jan 2026 – Jun 2026 for $265,000 – $310,000": the stored comps the ARV was
 * made from, never a new valuation. Null without any.
 */
export function compSummaryOf(comps: readonly CompFacts[]): string | null {
  if (comps.length === 0) return null;
  const prices = comps.map((comp) => comp.soldPrice);
  const days = comps.map((comp) => comp.soldDate).sort();
  const distances = comps.map((comp) => comp.distance).filter((distance): distance is number => distance !== null);
  const count = `${comps.length} comparable ${comps.length === 1 ? "sale" : "sales"}`;
  const within = distances.length ? ` within ${Math.max(...distances).toFixed(1)} mi` : "";
  const first = monthYear(days[0]!);
  const last = monthYear(days[days.length - 1]!);
  const when = first === last ? `sold ${first}` : `sold ${first} – ${last}`;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const price = low === high ? formatMoney(low) : `${formatMoney(low)} – ${formatMoney(high)}`;
  return `${count}${within}, ${when} for ${price}`;
}

/** "Phoenix, AZ 85019" */
export function placeOf(view: Pick<DealPageView, "city" | "state" | "zip">): string {
  return [view.city, [view.state, view.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** What the user knows of an offer's buyer: on their list (and how they got there), and what they did before. */
export type BuyerHistory = { onList: boolean; source: string | null; otherOffers: number; assignedBefore: number };

/** A buyer's offer (or inquiry) on a deal as its owner's offers page lists it. */
export type OfferView = {
  id: string;
  name: string;
  email: string;
  phoneText: string;
  amount: number | null;
  earnestMoney: number | null;
  closeDate: string | null;
  proofOfFunds: boolean;
  message: string | null;
  status: DealOfferStatus;
  createdAt: string;
  buyerId: string | null;
  /** The buyer's history with the user, in words. */
  history: string;
};

/** "On your buyer list (CSV import) · 2 other offers · 1 deal assigned to them", or "Not on your buyer list". */
export function buyerHistoryWords(history: BuyerHistory): string {
  if (!history.onList) return "Not on your buyer list";
  const parts = [history.source ? `On your buyer list (${history.source})` : "On your buyer list"];
  parts.push(history.otherOffers === 0 ? "first offer" : `${history.otherOffers} other ${history.otherOffers === 1 ? "offer" : "offers"}`);
  if (history.assignedBefore > 0)
    parts.push(`${history.assignedBefore} ${history.assignedBefore === 1 ? "deal" : "deals"} assigned to them`);
  return parts.join(" · ");
}

/** What the deal's owner is told when a buyer sends an offer or an inquiry from the deal page. */
export function offerNotice({
  to,
  place,
  offer,
  offersUrl,
}: {
  to: string;
  place: string;
  offer: {
    name: string;
    email: string;
    phone: string | null;
    amount?: number;
    earnestMoney?: number;
    closeDate?: string;
    proofOfFunds: boolean;
  };
  offersUrl: string;
}) {
  const name = offer.name.replace(/\s+/g, " ");
  const what = offer.amount === undefined ? "An inquiry" : `An offer of ${formatMoney(offer.amount)}`;
  const terms = [
    offer.earnestMoney === undefined ? null : `Earnest money: ${formatMoney(offer.earnestMoney)}`,
    offer.closeDate ? `Closing date: ${offer.closeDate}` : null,
    `Proof of funds: ${offer.proofOfFunds ? "yes" : "no"}`,
  ].filter(Boolean);
  return {
    to,
    subject: `${what} on your deal in ${place}`,
    text: [
      `${what} from ${name} on your deal in ${place}.`,
      ...terms,
      `Email: ${offer.email}${offer.phone ? ` · Phone: ${offer.phone}` : ""}`,
      "",
      `See the deal's offers side by side: ${offersUrl}`,
    ].join("\n"),
  };
}
