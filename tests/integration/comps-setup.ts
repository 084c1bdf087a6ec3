// The comp tests' shared setup: a user's own lead at a place the test market covers, and the same lead with its comps
// found through the CRM card's Find Comps (pinned-comps, pinned-comps-user-sales, valuation-ui).
import { expect } from "vitest";

import { action as createRoute } from "#app/routes/api.properties.ts";
import { action as crmComps } from "#app/routes/crm.comps.tsx";

import { registerClient, toastOf, type Handler } from "./api-client.ts";

/** A Phoenix house inside the test market (market-fixture.ts ZIPS), with the facts the engine values from. */
export const SUBJECT_LEAD = {
  address: "4821 N 35th Ave",
  city: "Phoenix",
  state: "AZ",
  zipCode: "85008",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1500,
  yearBuilt: 1985,
};

/** A newly registered user and their lead (SUBJECT_LEAD), created through POST /api/properties. */
export async function ownLead(name: string) {
  const signedIn = await registerClient(name);
  const created = await signedIn.client.call(createRoute as Handler, "POST", "/api/properties", SUBJECT_LEAD);
  expect(created.status).toBe(201);
  return { ...signedIn, id: created.body.id as string };
}

/** `ownLead` with its comps found (the card's Find Comps answers "Comps Found"). */
export async function ownValuedProperty(name: string) {
  const lead = await ownLead(name);
  const found = await lead.client.send(crmComps as Handler, "POST", "/crm/comps", { urlencoded: { propertyId: lead.id } });
  expect(toastOf(found)?.title).toBe("Comps Found");
  return lead;
}
