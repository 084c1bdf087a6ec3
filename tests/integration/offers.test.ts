import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { documents, mailOutbox, properties } from "#db/schema.ts";
import { action as patchRoute } from "#app/routes/api.properties.$id.ts";
import { action as calculateRoute } from "#app/routes/api.properties.calculate-offer.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { action as sendRoute } from "#app/routes/api.properties.send-offer.ts";
import { action as createRoute, loader as listRoute } from "#app/routes/api.properties.ts";
import { loader as devMailPdf } from "#app/routes/dev.mail.$trackingId[.pdf].ts";
import { loader as devMailPage } from "#app/routes/dev.mail.tsx";
import { loader as downloadDocument } from "#app/routes/documents.$id.download.ts";
import { loader as viewDocument } from "#app/routes/documents.$id.view.ts";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { load as loadDocuments } from "#app/services/sections/documents.server.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { pdfText } from "./pdf-text.ts";

const db = createDb(env.DB);

const COMPANY_ADDRESS = {
  address_street1: "1 Center St",
  address_city: "Mesa",
  address_state: "AZ",
  address_postal_code: "85201",
};

const LEAD = {
  address: "4821 N 35th Ave",
  city: "Phoenix",
  state: "AZ",
  zipCode: "85019",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1450,
  ownerName: "Maria Lopez",
  ownerMailingAddress: "77 W Elm St, Apt 2, Tucson, AZ 85701",
  status: "analyzed",
  currentAgent: "deal_analyzer",
};

async function signedIn(client?: ApiClient) {
  const registered = await registerClient("offers", COMPANY_ADDRESS, client);
  return registered;
}

async function withProperty(fields: Record<string, unknown> = {}, client?: ApiClient) {
  const user = await signedIn(client);
  const created = await user.client.call(createRoute, "POST", "/api/properties", { ...LEAD, ...fields });
  expect(created.status).toBe(201);
  return { ...user, propertyId: created.body.id as string };
}

async function statusOf(propertyId: string) {
  const row = await db.select({ status: properties.status }).from(properties).where(eq(properties.id, propertyId)).get();
  return row?.status;
}

function confirmBody(propertyId: string, fields: Record<string, unknown> = {}) {
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

async function bytesOf(response: Response) {
  return new Uint8Array(await response.arrayBuffer());
}

const ROUTES: [string, Handler, Record<string, unknown>][] = [
  ["calculate-offer", calculateRoute, { arv: 300000 }],
  ["confirm-offer", confirmRoute, { offerType: "Fair", arv: 300000 }],
  ["mail-offer", mailRoute, { offerAmount: 1, pdfUrl: "/x", recipientName: "A", recipientAddress: "1 A St, Mesa, AZ 85201" }],
  ["send-offer", sendRoute, {}],
];

describe("offer calls: who may call them", () => {
  it.each(ROUTES)(
    "%s answers 401 with the §6 message when signed out, and 404 for another user's property with nothing changed",
    async (name, route, body) => {
      const { propertyId } = await withProperty({ maxOffer: 150000 });
      const anonymous = new ApiClient();
      const signedOut = await anonymous.call(route, "POST", `/api/properties/${name}`, { propertyId, ...body });
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toMatchObject({ success: false, message: "Authentication required. Please log in again." });

      const stranger = await signedIn();
      const foreign = await stranger.client.call(route, "POST", `/api/properties/${name}`, { propertyId, ...body });
      expect(foreign.status).toBe(404);
      expect(foreign.body.success).toBe(false);
      expect(await statusOf(propertyId)).toBe("analyzed");
      expect(await db.select().from(documents).where(eq(documents.propertyId, propertyId))).toHaveLength(0);
      expect(await db.select().from(mailOutbox).where(eq(mailOutbox.propertyId, propertyId))).toHaveLength(0);
    },
  );

  it("refuses other methods with 405", async () => {
    const { client } = await signedIn();
    const answer = await client.call(calculateRoute, "GET", "/api/properties/calculate-offer");
    expect(answer.status).toBe(405);
  });
});

describe("POST /api/properties/calculate-offer", () => {
  it("answers Aggressive 60 %, Fair 70 % and Likely 80 % of the ARV and the 70% rule line with its default repairs and fee", async () => {
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
      { type: "Aggressive", percentage: 60, offer: 180000 },
      { type: "Fair", percentage: 70, offer: 210000 },
      { type: "Likely", percentage: 80, offer: 240000 },
    ]);
    expect(options.every((option) => option.rationale.length > 0)).toBe(true);
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

describe("POST /api/properties/confirm-offer", () => {
  it("renders the Letter of Intent, stores it for its owner only, lists it in Documents and moves the property to offer_produced", async () => {
    const { client, propertyId, email } = await withProperty();
    const answer = await client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { offerAmount: 210000, offerType: "Fair", status: "offer_produced" } });
    const pdfUrl = answer.body.pdfUrl as string;
    const data = answer.body.data as { fileName: string; documentId: string; downloadUrl: string };
    expect(pdfUrl).toBe(`/documents/${data.documentId}/view`);
    expect(data.fileName).toMatch(/^Letter-of-Intent-4821-N-35th-Ave-Phoenix-AZ-\d{8}-\d{6}\.pdf$/);

    const stored = await db.select().from(properties).where(eq(properties.id, propertyId)).get();
    expect(stored).toMatchObject({ status: "offer_produced", maxOffer: 210000, arv: 300000, offerPdfFilename: data.fileName });

    // The owner gets the PDF; its text holds the address, the amount, the owner and the letterhead.
    const view = await client.send(viewDocument, "GET", pdfUrl, { params: { id: data.documentId } });
    expect(view.status).toBe(200);
    expect(view.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = await bytesOf(view);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("4821 N 35th Ave");
    expect(text).toContain("$210,000");
    expect(text).toContain("Maria Lopez");
    expect(text).toContain("77 W Elm St, Apt 2, Tucson, AZ 85701");
    expect(text).toContain("Quinn Home Buyers LLC");
    expect(text).toContain("1 Center St, Mesa, AZ 85201");
    expect(text).toContain(email);
    expect(text).toMatch(/Buyer: Quinn Home Buyers LLC, by Pat Quinn/);
    expect(text).toContain("Seller: Maria Lopez");

    const download = await client.send(downloadDocument, "GET", data.downloadUrl, { params: { id: data.documentId } });
    expect(download.headers.get("Content-Disposition")).toContain(`attachment; filename="${data.fileName}"`);

    // Anyone else: 404.
    const stranger = await signedIn();
    const foreign = await stranger.client.send(viewDocument, "GET", pdfUrl, { params: { id: data.documentId } });
    expect(foreign.status).toBe(404);

    // Documents, category letters of intent.
    const session = await getSession(client.request("GET", "/"), client.context);
    const section = await loadDocuments(
      client.requestContext(),
      session!,
      new URL("http://127.0.0.1/?section=documents&type=letter_of_intent"),
    );
    expect((section as { documents: { name: string; typeLabel: string }[] }).documents).toEqual([
      expect.objectContaining({ name: data.fileName, typeLabel: "Letter of Intent" }),
    ]);
  });

  it("takes a custom amount, rounded; refuses one that is not a positive number with 'Invalid Offer Amount' and no choice with 'No Offer Selected'", async () => {
    const { client, propertyId } = await withProperty();
    const custom = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: "custom", customOffer: "187500.6" }),
    );
    expect(custom.status).toBe(200);
    expect((custom.body.data as { offerAmount: number }).offerAmount).toBe(187501);

    for (const customOffer of ["", "0", "-5", "abc", null]) {
      const answer = await client.call(
        confirmRoute,
        "POST",
        "/api/properties/confirm-offer",
        confirmBody(propertyId, { offerType: "custom", customOffer }),
      );
      expect(answer.status).toBe(400);
      expect((answer.body.errors as Record<string, string[]>).customOffer).toEqual([
        "Invalid Offer Amount: Please enter a valid offer amount.",
      ]);
    }
    const none = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: undefined }),
    );
    expect((none.body.errors as Record<string, string[]>).offerType).toEqual([
      "No Offer Selected: Please select an offer option or enter a custom amount.",
    ]);
    const noArv = await client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId, { arv: 0 }));
    expect(noArv.status).toBe(400);
    expect((noArv.body.errors as Record<string, string[]>).arv[0]).toMatch(/^ARV Required/);
    // Only the one good letter was written.
    expect(await db.select().from(documents).where(eq(documents.propertyId, propertyId))).toHaveLength(1);
  });

  it("keeps a status the CRM moved on (under contract) while recording the letter", async () => {
    const { client, propertyId } = await withProperty({ status: "under_contract" });
    const answer = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: "Likely" }),
    );
    expect(answer.body.data).toMatchObject({ offerAmount: 240000, status: "under_contract" });
  });
});

async function confirmed(fields: Record<string, unknown> = {}, client?: ApiClient) {
  const user = await withProperty(fields, client);
  const answer = await user.client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(user.propertyId));
  expect(answer.status).toBe(200);
  return { ...user, pdfUrl: answer.body.pdfUrl as string, documentId: (answer.body.data as { documentId: string }).documentId };
}

function mailBody(propertyId: string, pdfUrl: string, fields: Record<string, unknown> = {}) {
  return { propertyId, offerAmount: 210000, pdfUrl, recipientName: "Maria Lopez", recipientAddress: LEAD.ownerMailingAddress, ...fields };
}

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
      offerAmount: 210000,
    });

    // The dev page lists it and serves its PDF.
    const page = await client.load<{ letters: { trackingId: string }[] }>(devMailPage, "/dev/mail");
    expect(page.letters.map((letter) => letter.trackingId)).toContain(trackingId);
    const pdf = await client.send(devMailPdf, "GET", `/dev/mail/${trackingId}.pdf`, { params: { trackingId } });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(await pdfText(await bytesOf(pdf))).toContain("$210,000");
  });

  it("mails a letter once, however often and however concurrently it is asked", async () => {
    const { client, propertyId, pdfUrl, userId } = await confirmed();
    const answers = await Promise.all([
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl)),
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl)),
    ]);
    const retry = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const ids = new Set([...answers, retry].map((answer) => answer.body.trackingId));
    expect(ids.size).toBe(1);
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
        { MAIL: "lob", LOB_API_KEY: "test_key", LOB_BASE_URL: "https://lob.fake.test", ...(timeout ? { LOB_TIMEOUT_MS: timeout } : {}) },
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
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0].body).toMatchObject({
      provider: "lob",
      trackingId: fake.letters[0].id,
      status: "offer_sent",
      expectedDeliveryDate: "2026-12-01",
    });
    expect(answers[1].body.trackingId).toBe(answers[0].body.trackingId);
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
    expect(await pdfText(letter.fileBytes)).toContain("$210,000");
    expect(documentId).toBeTruthy();
  });

  it.each([
    [401, "Your API key is not valid."],
    [422, "to[address_zip] is invalid"],
    [429, "Rate limit exceeded"],
    [500, "Internal error"],
    [503, "Service unavailable"],
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

  it("gives up after its timeout, and when Lob is unreachable", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, pdfUrl } = await confirmed({}, await lobClient(fake, "50"));
    fake.hang(true);
    const slow = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(slow.status).toBe(502);
    expect(slow.body.error).toBe("lob: request failed (timed out after 50 ms)");
    fake.hang(false);
    fake.unreachable(true);
    const down = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(down.body.error).toBe("lob: request failed (unreachable)");
    expect(await statusOf(propertyId)).toBe("offer_produced");
    expect(fake.letters).toHaveLength(0);
  });

  it("refuses to mail without the company's return address", async () => {
    const fake = createFakeLob("test_key");
    const { client } = await registerClient("offers-noaddr", {}, await lobClient(fake));
    const created = await client.call(createRoute, "POST", "/api/properties", LEAD);
    const propertyId = created.body.id as string;
    const letter = await client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId));
    const answer = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, letter.body.pdfUrl as string));
    expect(answer.status).toBe(502);
    expect(answer.body.error).toMatch(/return address/);
    expect(fake.requests).toHaveLength(0);
  });
});

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

  it("answers 'Send Offer Failed' when the mail provider fails, and the status stays", async () => {
    const fake = createFakeLob("test_key");
    const client = new ApiClient(
      testContext({ MAIL: "lob", LOB_API_KEY: "test_key", LOB_BASE_URL: "https://lob.fake.test" }, {}, { fetch: fake.fetch }),
    );
    const { propertyId } = await confirmed({}, client);
    fake.failWith(500, "Internal error");
    const answer = await client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId });
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe("Send Offer Failed: The offer could not be mailed.");
    expect(await statusOf(propertyId)).toBe("offer_produced");
  });
});

describe("GET /api/properties: Property (CRM) items", () => {
  it("lists every §3 field, the owner's phones with DNC flags, and what a PATCH of analysisArv, maxOffer or status changed", async () => {
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
