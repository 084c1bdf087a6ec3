/**
 * What Get Property Value posts about a lead (the facts calculate-arv values it from): the page's hidden fields, and
 * the form Let's Work It values the lead with in the same step (fewer clicks).
 */
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";

export function leadValuationFields(lead: LeadQueueItem, propertyId: string, index: number): [string, string | number | null][] {
  return [
    ["propertyId", propertyId],
    ["index", index],
    ["address", lead.addressLine],
    ["city", lead.city],
    ["state", lead.state],
    ["zipCode", lead.zip],
    ["bedrooms", lead.bedrooms],
    ["bathrooms", lead.bathrooms],
    ["squareFeet", lead.squareFeet],
    ["yearBuilt", lead.yearBuilt],
    ["propertyType", lead.propertyType],
    ["batchDataEstValue", lead.estimatedValue],
  ];
}

/** The same facts as a posted form would read them (empty values left out). */
export function leadValuationForm(lead: LeadQueueItem, propertyId: string, index: number): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, value] of leadValuationFields(lead, propertyId, index)) if (value !== null && value !== "") form[name] = String(value);
  return form;
}
