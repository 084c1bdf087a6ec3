// Offer checks at the routes: strict money (400 naming the field, nothing written), amounts of at least $1
// after rounding, each option against the max offer, and the warnings answered by confirm/mail/send-offer or asked
// first ("Confirm anyway") by the workbench's and the CRM's forms.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { documents, mailOutbox, properties } from "#db/schema.ts";
import { action as patchRoute } from "#app/routes/api.properties.$id.ts";
import { action as calculateRoute } from "#app/routes/api.properties.calculate-offer.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { action as sendRoute } from "#app/routes/api.properties.send-offer.ts";
import { action as crmOffers } from "#app/routes/crm.offers.tsx";

import { toastOf } from "./api-client.ts";
import { confirmBody, db, mailBody, statusOf, withProperty } from "./offers-setup.ts";

type Warning = { code: string; message: string };
const codes = (body: Record<string, unknown>) => (body.warnings as Warning[]).map((warning) => warning.code);

async function lettersOf(userId: string) {
  return db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.type, "letter_of_intent")));
}

async function propertyOf(id: string) {
  return db.select().from(properties).where(eq(properties.id, id)).get();
}

describe("strict money at the offer routes", () => {
  it("calculate-offer answers 400 naming ARV, repairs and fee for money that is not strictly a decimal", async () => {
    const { client, propertyId } = await withProperty();
    const cases: [Record<string, unknown>, string][] = [
      [{ arv: "12,34,56" }, "arv"],
      [{ arv: "1e6" }, "arv"],
      [{ arv: "NaN" }, "arv"],
      [{ arv: "" }, "arv"],
      [{ arv: 300000, repairs: "-5" }, "repairs"],
      [{ arv: 300000, assignmentFee: "1e4" }, "assignmentFee"],
      [{ arv: 300000, repairs: "" }, "repairs"],
      [{ arv: 100_000_001 }, "arv"],
    ];
    for (const [fields, field] of cases) {
      const answer = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", { propertyId, ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(Object.keys(answer.body.errors as object), JSON.stringify(fields)).toEqual([field]);
    }
    const grouped = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", { propertyId, arv: "1,234,567.89" });
    expect(grouped.status).toBe(200);
    expect(grouped.body.arv).toBe(1_234_567.89);
  });

  it("confirm-offer refuses an ARV of $0.50 (its Aggressive tier would round to $0) and writes nothing", async () => {
    const { client, propertyId, userId } = await withProperty();
    const answer = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: "Aggressive", arv: 0.5 }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({ arv: ["ARV must be at least $1,000"] });
    expect(await statusOf(propertyId)).toBe("analyzed");
    expect(await lettersOf(userId)).toEqual([]);
    expect((await propertyOf(propertyId))?.maxOffer).toBeNull();
  });

  it("PATCH maxOffer 0.4 is a 400 naming maxOffer and changes nothing; send-offer then has no offer to mail", async () => {
    const { client, propertyId, userId } = await withProperty();
    const patched = await client.call(
      patchRoute,
      "PATCH",
      `/api/properties/${propertyId}`,
      { maxOffer: 0.4 },
      { params: { id: propertyId } },
    );
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toEqual({ maxOffer: ["Max offer must be at least $1"] });
    const grouped = await client.call(
      patchRoute,
      "PATCH",
      `/api/properties/${propertyId}`,
      { maxOffer: "12,34,56" },
      { params: { id: propertyId } },
    );
    expect(grouped.status).toBe(400);
    expect((await propertyOf(propertyId))?.maxOffer).toBeNull();

    // A stored amount that rounds to $0 (written before this check) is no offer either: nothing is mailed.
    await db.update(properties).set({ maxOffer: 0.4 }).where(eq(properties.id, propertyId));
    const sent = await client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toMatch(/^No Offer Created/);
    expect(await lettersOf(userId)).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).toEqual([]);
  });
});

describe("offers against the user's own rules", () => {
  it("calculate-offer marks each tier against the max offer and recommends the highest one within it", async () => {
    const { client, propertyId } = await withProperty();
    const strict = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", { propertyId, arv: 300000 });
    const options = strict.body.options as { type: string; offer: number; maxOffer: number; aboveMaxOffer: boolean }[];
    expect(options.map(({ type, maxOffer, aboveMaxOffer }) => ({ type, maxOffer, aboveMaxOffer }))).toEqual([
      { type: "Aggressive", maxOffer: 170000, aboveMaxOffer: false },
      { type: "Fair", maxOffer: 170000, aboveMaxOffer: false },
      { type: "Likely", maxOffer: 170000, aboveMaxOffer: true },
    ]);
    // Net of the default repairs and fee, Fair is the max offer itself.
    expect(options.map((option) => option.offer)).toEqual([140000, 170000, 200000]);
    expect(strict.body.recommended).toBe("Fair");
    const cheap = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", {
      propertyId,
      arv: 300000,
      repairs: 0,
      assignmentFee: 0,
    });
    expect((cheap.body.options as { aboveMaxOffer: boolean }[]).map((option) => option.aboveMaxOffer)).toEqual([false, false, true]);
    expect(cheap.body.recommended).toBe("Fair");
  });

  it("confirm-offer, mail-offer and send-offer make and mail an offer above the max offer, answering why in warnings", async () => {
    // The lead: a market value far under the ARV, at a low confidence.
    const { client, propertyId, userId } = await withProperty({ price: 200000, confidenceScore: 6 });
    const letter = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: "Likely" }),
    );
    expect(letter.status).toBe(200);
    expect((letter.body.data as { offerAmount: number }).offerAmount).toBe(200000);
    expect(codes(letter.body)).toEqual(["above_max_offer", "low_confidence", "arv_above_as_is"]);
    expect((letter.body.warnings as Warning[])[0].message).toContain("$30,000 above your max offer of $170,000");

    // The mail record's amount is the letter's, whatever the client says.
    const mailed = await client.call(
      mailRoute,
      "POST",
      "/api/properties/mail-offer",
      mailBody(propertyId, letter.body.pdfUrl as string, { offerAmount: 1 }),
    );
    expect(mailed.status).toBe(200);
    expect(codes(mailed.body)).toEqual(["above_max_offer", "low_confidence", "arv_above_as_is"]);
    const [piece] = await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
    expect(piece.offerAmount).toBe(200000);

    // The same offer again is "Already mailed"; a deliberate second letter carries the same warnings.
    const again = await client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId });
    expect(again.status).toBe(409);
    const sent = await client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId, resend: true });
    expect(sent.status).toBe(200);
    expect(codes(sent.body)).toContain("above_max_offer");
  });

  it("answers no warnings for an offer within the max offer on a confident ARV", async () => {
    const { client, propertyId } = await withProperty({ price: 290000, confidenceScore: 80 });
    const letter = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: "custom", customOffer: "165,000" }),
    );
    expect(letter.status).toBe(200);
    expect(letter.body.warnings).toEqual([]);
  });
});

describe("the CRM property card asks once before an offer above the max offer", () => {
  it("answers the warnings with nothing written, then makes the letter on 'Confirm anyway'", async () => {
    const { client, propertyId, userId } = await withProperty({ arv: 300000 });
    const fields = { intent: "letter", propertyId, arv: "300000", offerType: "Likely" };
    const asked = await client.send(crmOffers, "POST", "/crm/offers", { urlencoded: fields });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(`/?section=crm&lead=${propertyId}&offer=1&check=Likely`);
    expect(toastOf(asked)).toMatchObject({ title: "Check this offer", variant: "info" });
    expect(toastOf(asked)?.description).toContain("$30,000 above your max offer");
    expect(await lettersOf(userId)).toEqual([]);
    expect(await statusOf(propertyId)).toBe("analyzed");

    const confirmedPost = await client.send(crmOffers, "POST", "/crm/offers", { urlencoded: { ...fields, confirm: "1" } });
    expect(confirmedPost.headers.get("Location")).toMatch(/&letter=[0-9a-f-]{36}(#[\w-]+)?$/);
    expect(await lettersOf(userId)).toHaveLength(1);
    expect(await statusOf(propertyId)).toBe("offer_produced");
  });

  it("Send Offer of a max offer set without a letter asks first too, and mails nothing until confirmed", async () => {
    const { client, propertyId, userId } = await withProperty({ arv: 300000 });
    await client.call(patchRoute, "PATCH", `/api/properties/${propertyId}`, { maxOffer: "250000" }, { params: { id: propertyId } });
    const asked = await client.send(crmOffers, "POST", "/crm/offers", { urlencoded: { intent: "send", propertyId } });
    expect(asked.headers.get("Location")).toBe(`/?section=crm&lead=${propertyId}&send=check`);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).toEqual([]);
    expect(await lettersOf(userId)).toEqual([]);
    const sent = await client.send(crmOffers, "POST", "/crm/offers", { urlencoded: { intent: "send", propertyId, confirm: "1" } });
    expect(toastOf(sent)?.title).toBe("Offer Sent");
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).toHaveLength(1);
  });
});
