// Offers: who may call the offer routes, and calculate-offer.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { documents, mailOutbox } from "#db/schema.ts";
import { action as calculateRoute } from "#app/routes/api.properties.calculate-offer.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { action as sendRoute } from "#app/routes/api.properties.send-offer.ts";

import { ApiClient, signedIn, type Handler } from "./api-client.ts";
import { COMPANY_ADDRESS, db, LEAD, statusOf, withProperty } from "./offers-setup.ts";

const ROUTES: [string, Handler, Record<string, unknown>][] = [
  ["calculate-offer", calculateRoute, { arv: 300000 }],
  ["confirm-offer", confirmRoute, { offerType: "Fair", arv: 300000 }],
  ["mail-offer", mailRoute, { offerAmount: 1, pdfUrl: "/x", recipientName: "A", recipientAddress: "1 A St, Mesa, AZ 85201" }],
  ["send-offer", sendRoute, {}],
];

describe("offer calls: who may call them", () => {
  it.each(ROUTES)(
    "%s answers 401 with the spec's message when signed out, and 404 for another user's property with nothing changed",
    async (name, route, body) => {
      const { propertyId } = await withProperty({ maxOffer: 150000 });
      const anonymous = new ApiClient();
      const signedOut = await anonymous.call(route, "POST", `/api/properties/${name}`, { propertyId, ...body });
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toMatchObject({ success: false, message: "Authentication required. Please log in again." });

      const stranger = await signedIn({ prefix: "offers", company: COMPANY_ADDRESS });
      const foreign = await stranger.client.call(route, "POST", `/api/properties/${name}`, { propertyId, ...body });
      expect(foreign.status).toBe(404);
      expect(foreign.body.success).toBe(false);
      expect(await statusOf(propertyId)).toBe("analyzed");
      expect(await db.select().from(documents).where(eq(documents.propertyId, propertyId))).toHaveLength(0);
      expect(await db.select().from(mailOutbox).where(eq(mailOutbox.propertyId, propertyId))).toHaveLength(0);
    },
  );

  it("refuses other methods with 405", async () => {
    const { client } = await signedIn({ prefix: "offers", company: COMPANY_ADDRESS });
    const answer = await client.call(calculateRoute, "GET", "/api/properties/calculate-offer");
    expect(answer.status).toBe(405);
  });
});

describe("POST /api/properties/calculate-offer", () => {
  it("answers Aggressive 60 %, Fair 70 % and Likely 80 % of the ARV less the default repairs and fee, Fair being the max offer", async () => {
    const { client, propertyId } = await withProperty();
    const answer = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", {
      propertyId,
      arv: "300000",
      address: LEAD.address,
      city: LEAD.city,
      state: LEAD.state,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const options = answer.body.options as { type: string; percentage: number; offer: number; rationale: string }[];
    expect(options.map(({ type, percentage, offer }) => ({ type, percentage, offer }))).toEqual([
      { type: "Aggressive", percentage: 60, offer: 140000 },
      { type: "Fair", percentage: 70, offer: 170000 },
      { type: "Likely", percentage: 80, offer: 200000 },
    ]);
    expect(options[2]!.rationale).toBe(
      "80% of the $300,000 ARV − $30,000 repairs − $10,000 fee = $200,000: the most likely to be accepted, but above your max offer: your margin is thinner than your rule allows.",
    );
    expect(answer.body.recommended).toBe("Fair");
    expect(answer.body.maxOfferRule).toEqual({ arv: 300000, percentage: 70, repairs: 30000, assignmentFee: 10000, maxOffer: 170000 });
  });

  it("takes the repair estimate and assignment fee the user edited", async () => {
    const { client, propertyId } = await withProperty();
    const answer = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", {
      propertyId,
      arv: 300000,
      repairs: 45000,
      assignmentFee: 5000,
    });
    expect(answer.body.maxOfferRule).toMatchObject({ repairs: 45000, assignmentFee: 5000, maxOffer: 160000 });
    const offers = (answer.body.options as { offer: number }[]).map((option) => option.offer);
    expect(offers).toEqual([130000, 160000, 190000]);
  });

  it("refuses an ARV of 0 or less with 'ARV Required', and a bad body with per-field messages", async () => {
    const { client, propertyId } = await withProperty();
    for (const arv of [0, -5, "0"]) {
      const answer = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", { propertyId, arv });
      expect(answer.status).toBe(400);
      expect((answer.body.errors as Record<string, string[]>).arv[0]).toMatch(/^ARV Required: /);
    }
    const bad = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", { arv: "lots", repairs: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(["arv", "propertyId", "repairs"]);
  });
});
