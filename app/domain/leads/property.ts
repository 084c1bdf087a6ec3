/**
 * A seller lead as the property it becomes in the CRM (the spec's "Property as sent on save from the workbench"):
 * what Add to CRM, Save for Later and Let's Work It send to POST /api/properties (and the no-JavaScript forms post).
 * Money travels as text, as the spec lists it; the server's schema turns it back into numbers. No zod here.
 */
import type { LeadQueueItem } from "./search-options.ts";

/** Save for Later and Add to CRM save with status new; Let's Work It with analyzed and the Deal Analyzer. */
export type LeadSave = { status: "new" | "analyzed"; currentAgent?: "deal_analyzer" | null };

function money(value: number | null): string | null {
  return value === null ? null : String(Math.round(value));
}

export function leadToProperty(lead: LeadQueueItem, save: LeadSave) {
  return {
    address: lead.addressLine,
    city: lead.city,
    state: lead.state,
    zipCode: lead.zip,
    bedrooms: lead.bedrooms,
    bathrooms: lead.bathrooms,
    squareFeet: lead.squareFeet,
    yearBuilt: lead.yearBuilt,
    propertyType: lead.propertyType || "single_family",
    arv: money(lead.estimatedValue),
    // The as-is estimate (market value), kept when a valuation replaces the ARV: offers are checked against it.
    price: money(lead.estimatedValue),
    // No offer yet: the lead's max offer is the spec's estimate (70 % of the estimated value), never a chosen offer.
    maxOffer: null,
    equityPercentage: lead.equityPct,
    equityBalance: money(lead.equityBalance),
    confidenceScore: lead.confidenceScore === null ? null : Math.round(lead.confidenceScore),
    lastSalePrice: money(lead.lastSalePrice),
    lastSaleDate: lead.lastSaleDate && /^\d{4}-\d{2}-\d{2}/.test(lead.lastSaleDate) ? lead.lastSaleDate.slice(0, 10) : null,
    ownerName: lead.ownerName,
    ownerPhone: lead.raw.ownerPhone,
    ownerEmail: lead.raw.ownerEmail,
    ownerMailingAddress: lead.raw.ownerMailingAddress,
    ownerDncPhone: lead.raw.ownerDncPhone,
    ownerMobilePhone: lead.raw.ownerMobilePhone,
    ownerLandLine: lead.raw.ownerLandLine,
    status: save.status,
    currentAgent: save.currentAgent ?? null,
    leadType: lead.flags[0] ?? null,
    analysisArv: null,
  };
}
export type LeadProperty = ReturnType<typeof leadToProperty>;

/** "123 Main St, Phoenix, AZ 85004": a lead's one-line address (the cards, the workbench, message previews). */
export function leadAddress(lead: Pick<LeadQueueItem, "addressLine" | "city" | "state" | "zip">): string {
  const cityLine = [lead.city, [lead.state, lead.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [lead.addressLine, cityLine].filter(Boolean).join(", ");
}
