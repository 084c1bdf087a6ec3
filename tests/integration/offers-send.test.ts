// Offers: send-offer from the property card, and the Property (CRM) items GET /api/properties lists.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { documents, mailOutbox, properties } from "#db/schema.ts";
import { action as patchRoute } from "#app/routes/api.properties.$id.ts";
import { action as sendRoute } from "#app/routes/api.properties.send-offer.ts";
import { loader as listRoute } from "#app/routes/api.properties.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";

import { ApiClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { confirmed, db, LEAD, statusOf, withProperty } from "./offers-setup.ts";

describe("POST /api/properties/send-offer (the property card)", () => {
  it("refuses a property without a max offer with 'No Offer Created'", async () => {
    const { client, propertyId } = await withProperty();
    const answer = await client.call(sendRoute, "POST", "/api/properties/send-offer", {
      propertyId,
      ownerName: "Maria Lopez",
      ownerMailingAddress: null,
      offerAmount: null,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message: "No Offer Created: Create an offer first, then send it." });
    expect(await statusOf(propertyId)).toBe("analyzed");
  });

  it("mails the letter the property's offer produced, once, and marks it offer_sent", async () => {
    const { client, propertyId, userId } = await confirmed();
    const body = { propertyId, ownerName: "Maria Lopez", ownerMailingAddress: LEAD.ownerMailingAddress, offerAmount: 210000 };
    const first = await client.call(sendRoute, "POST", "/api/properties/send-offer", body);
    const again = await client.call(sendRoute, "POST", "/api/properties/send-offer", body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: "Offer Sent", status: "offer_sent" });
    expect(again.status).toBe(409);
    expect(again.body.trackingId).toBe(first.body.trackingId);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(documents)
        .where(and(eq(documents.userId, userId), eq(documents.type, "letter_of_intent"))),
    ).toHaveLength(1);
  });

  it("writes a letter for a max offer set without one (and after the max offer changed), to the property's address when the owner's is unknown", async () => {
    const { client, propertyId, userId } = await withProperty({ maxOffer: 150000, ownerMailingAddress: null });
    const first = await client.call(sendRoute, "POST", "/api/properties/send-offer", {
      propertyId,
      ownerName: null,
      ownerMailingAddress: null,
      offerAmount: 150000,
    });
    expect(first.status).toBe(200);
    const pieces = await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
    expect(pieces).toEqual([
      expect.objectContaining({
        recipientName: "Maria Lopez",
        recipientAddress: "4821 N 35th Ave, Phoenix, AZ 85019",
        offerAmount: 150000,
      }),
    ]);

    // Update Max Offer: the recorded letter is for the old amount, so the next Send Offer writes and mails a new one.
    await client.call(patchRoute, "PATCH", `/api/properties/${propertyId}`, { maxOffer: "160000" }, { params: { id: propertyId } });
    const second = await client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId });
    expect(second.body.trackingId).not.toBe(first.body.trackingId);
    const letters = await db
      .select()
      .from(documents)
      .where(and(eq(documents.userId, userId), eq(documents.type, "letter_of_intent")));
    expect(letters).toHaveLength(2);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).map((piece) => piece.offerAmount).sort()).toEqual([
      150000, 160000,
    ]);
  });

  it("answers 'Send Offer Failed' when the mail provider refuses, 'Mailing Not Confirmed' when it never answers; the status stays", async () => {
    const fake = createFakeLob("test_key");
    const vars = { MAIL: "lob", LOB_API_KEY: "test_key", LOB_BASE_URL: "https://lob.fake.test", LOB_RETRY_DELAY_MS: "0" };
    const client = new ApiClient(testContext(vars, {}, { fetch: fake.fetch }));
    const { propertyId } = await confirmed({}, client);
    fake.failWith(401, "Your API key is not valid.");
    const answer = await client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId });
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe("Send Offer Failed: The offer could not be mailed.");
    fake.failWith(500, "Internal error");
    const unknown = await client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId });
    expect(unknown.status).toBe(504);
    expect(unknown.body.message).toMatch(/^Mailing Not Confirmed: /);
    expect(await statusOf(propertyId)).toBe("offer_produced");
  });
});

describe("GET /api/properties: Property (CRM) items", () => {
  it("lists every spec field, the owner's phones with DNC flags, and what a PATCH of analysisArv, maxOffer or status changed", async () => {
    const { client, propertyId } = await withProperty();
    await db
      .update(properties)
      .set({
        ownerPhoneNumbers: [
          { number: "+16025550111", type: "mobile", dnc: false },
          { number: "+16025550122", type: "landline", dnc: true },
        ],
        ownerEmails: ["maria@example.com"],
      })
      .where(eq(properties.id, propertyId));
    for (const patch of [{ analysisArv: "305000" }, { maxOffer: "199000" }, { status: "offer_produced" }]) {
      const answer = await client.call(patchRoute, "PATCH", `/api/properties/${propertyId}`, patch, { params: { id: propertyId } });
      expect(answer.status).toBe(200);
    }
    const list = await client.call(listRoute, "GET", "/api/properties");
    const [item] = list.body as unknown as Record<string, unknown>[];
    expect(item).toMatchObject({
      id: propertyId,
      analysisArv: 305000,
      maxOffer: 199000,
      status: "offer_produced",
      currentAgent: "deal_analyzer",
      ownerPhoneNumbers: [
        { number: "+16025550111", type: "mobile", dnc: false },
        { number: "+16025550122", type: "landline", dnc: true },
      ],
      ownerEmails: ["maria@example.com"],
    });
    const fields = [
      "id",
      "address",
      "city",
      "state",
      "zipCode",
      "bedrooms",
      "bathrooms",
      "squareFeet",
      "yearBuilt",
      "propertyType",
      "arv",
      "maxOffer",
      "equityPercentage",
      "equityBalance",
      "confidenceScore",
      "lastSalePrice",
      "lastSaleDate",
      "ownerName",
      "ownerPhone",
      "ownerEmail",
      "ownerEmails",
      "ownerPhoneNumbers",
      "ownerMailingAddress",
      "ownerDncPhone",
      "ownerLandLine",
      "ownerMobilePhone",
      "status",
      "currentAgent",
      "leadType",
      "distressedIndicator",
      "createdAt",
      "updatedAt",
      "strategy",
      "isDeal",
      "analysisArv",
      "rehabCost",
      "analysisMaxOfferPrice",
      "analysisConfidence",
      "profitMarginPct",
      "riskLevel",
      "keyAssumptions",
      "compSummary",
      "nextActions",
    ];
    expect(Object.keys(item).sort()).toEqual(fields.sort());
    expect(list.headers.get("X-Total-Count")).toBe("1");
  });
});
