/**
 * What a provider found → what a search answers: lead queue items and cash buyer search result items,
 * through the extracted-data rules of the spec (lead-extract.ts), so no placeholder or out-of-bounds value reaches a card.
 */
import type { BuyerType } from "#db/enums.ts";
import { estimatedMaxOffer } from "#app/domain/offers/deal-numbers.ts";

import {
  cleanEmails,
  cleanPhones,
  isPlaceholderContact,
  nonNegativeOrNull,
  ownerTypeOf,
  percentOrNull,
  positiveOrNull,
  yearBuiltOrNull,
} from "./extract.ts";
import type { CashBuyer, OwnerContact, SellerLead } from "./property-records.ts";
import type { CashBuyerItem, LeadQueueItem } from "./search.ts";

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function textOrNull(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  return text === "" || isPlaceholderContact(text) ? null : text;
}

function contactOf(owner: OwnerContact) {
  const phones = cleanPhones(owner.phones);
  const emails = cleanEmails(owner.emails);
  const callable = phones.filter((phone) => !phone.dnc);
  return { phones, emails, callable };
}

export function toLeadQueueItem(lead: SellerLead, vendor: string, currentYear: number): LeadQueueItem {
  const { phones, emails, callable } = contactOf(lead.owner);
  const estimatedValue = positiveOrNull(lead.estimatedValue);
  return {
    id: lead.id,
    addressLine: lead.addressLine,
    city: lead.city,
    state: lead.state,
    zip: lead.zip,
    apn: lead.apn?.trim() || null,
    ownerName: textOrNull(lead.owner.name),
    estimatedValue,
    equityPct: percentOrNull(lead.equityPct),
    propertyType: lead.propertyType?.trim() || "single_family",
    lat: finiteOrNull(lead.latitude),
    lon: finiteOrNull(lead.longitude),
    bedrooms: positiveOrNull(lead.bedrooms),
    bathrooms: positiveOrNull(lead.bathrooms),
    squareFeet: positiveOrNull(lead.squareFeet),
    yearBuilt: yearBuiltOrNull(lead.yearBuilt, currentYear),
    lastSalePrice: nonNegativeOrNull(lead.lastSalePrice),
    lastSaleDate: lead.lastSaleDate?.trim() || null,
    equityBalance: finiteOrNull(lead.equityBalance),
    // The spec's estimate before any valuation (deal-numbers.ts): shown labelled as such, never stored as an offer.
    maxOffer: estimatedMaxOffer(estimatedValue),
    confidenceScore: percentOrNull(lead.confidenceScore),
    flags: lead.flags,
    raw: {
      ownerPhoneNumbers: phones,
      // The phone to call is one not on the do-not-call registry; DNC numbers are only shown, flagged.
      ownerPhone: callable[0]?.number ?? null,
      ownerEmails: emails,
      ownerEmail: emails[0] ?? null,
      ownerMailingAddress: textOrNull(lead.owner.mailingAddress),
      ownerDncPhone: phones.find((phone) => phone.dnc)?.number ?? null,
      ownerMobilePhone: callable.find((phone) => phone.type === "mobile")?.number ?? null,
      ownerLandLine: callable.find((phone) => phone.type === "landline")?.number ?? null,
      vendor,
      vendorRecord: lead.raw ?? null,
    },
  };
}

export function toCashBuyerItem(buyer: CashBuyer, buyerType: BuyerType, currentYear: number): CashBuyerItem {
  const { phones, emails } = contactOf(buyer.owner);
  const p = buyer.property;
  const profile = buyer.portfolio;
  return {
    id: buyer.id,
    buyerType,
    address: {
      street: p.addressLine,
      city: p.city,
      state: p.state,
      zip: p.zip,
      latitude: finiteOrNull(p.latitude),
      longitude: finiteOrNull(p.longitude),
    },
    owner: {
      fullName: buyer.owner.name,
      phoneNumbers: phones,
      emails,
      mailingAddress: buyer.owner.mailing,
      ownerType: ownerTypeOf(buyer.owner.name),
    },
    valuation: {
      estimatedValue: positiveOrNull(p.estimatedValue),
      equityBalance: finiteOrNull(p.equityBalance),
      equityPercent: percentOrNull(p.equityPct),
    },
    building: {
      propertyType: p.propertyType?.trim() || "single_family",
      bedroomCount: positiveOrNull(p.bedrooms),
      bathroomCount: positiveOrNull(p.bathrooms),
      livingAreaSquareFeet: positiveOrNull(p.squareFeet),
      yearBuilt: yearBuiltOrNull(p.yearBuilt, currentYear),
    },
    sale: { lastSaleDate: p.lastSaleDate, lastSalePrice: nonNegativeOrNull(p.lastSalePrice), lastSaleCash: p.lastSaleCash },
    propertyOwnerProfile: {
      propertiesCount: profile.propertyCount,
      propertiesTotalEstimatedValue: nonNegativeOrNull(profile.totalEstimatedValue),
      propertiesTotalEquity: finiteOrNull(profile.totalEquity),
      mortgagesTotalBalance: nonNegativeOrNull(profile.totalMortgageBalance),
      totalPurchasePrice: nonNegativeOrNull(profile.totalPurchasePrice),
      averagePurchasePrice: nonNegativeOrNull(profile.averagePurchasePrice),
      cashPurchaseCount: profile.cashPurchaseCount,
      flipCount: profile.flipCount,
      lastPurchaseDate: profile.lastPurchaseDate,
    },
  };
}
