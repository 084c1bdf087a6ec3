/** Property cards → CRM properties: what "Add to CRM" stores of a property card, and its contact link. */

import type { PropertyCard } from "./messages.ts";

/** Add to CRM from a property card: the fields POST /api/properties takes (status new); the server validates them. */
export function propertyCardToProperty(card: PropertyCard) {
  const money = (value: number | null) => (value === null ? null : String(Math.round(value)));
  return {
    address: card.address,
    city: card.city,
    state: card.state,
    zipCode: card.zipCode,
    bedrooms: card.bedrooms,
    bathrooms: card.bathrooms,
    squareFeet: card.squareFeet,
    yearBuilt: card.yearBuilt,
    propertyType: card.propertyType ?? "single_family",
    arv: money(card.arv),
    // An agent's figure is not an offer the user chose: the property starts without one.
    maxOffer: null,
    price: money(card.price),
    ownerName: card.ownerName,
    ownerPhone: card.phone,
    ownerEmail: card.email,
    notes: card.description,
    status: "new" as const,
  };
}

/** Contact Buyer: a mailto: or tel: link for the card's contact, or null when it has none. */
export function contactHref(card: PropertyCard): string | null {
  if (card.email) return `mailto:${card.email}`;
  if (card.phone) return `tel:${card.phone.replace(/[^\d+]/g, "")}`;
  return null;
}
