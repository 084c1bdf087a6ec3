/**
 * The seller-type flags of the local market, as pure functions of a property record and its owner. The generator
 * stores their results in market_properties (and market_owners for cash buyers), so a quick-list search is a plain
 * indexed column filter, and the tests recompute every flag from the raw fields.
 *
 * Definitions (modelled on BatchData's quick lists and glossary; their figures in db/seller-types.ts), all judged at
 * MARKET_AS_OF:
 * - absentee: the owner's mailing address (street + ZIP, normalised) differs from the property address, i.e. the
 *   property is not owner-occupied.
 * - out-of-state absentee: the owner's mailing state differs from the property's state.
 * - high equity: equity balance ≥ 50 % of the estimated value (equity = value − open lien balance).
 * - inherited: the last transfer was by inheritance: an executor's, administrator's or personal representative's
 *   deed, or an affidavit of death.
 * - preforeclosure: a recorded distress notice (notice of default, lis pendens, notice of trustee sale) that was not
 *   followed by the foreclosure sale itself (a trustee's or sheriff's deed recorded on or after the notice date).
 * - corporate owned: the owner is not a natural person and not a personal trust. Companies (LLC, Inc, Corp, LP) and
 *   land trusts held for a company count; "The Rivera Family Trust" and "… Living/Revocable Trust" do not, because a
 *   family holds title through them (they are how individuals own homes, not businesses).
 * - tired landlord: an absentee property (any owner: individual, company or trust) whose last transfer was recorded
 *   at least TIRED_LANDLORD_YEARS (10) full years before MARKET_AS_OF, i.e. on or before 2015-12-31.
 * - cash buyer (owner level): the owner holds ≥ 3 market properties whose last sale was without a mortgage
 *   (`lastSaleCash`).
 *
 * Buyer types, owner level, also judged at MARKET_AS_OF:
 * - active landlord: an absentee owner who bought 6–100 of the properties they hold in the last 3 years, i.e. 6–100
 *   absentee properties whose last sale is after 2022-12-31.
 * - fix and flip: an owner who bought a property and resold it within 12 months: a market sale to them
 *   (`buyerOwnerId`) followed by the property's next sale no more than 12 calendar months later (`flipCount` ≥ 1).
 * - cash buyers: 3–100 properties bought without a mortgage (`cashPurchaseCount` from 3 to 100).
 */
import { SELLER_TYPE_FLAG, type SellerType } from "#db/enums.ts";
import { marketProperties, type marketOwners } from "#db/schema.ts";
import {
  ACTIVE_LANDLORD_MAX_PURCHASES,
  ACTIVE_LANDLORD_MIN_PURCHASES,
  ACTIVE_LANDLORD_YEARS,
  CASH_BUYER_MAX_PURCHASES,
  CASH_BUYER_MIN_PURCHASES,
  FLIP_MONTHS,
  HIGH_EQUITY_PERCENT,
  TIRED_LANDLORD_YEARS,
} from "#db/seller-types.ts";

/** The market is a snapshot as of this day; holding periods and notice ages are measured to it. */
export const MARKET_AS_OF = "2025-12-31";

export const DISTRESS_NOTICES = ["notice_of_default", "lis_pendens", "notice_of_trustee_sale"] as const;
export type DistressNotice = (typeof DISTRESS_NOTICES)[number];

/** Deeds recorded by the foreclosure sale (auction) itself. */
export const AUCTION_TRANSFER_TYPES = ["trustee", "sheriff"] as const;
/** Deeds that pass title from a deceased owner's estate. */
export const INHERITANCE_TRANSFER_TYPES = ["executor", "administrator", "personal_representative", "affidavit_of_death"] as const;
export const SALE_TRANSFER_TYPES = ["warranty", "special_warranty", "grant", "quitclaim"] as const;
export const TRANSFER_TYPES = [...SALE_TRANSFER_TYPES, ...AUCTION_TRANSFER_TYPES, ...INHERITANCE_TRANSFER_TYPES] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];

type OwnerInsert = typeof marketOwners.$inferInsert;
type PropertyInsert = typeof marketProperties.$inferInsert;

/** The owner fields the flags read. */
export type FlagOwner = Pick<OwnerInsert, "fullName" | "isIndividual" | "mailingStreet" | "mailingCity" | "mailingState" | "mailingZip">;
/** The property fields the flags read. */
export type FlagProperty = Pick<
  PropertyInsert,
  | "address"
  | "state"
  | "zip"
  | "estimatedValue"
  | "equityBalance"
  | "lastSaleDate"
  | "lastTransferType"
  | "foreclosureNotice"
  | "foreclosureNoticeDate"
>;

export type PropertyFlags = Pick<
  PropertyInsert,
  | "ownerOccupied"
  | "isAbsentee"
  | "isPreforeclosure"
  | "isOutOfStateAbsentee"
  | "isHighEquity"
  | "isInherited"
  | "isCorporateOwned"
  | "isTiredLandlord"
>;

export function isOwnerOccupied(property: FlagProperty, owner: FlagOwner): boolean {
  return (
    normaliseStreet(property.address) === normaliseStreet(owner.mailingStreet) && property.zip.slice(0, 5) === owner.mailingZip.slice(0, 5)
  );
}

export function isAbsentee(property: FlagProperty, owner: FlagOwner): boolean {
  return !isOwnerOccupied(property, owner);
}

export function isOutOfStateAbsentee(property: FlagProperty, owner: FlagOwner): boolean {
  return owner.mailingState.toUpperCase() !== property.state.toUpperCase();
}

export function isHighEquity(property: FlagProperty): boolean {
  // Compare in cents so a value and equity that came from integer columns never meet float rounding.
  const equityCents = Math.round(property.equityBalance * 100);
  const valueCents = Math.round(property.estimatedValue * 100);
  return valueCents > 0 && equityCents * 100 >= valueCents * HIGH_EQUITY_PERCENT;
}

export function isInherited(property: FlagProperty): boolean {
  return includes(INHERITANCE_TRANSFER_TYPES, property.lastTransferType);
}

export function isPreforeclosure(property: FlagProperty): boolean {
  const { foreclosureNotice, foreclosureNoticeDate } = property;
  if (!foreclosureNotice || !includes(DISTRESS_NOTICES, foreclosureNotice)) return false;
  const soldAtAuction =
    includes(AUCTION_TRANSFER_TYPES, property.lastTransferType) &&
    (!foreclosureNoticeDate || property.lastSaleDate >= foreclosureNoticeDate);
  return !soldAtAuction;
}

/** A family holds title through these; every other non-person owner is a business. */
export function isPersonalTrust(ownerName: string): boolean {
  return /\b(family|living|revocable)\s+trust$/i.test(ownerName.trim());
}

export function isCorporateOwned(owner: FlagOwner): boolean {
  return !owner.isIndividual && !isPersonalTrust(owner.fullName);
}

export function isTiredLandlord(property: FlagProperty, owner: FlagOwner): boolean {
  return isAbsentee(property, owner) && property.lastSaleDate <= yearsBefore(MARKET_AS_OF, TIRED_LANDLORD_YEARS);
}

export function computePropertyFlags(property: FlagProperty, owner: FlagOwner): PropertyFlags {
  const absentee = isAbsentee(property, owner);
  return {
    ownerOccupied: !absentee,
    isAbsentee: absentee,
    isPreforeclosure: isPreforeclosure(property),
    isOutOfStateAbsentee: isOutOfStateAbsentee(property, owner),
    isHighEquity: isHighEquity(property),
    isInherited: isInherited(property),
    isCorporateOwned: isCorporateOwned(owner),
    isTiredLandlord: isTiredLandlord(property, owner),
  };
}

export type OwnerTotals = Pick<OwnerInsert, "propertyCount" | "cashPurchaseCount" | "isCashBuyer" | "isActiveLandlord">;

/** The owner-level figures, from every market property the owner holds (with its flags). */
export function computeOwnerTotals(
  properties: readonly Pick<PropertyInsert, "lastSaleCash" | "lastSaleDate" | "isAbsentee">[],
): OwnerTotals {
  const cashPurchaseCount = properties.filter((property) => property.lastSaleCash).length;
  const since = yearsBefore(MARKET_AS_OF, ACTIVE_LANDLORD_YEARS);
  const recentAbsentee = properties.filter((property) => property.isAbsentee && property.lastSaleDate > since).length;
  return {
    propertyCount: properties.length,
    cashPurchaseCount,
    isCashBuyer: cashPurchaseCount >= CASH_BUYER_MIN_PURCHASES,
    isActiveLandlord: recentAbsentee >= ACTIVE_LANDLORD_MIN_PURCHASES && recentAbsentee <= ACTIVE_LANDLORD_MAX_PURCHASES,
  };
}

/** Cash buyers by the spec's range: 3–100 properties bought without a mortgage. */
export function isCashBuyerType(owner: Pick<OwnerInsert, "cashPurchaseCount">): boolean {
  return owner.cashPurchaseCount >= CASH_BUYER_MIN_PURCHASES && owner.cashPurchaseCount <= CASH_BUYER_MAX_PURCHASES;
}

type FlipSale = { propertyId: number; saleDate: string; buyerOwnerId?: number | null };

/**
 * Flips per buyer: sales to a market owner followed by the same property's next sale within FLIP_MONTHS calendar
 * months. Sales of one property may come in any order.
 */
export function computeFlipCounts(sales: readonly FlipSale[]): Map<number, number> {
  const byProperty = new Map<number, FlipSale[]>();
  for (const sale of sales) byProperty.set(sale.propertyId, [...(byProperty.get(sale.propertyId) ?? []), sale]);
  const counts = new Map<number, number>();
  for (const history of byProperty.values()) {
    history.sort((a, b) => a.saleDate.localeCompare(b.saleDate));
    for (let i = 0; i + 1 < history.length; i++) {
      const { buyerOwnerId, saleDate } = history[i]!;
      if (buyerOwnerId === null || buyerOwnerId === undefined) continue;
      if (history[i + 1]!.saleDate <= monthsAfter(saleDate, FLIP_MONTHS)) counts.set(buyerOwnerId, (counts.get(buyerOwnerId) ?? 0) + 1);
    }
  }
  return counts;
}

/** The same day `months` calendar months later, as YYYY-MM-DD (clamped to the month's last day: Jan 31 + 1 → Feb 28). */
export function monthsAfter(isoDate: string, months: number): string {
  const total = Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1 + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const lastDay = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  const day = Math.min(Number(isoDate.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The market_properties column a seller-type quick list filters on (`where(eq(column, true))`). */
export function sellerTypeColumn(key: SellerType) {
  return marketProperties[SELLER_TYPE_FLAG[key]];
}

/** Upper case, punctuation dropped, whitespace collapsed: "1234 W. Maple Ave" equals "1234 w maple ave". */
export function normaliseStreet(street: string): string {
  return street.toUpperCase().replace(/[.,#]/g, " ").replace(/\s+/g, " ").trim();
}

/** The same calendar day `years` earlier, as YYYY-MM-DD (Feb 29 is never the as-of day, so no clamping needed). */
function yearsBefore(isoDate: string, years: number): string {
  const year = Number(isoDate.slice(0, 4)) - years;
  return `${String(year).padStart(4, "0")}${isoDate.slice(4)}`;
}

/** Whether `value` is one of `list`'s literals, narrowed to their type. */
export function includes<T extends string>(list: readonly T[], value: string | null | undefined): value is T {
  return list.some((option) => option === value);
}
