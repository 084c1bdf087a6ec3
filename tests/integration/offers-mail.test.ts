// Offers: mail-offer through the local mail provider and through Lob (fake).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { companyProfiles, mailOutbox, properties } from "#db/schema.ts";
import { MAILING_UNCONFIRMED } from "#app/domain/offers/mailing.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { action as sendRoute } from "#app/routes/api.properties.send-offer.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { loader as devMailPdf } from "#app/routes/dev.mail.$trackingId[.pdf].ts";
import { loader as devMailPage } from "#app/routes/dev.mail.tsx";
import { createFakeLob } from "#tests/fakes/lob.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { bytesOf, confirmBody, confirmed, db, LEAD, mailBody, statusOf } from "./offers-setup.ts";
import { pdfText } from "./pdf-text.ts";

describe("POST /api/properties/mail-offer (local mail)", () => {
  it("mails the letter into the outbox with its PDF and a tracking id, and moves the property to offer_sent", async () => {
    const { client, propertyId, pdfUrl, userId } = await confirmed();
    const answer = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, provider: "local", status: "offer_sent" });
    const trackingId = answer.body.trackingId as string;
    expect(trackingId).toMatch(/^ltr_local_[0-9a-f]{32}$/);
    expect(await statusOf(propertyId)).toBe("offer_sent");

    const [piece] = await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
    expect(piece).toMatchObject({
      trackingId,
      recipientName: "Maria Lopez",
      recipientAddress: "77 W Elm St Apt 2, Tucson, AZ 85701",
      // The letter's own amount: Fair = 300,000 × 70 % − 30,000 repairs − 10,000 fee.
      offerAmount: 170000,
    });

    // The dev page lists it and serves its PDF.
    const page = await client.load<{ letters: { trackingId: string }[] }>(devMailPage, "/dev/mail");
    expect(page.letters.map((letter) => letter.trackingId)).toContain(trackingId);
    const pdf = await client.send(devMailPdf, "GET", `/dev/mail/${trackingId}.pdf`, { params: { trackingId } });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(await pdfText(await bytesOf(pdf))).toContain("$170,000");
  });

  it("mails a letter once, however often and however concurrently it is asked", async () => {
    const { client, propertyId, pdfUrl, userId } = await confirmed();
    const answers = await Promise.all([
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl)),
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl)),
    ]);
    const retry = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    // The twin finds the mailing claimed and mails nothing; the retry is told the letter was mailed, with its tracking id.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const mailed = answers.find((answer) => answer.status === 200)!;
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ success: false, trackingId: mailed.body.trackingId });
    expect(retry.body.message).toMatch(/^Already mailed/);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).toHaveLength(1);
  });

  it("refuses a letter that is not this property's, a bad recipient address, and a bad body, and the status stays", async () => {
    const { client, propertyId, pdfUrl } = await confirmed();
    const other = await client.call(createRoute, "POST", "/api/properties", { ...LEAD, address: "9 Other Rd" });
    const wrongProperty = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(other.body.id as string, pdfUrl));
    expect(wrongProperty.status).toBe(404);
    const sample = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, "/sample-letter-of-intent.pdf"));
    expect(sample.status).toBe(404);

    const stranger = await confirmed();
    const foreignLetter = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, stranger.pdfUrl));
    expect(foreignLetter.status).toBe(404);

    const badAddress = await client.call(
      mailRoute,
      "POST",
      "/api/properties/mail-offer",
      mailBody(propertyId, pdfUrl, { recipientAddress: "somewhere" }),
    );
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.errors).toHaveProperty("recipientAddress");
    const bad = await client.call(mailRoute, "POST", "/api/properties/mail-offer", { propertyId, offerAmount: 0 });
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(["offerAmount", "pdfUrl", "recipientAddress", "recipientName"]);
    expect(await statusOf(propertyId)).toBe("offer_produced");
  });
});

describe("mail-offer through Lob (fake)", () => {
  async function lobClient(fake: ReturnType<typeof createFakeLob>, timeout?: string) {
    return new ApiClient(
      testContext(
        {
          MAIL: "lob",
          LOB_API_KEY: "test_key",
          LOB_BASE_URL: "https://lob.fake.test",
          LOB_RETRY_DELAY_MS: "0",
          ...(timeout ? { LOB_TIMEOUT_MS: timeout } : {}),
        },
        {},
        { fetch: fake.fetch },
      ),
    );
  }

  it("sends the PDF, the addresses and an idempotency key from the property and the letter; a double click mails one piece", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, pdfUrl, documentId } = await confirmed({}, await lobClient(fake));
    const answers = await Promise.all([
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl)),
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const mailed = answers.find((answer) => answer.status === 200)!;
    expect(mailed.body).toMatchObject({
      provider: "lob",
      trackingId: fake.letters[0].id,
      status: "offer_sent",
      amount: 170000,
      expectedDeliveryDate: "2026-12-01",
    });
    expect(fake.letters).toHaveLength(1);
    const letter = fake.letters[0];
    expect(letter.idempotencyKey).toMatch(/^loi-[0-9a-f]{64}$/);
    expect(fake.requests.every((request) => request.idempotencyKey === letter.idempotencyKey)).toBe(true);
    expect(letter.fields).toMatchObject({
      "to[name]": "Maria Lopez",
      "to[address_line1]": "77 W Elm St",
      "to[address_line2]": "Apt 2",
      "to[address_city]": "Tucson",
      "to[address_state]": "AZ",
      "to[address_zip]": "85701",
      "from[name]": "Quinn Home Buyers LLC",
      "from[address_line1]": "1 Center St",
      "metadata[property_id]": propertyId,
    });
    expect(await pdfText(letter.fileBytes)).toContain("$170,000");
    expect(documentId).toBeTruthy();
  });

  it.each([
    [401, "Your API key is not valid."],
    [422, "to[address_zip] is invalid"],
    [429, "Rate limit exceeded"],
  ])("answers 'Send Offer Failed' with Lob's message on HTTP %i and leaves the status at offer_produced", async (status, message) => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, pdfUrl } = await confirmed({}, await lobClient(fake));
    fake.failWith(status, message);
    const answer = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      success: false,
      message: "Send Offer Failed: The offer could not be mailed.",
      error: `lob: HTTP ${status}: ${message}`,
    });
    expect(await statusOf(propertyId)).toBe("offer_produced");
    // A retry after the failure mails it, with the same key.
    fake.failWith(null);
    const retry = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(retry.status).toBe(200);
    expect(fake.letters).toHaveLength(1);
  });

  it("past its timeout, on a 5xx or unreachable, and after asking again with the same key: 'not confirmed', never 'failed'", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, pdfUrl } = await confirmed({}, await lobClient(fake, "50"));
    fake.hang(true);
    const slow = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(slow.status).toBe(504);
    expect(slow.body).toMatchObject({ success: false, message: `${MAILING_UNCONFIRMED.title}: ${MAILING_UNCONFIRMED.description}` });
    expect(slow.body.error).toBe(
      "lob: no confirmation after 3 tries with the same idempotency key (request failed (timed out after 50 ms))",
    );
    fake.hang(false);
    for (const down of [() => fake.unreachable(true), () => (fake.unreachable(false), fake.failWith(503, "Service unavailable"))]) {
      down();
      const answer = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
      expect(answer.status).toBe(504);
    }
    expect(new Set(fake.requests.map((request) => request.idempotencyKey)).size).toBe(1);
    expect(await statusOf(propertyId)).toBe("offer_produced");
    expect(fake.letters).toHaveLength(0);
  });

  it("send-offer refuses an owner's street over 50 characters with its second line in words (422, Lob not called)", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId } = await confirmed({}, await lobClient(fake));
    await db
      .update(properties)
      .set({ ownerMailingAddress: "12345 North Scottsdale Road Building C, Suite 1200 AB, Scottsdale, AZ 85254" })
      .where(eq(properties.id, propertyId));
    const answer = await client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      'The recipient\'s address cannot be mailed: the street and its second line are 51 characters together, more than the 50 a mailed letter takes (abbreviate, e.g. "St", "Ste", "Apt").',
    );
    expect(Object.keys(answer.body.errors as object)).toEqual(["ownerMailingAddress"]);
    expect(fake.requests).toHaveLength(0);
    expect(await statusOf(propertyId)).toBe("offer_produced");
  });

  it("refuses to mail without the company's return address: a 422 naming it, Lob never called, the status stays", async () => {
    const fake = createFakeLob("test_key");
    const { client } = await registerClient("offers-noaddr", {}, await lobClient(fake));
    const created = await client.call(createRoute, "POST", "/api/properties", LEAD);
    const propertyId = created.body.id as string;
    const letter = await client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId));
    const answer = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, letter.body.pdfUrl as string));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ success: false, message: expect.stringMatching(/^The letter has no return address/) });
    expect((answer.body.errors as Record<string, string[]>).returnAddress[0]).toMatch(/add your company's address to your profile/);
    expect(fake.requests).toHaveLength(0);
    expect(await statusOf(propertyId)).toBe("offer_produced");
  });

  it("answers 422 naming the field when the Lob client refuses an address before calling, not 502", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, pdfUrl, userId } = await confirmed({}, await lobClient(fake));
    // A street saved before the profile form knew Lob's 64 characters.
    const street = "12345 North Scottsdale Road, Building C, Suite 1200, Attention Acquisitions";
    await db.update(companyProfiles).set({ addressStreet1: street }).where(eq(companyProfiles.userId, userId));
    const answer = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      "The return address cannot be mailed: an address line is longer than 64 characters. Correct your company's address in your profile.",
    );
    expect(Object.keys(answer.body.errors as object)).toEqual(["returnAddress"]);
    expect(fake.requests).toHaveLength(0);
    expect(await statusOf(propertyId)).toBe("offer_produced");
  });

  it("send-offer names its own field: an owner name on record too long for Lob's two lines is a 422 on ownerName", async () => {
    const fake = createFakeLob("test_key");
    const estate = "The Estate of Margaret Wilkinson-Hargreaves, deceased, by her personal representative";
    const { client, propertyId } = await confirmed({ ownerName: estate }, await lobClient(fake));
    const answer = await client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("The recipient's name cannot be mailed: the name is longer than two lines of 40 characters.");
    expect(Object.keys(answer.body.errors as object)).toEqual(["ownerName"]);
    expect(fake.requests).toHaveLength(0);
  });
});
