/** Buyer cards → buyer leads: what "Save to Buyer Breeze" stores of a cash-buyer card. */
import { BUYER_TYPES, type BuyerType } from "#db/enums.ts";
import { ownerTypeOf, type OwnerType } from "#app/domain/leads/extract.ts";
import type { PostalAddress } from "#app/domain/leads/search-options.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";

import { BUYER_EXTRACT_FAILED, BUYER_INCOMPLETE, isBuyerItem } from "./messages.ts";

export type BuyerLeadBody = {
  buyerName: string;
  buyerType: BuyerType;
  ownerType: OwnerType;
  market: string;
  totalProperties: number | null;
  portfolioValue: number | null;
  avgPurchasePrice: number | null;
  totalPurchasePrice: number | null;
  totalEquity: number | null;
  totalMortgageBalance: number | null;
  phoneNumbers: string[];
  emailAddresses: string[];
  mailingAddress: string | null;
  lastPropertyAddress: string | null;
  lastPropertyPurchaseDate: string | null;
  lastPropertyPurchasePrice: number | null;
  lastPropertyBedrooms: number | null;
  lastPropertyBathrooms: number | null;
  lastPropertySquareFeet: number | null;
};

export function postalLine(address: PostalAddress | null | undefined): string | null {
  if (!address) return null;
  const line = [address.street, address.city, [address.state, address.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return line || null;
}

const wholeOrNull = (value: number | null | undefined) => (typeof value === "number" && Number.isFinite(value) ? Math.round(value) : null);

/**
 * Save to Buyer Breeze: the buyer lead of a buyer card. 'Could not extract buyer information' when the card holds no
 * readable buyer; 'Missing required buyer information' when the name, market, buyer type or owner type is missing.
 */
export function buyerLeadOf(buyer: unknown, market: string): { ok: true; value: BuyerLeadBody } | { ok: false; message: string } {
  if (!isBuyerItem(buyer)) return { ok: false, message: BUYER_EXTRACT_FAILED };
  const buyerName = buyer.owner.fullName.trim();
  const place = market.trim() || [buyer.address.city, buyer.address.state].filter(Boolean).join(", ");
  const buyerType = isOneOf(BUYER_TYPES, buyer.buyerType) ? buyer.buyerType : null;
  if (!buyerName || !place || !buyerType) return { ok: false, message: BUYER_INCOMPLETE };
  const ownerType = ownerTypeOf(buyerName);
  const profile = buyer.propertyOwnerProfile;
  const date = buyer.sale.lastSaleDate && /^\d{4}-\d{2}-\d{2}/.test(buyer.sale.lastSaleDate) ? buyer.sale.lastSaleDate.slice(0, 10) : null;
  return {
    ok: true,
    value: {
      buyerName,
      buyerType,
      ownerType,
      market: place,
      totalProperties: wholeOrNull(profile.propertiesCount),
      portfolioValue: profile.propertiesTotalEstimatedValue,
      avgPurchasePrice: profile.averagePurchasePrice,
      totalPurchasePrice: profile.totalPurchasePrice,
      totalEquity: profile.propertiesTotalEquity === null ? null : Math.max(0, profile.propertiesTotalEquity),
      totalMortgageBalance: profile.mortgagesTotalBalance,
      phoneNumbers: buyer.owner.phoneNumbers.filter((phone) => !phone.dnc).map((phone) => phone.number),
      emailAddresses: buyer.owner.emails,
      mailingAddress: postalLine(buyer.owner.mailingAddress),
      lastPropertyAddress: postalLine(buyer.address),
      lastPropertyPurchaseDate: date,
      lastPropertyPurchasePrice: buyer.sale.lastSalePrice,
      lastPropertyBedrooms: wholeOrNull(buyer.building.bedroomCount),
      lastPropertyBathrooms: buyer.building.bathroomCount,
      lastPropertySquareFeet: wholeOrNull(buyer.building.livingAreaSquareFeet),
    },
  };
}
