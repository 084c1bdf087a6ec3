/** BatchData's property records as provider types: seller leads, cash buyers, owners and property facts. */
import { type z } from "zod";

import { SELLER_TYPES, type SellerType } from "#db/enums.ts";
import { HIGH_EQUITY_PERCENT } from "#db/seller-types.ts";
import { ownerTypeOf } from "#app/domain/leads/extract.ts";

import { PROVIDER, type BuyerRecord, type MailingAddressSchema, type PropertyRecord } from "./batchdata-answers.ts";
import type { CashBuyer, OwnerContact, PostalAddress, PropertyFacts, SellerLead } from "./types.ts";

/** BatchData's property type detail ("Single Family Residential", "Condominium", …) → the app's property types. */
export function propertyTypeOf(detail: string | null | undefined): string {
  const value = detail ?? "";
  if (/condo/i.test(value)) return "condo";
  if (/town\s*(house|home)|row\s*house/i.test(value)) return "townhouse";
  if (/mobile|manufactured/i.test(value)) return "mobile_home";
  if (/\b(land|lot|vacant)\b/i.test(value)) return "land";
  if (/multi|duplex|triplex|quad|apartment|\d\+?\s*units?\b/i.test(value)) return "multi_family";
  // "Single Family Residential", and anything unknown: the spec's default type.
  return "single_family";
}

/** A date as BatchData writes it ("2019-05-02" or "2019-05-02T00:00:00.000Z") → "YYYY-MM-DD"; else null. */
export function dateOf(value: string | null | undefined): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value?.trim() ?? "");
  return match ? match[1]! : null;
}

export const zip5 = (zip: string) => zip.trim().slice(0, 5);
/** The record's last sale: the sale group's, else intel's (both data dictionary fields). */
function lastSaleOf(record: PropertyRecord): { date: string | null; price: number | null } {
  const sale = record.sale?.lastSale;
  const date = dateOf(sale?.saleDate) ?? dateOf(record.intel?.lastSoldDate);
  const price = known(sale?.price) ?? known(record.intel?.lastSoldPrice);
  return { date, price };
}
const known = (value: number | null | undefined): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** Which seller types a record is (the searched one always: BatchData matched its quick list). */
function flagsOf(record: PropertyRecord, searched: SellerType | null): SellerType[] {
  const q = record.quickLists ?? {};
  const equity = known(record.valuation?.equityPercent);
  const has: Record<SellerType, boolean> = {
    preforeclosure: q.preforeclosure === true,
    "out-of-state-absentee-owner": q.absenteeOwnerOutOfState === true,
    // The product's rule, not BatchData's LTV < 0.8 (docs/decisions/046-batchdata-provider.md).
    high_equity: equity !== null && equity >= HIGH_EQUITY_PERCENT,
    inherited: q.inherited === true,
    "corporate-owned": q.corporateOwned === true,
    "tired-landlord": q.tiredLandlord === true,
  };
  return SELLER_TYPES.filter((type) => type === searched || has[type]);
}

export function mailingOf(address: z.infer<typeof MailingAddressSchema> | null | undefined): PostalAddress | null {
  const street = address?.street?.trim();
  const city = address?.city?.trim();
  const state = address?.state?.trim();
  const zip = address?.zip?.trim();
  return street && city && state && zip ? { street, city, state, zip: zip5(zip) } : null;
}

/** The owner as the search record names them; phones and emails come from the skip trace (withContacts). */
export function ownerOf(record: PropertyRecord): OwnerContact {
  const first = record.owner?.names?.[0];
  const name = record.owner?.fullName?.trim() || [first?.first, first?.last].filter(Boolean).join(" ");
  const mailing = mailingOf(record.owner?.mailingAddress);
  return {
    name,
    isIndividual: record.quickLists?.corporateOwned !== true && ownerTypeOf(name) === "Individual",
    mailingAddress: mailing ? `${mailing.street}, ${mailing.city}, ${mailing.state} ${mailing.zip}` : "",
    mailing,
    phones: [],
    emails: [],
  };
}

export function factsOf(record: PropertyRecord): PropertyFacts {
  const { address, building, valuation } = record;
  const estimatedValue = known(valuation?.estimatedValue);
  const lien = known(record.openLien?.totalOpenLienBalance);
  const equityBalance =
    known(valuation?.equityCurrentEstimatedBalance) ?? (estimatedValue !== null && lien !== null ? estimatedValue - lien : null);
  return {
    addressLine: address.street.trim(),
    city: address.city.trim(),
    state: address.state.trim().toUpperCase(),
    zip: zip5(address.zip),
    latitude: known(address.latitude),
    longitude: known(address.longitude),
    propertyType: propertyTypeOf(record.general?.propertyTypeDetail),
    bedrooms: known(building?.bedroomCount),
    bathrooms: known(building?.bathroomCount),
    squareFeet: known(building?.livingAreaSquareFeet),
    yearBuilt: known(building?.yearBuilt),
    estimatedValue,
    equityBalance,
    equityPct: known(valuation?.equityPercent),
    lastSalePrice: lastSaleOf(record).price,
    lastSaleDate: lastSaleOf(record).date,
  };
}

export function toSellerLead(record: PropertyRecord, raw: unknown, searched: SellerType | null): SellerLead {
  return {
    ...factsOf(record),
    id: `${PROVIDER}-${record._id}`,
    apn: record.ids?.apn?.trim() || null,
    confidenceScore: known(record.valuation?.confidenceScore),
    flags: flagsOf(record, searched),
    owner: ownerOf(record),
    raw,
  };
}

/**
 * BatchData knows an owner by their mailing address (its glossary: "Batch uses mailing address to uniquely identify
 * a property owner"), so that is the buyer's id; an owner without one is known by name.
 */
export function ownerKey(record: PropertyRecord): string {
  const mailing = mailingOf(record.owner?.mailingAddress);
  const basis = mailing ? `${mailing.street} ${mailing.zip}` : `name ${ownerOf(record).name}`;
  return `${PROVIDER}-owner-${normalise(basis).replace(/ /g, "-")}`;
}

export function toCashBuyer(record: BuyerRecord, raw: unknown): CashBuyer {
  const profile = record.propertyOwnerProfile;
  return {
    id: ownerKey(record),
    owner: ownerOf(record),
    property: { ...factsOf(record), lastSaleCash: record.quickLists?.cashBuyer ?? null },
    portfolio: {
      propertyCount: profile.propertiesCount,
      totalEstimatedValue: known(profile.propertiesTotalEstimatedValue),
      totalEquity: known(profile.propertiesTotalEquity),
      totalMortgageBalance: known(profile.mortgagesTotalBalance),
      totalPurchasePrice: known(profile.totalPurchasePrice),
      averagePurchasePrice: known(profile.averagePurchasePrice),
      // Not in BatchData's owner profile as far as we know: unknown rather than guessed.
      cashPurchaseCount: null,
      flipCount: null,
      lastPurchaseDate: null,
    },
    raw,
  };
}

/**
 * A page of buyer records → one record per owner (the owner's latest purchase on the page), owners holding fewer
 * than `minProperties` left out (BatchData was asked the same; this keeps the rule should it ever ignore it).
 */
export function distinctOwners<T extends { record: BuyerRecord }>(rows: readonly T[], minProperties: number): T[] {
  const byOwner = new Map<string, T>();
  for (const row of rows) {
    if (row.record.propertyOwnerProfile.propertiesCount < minProperties) continue;
    const key = ownerKey(row.record);
    const seen = byOwner.get(key);
    if (!seen || (lastSaleOf(row.record).date ?? "") > (lastSaleOf(seen.record).date ?? "")) byOwner.set(key, row);
  }
  return [...byOwner.values()];
}

/** Case, punctuation and spacing folded, so "123 W. Maple Ave" and "123 w maple ave" are one address. */
export function normalise(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
