// Offers: confirm-offer (the Letter of Intent).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { documents, properties } from "#db/schema.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { loader as downloadDocument } from "#app/routes/documents.$id.download.ts";
import { loader as viewDocument } from "#app/routes/documents.$id.view.ts";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { load as loadDocuments } from "#app/services/documents/documents-section.server.ts";

import { signedIn } from "./api-client.ts";
import { bytesOf, COMPANY_ADDRESS, confirmBody, db, withProperty } from "./offers-setup.ts";
import { pdfText } from "./pdf-text.ts";

describe("POST /api/properties/confirm-offer", () => {
  it("renders the Letter of Intent, stores it for its owner only, lists it in Documents and moves the property to offer_produced", async () => {
    const { client, propertyId, email } = await withProperty();
    const answer = await client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { offerAmount: 170000, offerType: "Fair", status: "offer_produced" } });
    const pdfUrl = answer.body.pdfUrl as string;
    const data = answer.body.data as { fileName: string; documentId: string; downloadUrl: string };
    expect(pdfUrl).toBe(`/documents/${data.documentId}/view`);
    expect(data.fileName).toMatch(/^Letter-of-Intent-4821-N-35th-Ave-Phoenix-AZ-\d{8}-\d{6}\.pdf$/);

    const stored = await db.select().from(properties).where(eq(properties.id, propertyId)).get();
    expect(stored).toMatchObject({ status: "offer_produced", maxOffer: 170000, arv: 300000, offerPdfFilename: data.fileName });

    // The owner gets the PDF; its text holds the address, the amount, the owner and the letterhead.
    const view = await client.send(viewDocument, "GET", pdfUrl, { params: { id: data.documentId } });
    expect(view.status).toBe(200);
    expect(view.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = await bytesOf(view);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain("4821 N 35th Ave");
    expect(text).toContain("$170,000");
    expect(text).toContain("Maria Lopez");
    // The owner's address and the letterhead's, each line on its own (a window envelope's lines).
    expect(text).toContain("Maria Lopez\n77 W Elm St\nApt 2\nTucson, AZ 85701");
    expect(text).toContain("Quinn Home Buyers LLC\n1 Center St\nMesa, AZ 85201");
    expect(text).toContain(email);
    expect(text).toMatch(/Buyer: Quinn Home Buyers LLC and\/or assigns, by Pat Quinn/);
    expect(text).toContain("Seller: Maria Lopez");

    const download = await client.send(downloadDocument, "GET", data.downloadUrl, { params: { id: data.documentId } });
    expect(download.headers.get("Content-Disposition")).toContain(`attachment; filename="${data.fileName}"`);

    // Anyone else: 404.
    const stranger = await signedIn({ prefix: "offers", company: COMPANY_ADDRESS });
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
    expect(answer.body.data).toMatchObject({ offerAmount: 200000, status: "under_contract" });
  });
});
