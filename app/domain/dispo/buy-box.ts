/** A buyer's stated buy-box and consent in the words the buyer list and the matches use. */
import { REPAIR_LEVEL_LABELS, type RepairLevel } from "#db/enums.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

export type BuyBox = {
  markets: readonly string[];
  propertyTypes: readonly string[];
  priceMin: number | null;
  priceMax: number | null;
  minBeds: number | null;
  maxRepairLevel: RepairLevel | null;
};

const TYPE_WORDS: Record<string, string> = {
  single_family: "single-family",
  multi_family: "multi-family",
  condo: "condo",
  townhouse: "townhouse",
  mobile_home: "mobile home",
  land: "land",
};

/** "Phoenix, AZ; 85019 · single-family · 3+ bd · $150,000–$250,000 · up to medium repairs"; "No buy-box yet" when empty. */
export function buyBoxWords(box: BuyBox): string {
  const price =
    box.priceMin !== null && box.priceMax !== null
      ? `${formatMoney(box.priceMin)}–${formatMoney(box.priceMax)}`
      : box.priceMax !== null
        ? `≤ ${formatMoney(box.priceMax)}`
        : box.priceMin !== null
          ? `≥ ${formatMoney(box.priceMin)}`
          : null;
  const parts = [
    box.markets.length > 0 ? box.markets.join("; ") : null,
    box.propertyTypes.length > 0 ? box.propertyTypes.map((type) => TYPE_WORDS[type] ?? type).join(", ") : null,
    box.minBeds !== null && box.minBeds > 0 ? `${box.minBeds}+ bd` : null,
    price,
    box.maxRepairLevel ? `up to ${REPAIR_LEVEL_LABELS[box.maxRepairLevel].toLowerCase()} repairs` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(" · ") : "No buy-box yet";
}

export type EmailConsent = { email: string | null; emailConsent: boolean; unsubscribedAt: Date | string | null };

/** Whether this user may email the buyer: only with their recorded consent and never after they unsubscribed. */
export function mayEmail(buyer: EmailConsent): boolean {
  return buyer.email !== null && buyer.emailConsent && buyer.unsubscribedAt === null;
}

/** "Email: yes", "Email: unsubscribed", "No email consent", "No email address". */
export function consentWords(buyer: EmailConsent): string {
  if (buyer.unsubscribedAt !== null) return "Email: unsubscribed";
  if (!buyer.email) return "No email address";
  return buyer.emailConsent ? "Email: yes" : "No email consent";
}
