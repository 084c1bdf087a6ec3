/** What the offer tests share: a signed-in client with a property, a confirmed letter, and the request bodies. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";

import { properties } from "#db/schema.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { signedIn, type ApiClient } from "./api-client.ts";
import { db } from "./db.ts";

export { db };

export const COMPANY_ADDRESS = {
  address_street1: "1 Center St",
  address_city: "Mesa",
  address_state: "AZ",
  address_postal_code: "85201",
};

export const LEAD = {
  ...PHOENIX_HOME,
  ownerName: "Maria Lopez",
  ownerMailingAddress: "77 W Elm St, Apt 2, Tucson, AZ 85701",
  status: "analyzed",
  currentAgent: "deal_analyzer",
};

export async function withProperty(fields: Record<string, unknown> = {}, client?: ApiClient) {
  const user = await signedIn({ prefix: "offers", company: COMPANY_ADDRESS, client });
  const created = await user.client.call(createRoute, "POST", "/api/properties", { ...LEAD, ...fields });
  expect(created.status).toBe(201);
  return { ...user, propertyId: created.body.id as string };
}

export async function statusOf(propertyId: string) {
  const row = await db.select({ status: properties.status }).from(properties).where(eq(properties.id, propertyId)).get();
  return row?.status;
}

export function confirmBody(propertyId: string, fields: Record<string, unknown> = {}) {
  return {
    propertyId,
    offerType: "Fair",
    customOffer: null,
    arv: 300000,
    propertyDetails: {
      address: LEAD.address,
      city: LEAD.city,
      state: LEAD.state,
      zip: LEAD.zipCode,
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1450,
    },
    ownerInfo: { name: LEAD.ownerName, mailingAddress: LEAD.ownerMailingAddress },
    ...fields,
  };
}

export async function bytesOf(response: Response) {
  return new Uint8Array(await response.arrayBuffer());
}

export async function confirmed(fields: Record<string, unknown> = {}, client?: ApiClient) {
  const user = await withProperty(fields, client);
  const answer = await user.client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(user.propertyId));
  expect(answer.status).toBe(200);
  return { ...user, pdfUrl: answer.body.pdfUrl as string, documentId: (answer.body.data as { documentId: string }).documentId };
}

export function mailBody(propertyId: string, pdfUrl: string, fields: Record<string, unknown> = {}) {
  return { propertyId, offerAmount: 210000, pdfUrl, recipientName: "Maria Lopez", recipientAddress: LEAD.ownerMailingAddress, ...fields };
}
