/**
 * Every stored free text refuses control and bidi-override characters at its boundary: for each route (the API and
 * the no-JavaScript forms), a body with NUL or U+202E in one field answers 400 naming that field, and the rows it
 * would write read as before.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyers, companyProfiles, deals, properties, users } from "#db/schema.ts";
import { action as putBuyer } from "#app/routes/api.buyers.ts";
import { action as patchCompany } from "#app/routes/api.company.ts";
import { action as patchDeal } from "#app/routes/api.deals.$id.ts";
import { action as postDeal } from "#app/routes/api.deals.ts";
import { action as patchProperty } from "#app/routes/api.properties.$id.ts";
import { action as createProperty } from "#app/routes/api.properties.ts";
import { action as patchUser } from "#app/routes/api.user.ts";
import { action as crmLeads } from "#app/routes/crm.leads.tsx";

import type { Handler } from "./api-client.ts";
import { aProperty, db, signedUp } from "./deals-setup.ts";

type Pat = Awaited<ReturnType<typeof signedUp>>;
type Case = {
  name: string;
  field: string;
  /** Sends the body with `text` in `field`. */
  send: (pat: Pat, ids: { propertyId: string; dealId: string }, text: string) => Promise<Response>;
  /** What the route would change, read back. */
  stored: (pat: Pat, ids: { propertyId: string; dealId: string }) => Promise<unknown>;
};

const LEAD = { address: "1 Main St", city: "Phoenix", state: "AZ", zipCode: "85004" };
const propertiesOf = (pat: Pat) => db.select().from(properties).where(eq(properties.userId, pat.userId));

const CASES: Case[] = [
  {
    name: "POST /api/properties (owner name)",
    field: "ownerName",
    send: (pat, _, text) => pat.send(createProperty as Handler, "POST", "/api/properties", { json: { ...LEAD, ownerName: text } }),
    stored: propertiesOf,
  },
  {
    name: "PATCH /api/properties/{id} (owner mailing address)",
    field: "ownerMailingAddress",
    send: (pat, { propertyId }, text) =>
      pat.send(patchProperty as Handler, "PATCH", `/api/properties/${propertyId}`, {
        json: { ownerMailingAddress: text },
        params: { id: propertyId },
      }),
    stored: propertiesOf,
  },
  {
    name: "PATCH /api/properties/{id} (notes)",
    field: "notes",
    send: (pat, { propertyId }, text) =>
      pat.send(patchProperty as Handler, "PATCH", `/api/properties/${propertyId}`, { json: { notes: text }, params: { id: propertyId } }),
    stored: propertiesOf,
  },
  {
    name: "PATCH /api/deals/{id} (contract notes)",
    field: "notes",
    send: (pat, { dealId }, text) =>
      pat.send(patchDeal as Handler, "PATCH", `/api/deals/${dealId}`, { json: { notes: text }, params: { id: dealId } }),
    stored: (pat) => db.select().from(deals).where(eq(deals.userId, pat.userId)),
  },
  {
    name: "POST /api/buyers (buyer name)",
    field: "name",
    send: (pat, _, text) => pat.send(putBuyer as Handler, "POST", "/api/buyers", { json: { name: text } }),
    stored: (pat) => db.select().from(buyers).where(eq(buyers.userId, pat.userId)),
  },
  {
    name: "PATCH /api/user (full name)",
    field: "fullName",
    send: (pat, _, text) => pat.send(patchUser as Handler, "PATCH", "/api/user", { json: { fullName: text } }),
    stored: (pat) => db.select().from(users).where(eq(users.id, pat.userId)),
  },
  {
    name: "PATCH /api/company (company name)",
    field: "companyName",
    send: (pat, _, text) => pat.send(patchCompany as Handler, "PATCH", "/api/company", { json: { companyName: text } }),
    stored: (pat) => db.select().from(companyProfiles).where(eq(companyProfiles.userId, pat.userId)),
  },
  {
    name: "POST /crm/leads (the no-JS Add Lead form's address)",
    field: "address",
    send: (pat, _, text) => pat.send(crmLeads as Handler, "POST", "/crm/leads", { form: { ...LEAD, address: text } }),
    stored: propertiesOf,
  },
];

const UNSAFE = { NUL: "\u0000", "U+202E": "\u202e" };

describe("a stored free text with a control or bidi-override character", () => {
  for (const [label, ch] of Object.entries(UNSAFE)) {
    it.each(CASES)(`$name with ${label}: 400 naming the field, nothing written`, async ({ field, send, stored }) => {
      const pat = await signedUp();
      const property = await aProperty(pat.userId, { ownerMailingAddress: "12 Elm St, Mesa, AZ 85201", notes: "Call after 5" });
      const deal = await pat.send(postDeal as Handler, "POST", "/api/deals", { json: { propertyId: property.id } });
      expect(deal.status).toBe(201);
      const ids = { propertyId: property.id, dealId: ((await deal.json()) as { deal: { id: string } }).deal.id };
      const before = await stored(pat, ids);

      const answer = await send(pat, ids, `Evil${ch}name 12 Elm St`);
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { success: boolean; errors?: Record<string, string[]> };
      expect(body.success).toBe(false);
      expect(Object.keys(body.errors ?? {})).toContain(field);
      expect(await stored(pat, ids)).toEqual(before);
    });
  }
});
