import { describe, expect, it } from "vitest";

import { AUTH_REQUIRED } from "#app/domain/accounts/auth-messages.ts";
import { buyerLeadOf } from "#app/domain/chat/buyer-lead-cards.ts";
import {
  ADD_TO_CRM_FAILED,
  addToCrmFailure,
  BUYER_EXTRACT_FAILED,
  BUYER_INCOMPLETE,
  buyerCardContent,
  crmKey,
  fitsInMessage,
  messageText,
  nextSellerCard,
  parseChatContent,
  sellerCardContent,
  sellerQueueOf,
  textContent,
  toChatMessage,
  type ChatMessage,
} from "#app/domain/chat/messages.ts";
import { alreadyPosted, cardPause, parseChatPending } from "#app/domain/chat/pending.ts";
import { contactHref, propertyCardToProperty } from "#app/domain/chat/property-cards.ts";
import { ALREADY_IN_CRM } from "#app/domain/leads/labels.ts";
import type { CashBuyerItem, LeadQueueItem } from "#app/domain/leads/search-options.ts";

function aLead(id: string, fields: Partial<LeadQueueItem> = {}): LeadQueueItem {
  return {
    id,
    addressLine: `${id} Main St`,
    city: "Phoenix",
    state: "AZ",
    zip: "85004",
    apn: null,
    ownerName: "Maria Lopez",
    estimatedValue: 350000,
    equityPct: 62,
    propertyType: "single_family",
    lat: 33.45,
    lon: -112.07,
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1500,
    yearBuilt: 1990,
    lastSalePrice: 180000,
    lastSaleDate: "2012-04-02",
    equityBalance: 217000,
    maxOffer: 245000,
    confidenceScore: 80,
    flags: ["high_equity"],
    raw: {
      ownerPhoneNumbers: [{ number: "(602) 555-0101", type: "mobile", dnc: false }],
      ownerPhone: "(602) 555-0101",
      ownerEmails: ["maria@example.com"],
      ownerEmail: "maria@example.com",
      ownerMailingAddress: "1 Elm St, Phoenix, AZ 85004",
      ownerDncPhone: null,
      ownerMobilePhone: "(602) 555-0101",
      ownerLandLine: null,
      vendor: "local",
      vendorRecord: { big: "x".repeat(8000) },
    },
    ...fields,
  };
}

function aBuyer(name: string, fields: Partial<CashBuyerItem> = {}): CashBuyerItem {
  return {
    id: `owner-${name}`,
    buyerType: "cash_buyers",
    address: { street: "9 Oak Ave", city: "Atlanta", state: "GA", zip: "30303", latitude: null, longitude: null },
    owner: {
      fullName: name,
      phoneNumbers: [
        { number: "(404) 555-0100", type: "mobile", dnc: false },
        { number: "(404) 555-0199", type: "landline", dnc: true },
      ],
      emails: ["deals@example.com"],
      mailingAddress: { street: "100 Peachtree St", city: "Atlanta", state: "GA", zip: "30303" },
      ownerType: "Individual",
    },
    valuation: { estimatedValue: 250000, equityBalance: 250000, equityPercent: 100 },
    building: { propertyType: "single_family", bedroomCount: 3, bathroomCount: 2.5, livingAreaSquareFeet: 1420.4, yearBuilt: 1975 },
    sale: { lastSaleDate: "2024-05-01T00:00:00Z", lastSalePrice: 180000, lastSaleCash: true },
    propertyOwnerProfile: {
      propertiesCount: 7,
      propertiesTotalEstimatedValue: 1_900_000,
      propertiesTotalEquity: -5000,
      mortgagesTotalBalance: 0,
      totalPurchasePrice: 1_200_000,
      averagePurchasePrice: 171428.57,
      cashPurchaseCount: 7,
      flipCount: 0,
      lastPurchaseDate: "2024-05-01",
    },
    ...fields,
  };
}

const message = (id: string, content: string): ChatMessage =>
  toChatMessage({ id, role: "assistant", content, isAiGenerated: false, createdAt: "2026-01-01T00:00:00Z" });

describe("message contents → what the chat shows", () => {
  it("plain text stays text, whatever it looks like", () => {
    for (const content of ["Hello", "{not json}", '{"note": "no address"}', "[1, 2]", '{"type":"seller-lead","lead":{"id":1}}']) {
      expect(parseChatContent(content)).toEqual({ kind: "text", text: content, offer: null });
    }
  });

  it("a seller-lead card round-trips without the vendor's record, and fits in one message", () => {
    const content = sellerCardContent(aLead("a"), { requestId: "r1", location: "Phoenix, AZ", index: 0, total: 5 });
    expect(fitsInMessage(content)).toBe(true);
    const body = parseChatContent(content);
    expect(body).toMatchObject({ kind: "seller-lead", search: { requestId: "r1", location: "Phoenix, AZ", index: 0, total: 5 } });
    if (body.kind !== "seller-lead") throw new Error("not a seller card");
    expect(body.lead).toEqual({ ...aLead("a"), raw: { ...aLead("a").raw, vendorRecord: null } });
  });

  it("a buyer card round-trips with its market", () => {
    expect(parseChatContent(buyerCardContent(aBuyer("Vince Cole"), "Atlanta, GA"))).toEqual({
      kind: "cash-buyer",
      buyer: aBuyer("Vince Cole"),
      market: "Atlanta, GA",
    });
  });

  it("any other JSON with an address is a property card, read under its common spellings", () => {
    const body = parseChatContent(
      JSON.stringify({
        address: "12 Pine Rd",
        city: "Mesa",
        state: "AZ",
        zip: "85201",
        price: "$210,000",
        beds: 3,
        baths: 2,
        buyerName: "Kim",
        email: "kim@example.com",
      }),
    );
    expect(body).toMatchObject({
      kind: "property",
      property: {
        address: "12 Pine Rd",
        zipCode: "85201",
        price: 210000,
        bedrooms: 3,
        bathrooms: 2,
        contactName: "Kim",
        email: "kim@example.com",
      },
    });
  });

  it("assistant text can carry a wizard offer with its answers", () => {
    const content = textContent("Open the wizard", { wizard: "seller", answers: { cityOrZip: "85004" } });
    expect(parseChatContent(content)).toMatchObject({
      kind: "text",
      text: "Open the wizard",
      offer: { wizard: "seller", answers: { cityOrZip: "85004" } },
    });
    expect(textContent("Just text")).toBe("Just text");
  });
});

describe("messageText: a message as the Messages section shows it", () => {
  it("gives a card's subject instead of its JSON, and text as written", () => {
    const lead = aLead("12", { addressLine: "12 Main St", city: "Phoenix", state: "AZ", zip: "85004" });
    const search = { requestId: "r1", location: "Phoenix, AZ", index: 0, total: 5 };
    expect(messageText(sellerCardContent(lead, search))).toBe("Seller lead: 12 Main St, Phoenix, AZ 85004");
    expect(messageText(buyerCardContent(aBuyer("Vince Cole"), "Atlanta, GA"))).toBe("Cash buyer: Vince Cole");
    expect(messageText(JSON.stringify({ address: "9 Elm St", city: "Mesa", state: "AZ", price: 200000 }))).toBe(
      "Property: 9 Elm St, Mesa, AZ",
    );
    expect(messageText(textContent("Find 5 sellers"))).toBe("Find 5 sellers");
    expect(messageText("{ not json")).toBe("{ not json");
  });
});

describe("seller cards: Let's Work It's queue and Skip This One", () => {
  const search = (requestId: string, index: number, total: number) => ({ requestId, location: "Phoenix, AZ", index, total });
  const messages = [
    message("t1", "Found 3 seller leads"),
    message("a", sellerCardContent(aLead("1"), search("r1", 0, 3))),
    message("b", sellerCardContent(aLead("2"), search("r1", 1, 3))),
    message("other", sellerCardContent(aLead("9"), search("r2", 0, 1))),
    message("c", sellerCardContent(aLead("3"), search("r1", 2, 3))),
  ];

  it("the queue is the card's search, in order, positioned on the card", () => {
    expect(sellerQueueOf(messages, "b")).toEqual({
      leads: [aLead("1"), aLead("2"), aLead("3")].map((lead) => ({ ...lead, raw: { ...lead.raw, vendorRecord: null } })),
      index: 1,
      requestId: "r1",
      location: "Phoenix, AZ",
    });
    expect(sellerQueueOf(messages, "t1")).toBeNull();
  });

  it("the next card of the same search, and 'Showing lead X of Y'; none after the last", () => {
    expect(nextSellerCard(messages, "a")).toEqual({ id: "b", position: 2, total: 3 });
    expect(nextSellerCard(messages, "b")).toEqual({ id: "c", position: 3, total: 3 });
    expect(nextSellerCard(messages, "c")).toBeNull();
    expect(nextSellerCard(messages, "other")).toBeNull();
  });
});

describe("buyer cards → Save to Buyer Breeze", () => {
  it("names the buyer, market and type, with Corporate or Individual from the name and the portfolio", () => {
    const saved = buyerLeadOf(aBuyer("Vince Cole"), "Atlanta, GA");
    expect(saved).toEqual({
      ok: true,
      value: {
        buyerName: "Vince Cole",
        buyerType: "cash_buyers",
        ownerType: "Individual",
        market: "Atlanta, GA",
        totalProperties: 7,
        portfolioValue: 1_900_000,
        avgPurchasePrice: 171428.57,
        totalPurchasePrice: 1_200_000,
        totalEquity: 0,
        totalMortgageBalance: 0,
        phoneNumbers: ["(404) 555-0100"],
        emailAddresses: ["deals@example.com"],
        mailingAddress: "100 Peachtree St, Atlanta, GA 30303",
        lastPropertyAddress: "9 Oak Ave, Atlanta, GA 30303",
        lastPropertyPurchaseDate: "2024-05-01",
        lastPropertyPurchasePrice: 180000,
        lastPropertyBedrooms: 3,
        lastPropertyBathrooms: 2.5,
        lastPropertySquareFeet: 1420,
        sourceBuyerId: "owner-Vince Cole",
      },
    });
    for (const name of ["Peach State Homes LLC", "Acme Inc.", "Stone Corp"]) {
      expect(buyerLeadOf(aBuyer(name), "Atlanta, GA")).toMatchObject({ ok: true, value: { ownerType: "Corporate" } });
    }
    expect(buyerLeadOf(aBuyer("Incline Homes"), "")).toMatchObject({ ok: true, value: { ownerType: "Individual", market: "Atlanta, GA" } });
  });

  it("says 'Could not extract buyer information' for no buyer and 'Missing required buyer information' for no name", () => {
    expect(buyerLeadOf(null, "Atlanta, GA")).toEqual({ ok: false, message: BUYER_EXTRACT_FAILED });
    expect(buyerLeadOf({ owner: {} }, "Atlanta, GA")).toEqual({ ok: false, message: BUYER_EXTRACT_FAILED });
    expect(buyerLeadOf(aBuyer("  "), "Atlanta, GA")).toEqual({ ok: false, message: BUYER_INCOMPLETE });
    expect(buyerLeadOf({ ...aBuyer("Vince Cole"), buyerType: "landlord" }, "Atlanta, GA")).toEqual({
      ok: false,
      message: BUYER_INCOMPLETE,
    });
  });
});

describe("Add to CRM's messages and property cards", () => {
  it("409 is 'Already in CRM', 401 asks to log in, else the server's message, else the fallback", () => {
    expect(addToCrmFailure(409, { message: "Already in CRM" })).toBe(ALREADY_IN_CRM);
    expect(addToCrmFailure(401, { message: "whatever" })).toBe(AUTH_REQUIRED);
    expect(addToCrmFailure(400, { message: "Validation error: ZIP code is required" })).toBe("Validation error: ZIP code is required");
    expect(addToCrmFailure(500, null)).toBe(ADD_TO_CRM_FAILED);
    expect(addToCrmFailure(0, "<html>")).toBe(ADD_TO_CRM_FAILED);
  });

  it("the same address, city and state is one property, however typed", () => {
    expect(crmKey({ address: " 12  Pine Rd", city: "MESA", state: "az" })).toBe(
      crmKey({ address: "12 pine rd", city: "Mesa", state: "AZ" }),
    );
  });

  it("a property card becomes a new CRM property, and Contact Buyer writes to its email or calls its phone", () => {
    const body = parseChatContent(
      JSON.stringify({ address: "12 Pine Rd", city: "Mesa", state: "AZ", zipCode: "85201", arv: 301234.5, phone: "(480) 555-0100" }),
    );
    if (body.kind !== "property") throw new Error("not a property card");
    expect(propertyCardToProperty(body.property)).toMatchObject({
      address: "12 Pine Rd",
      zipCode: "85201",
      arv: "301235",
      status: "new",
      ownerPhone: "(480) 555-0100",
    });
    expect(contactHref(body.property)).toBe("tel:4805550100");
    expect(contactHref({ ...body.property, email: "kim@example.com" })).toBe("mailto:kim@example.com");
    expect(contactHref({ ...body.property, phone: null })).toBeNull();
  });
});

describe("results held until posted", () => {
  it("reads back what was stored and refuses anything else", () => {
    const pending = {
      kind: "buyer",
      conversationId: null,
      title: "Cash Buyers: Atlanta, GA",
      agent: "lead-finder",
      items: [{ content: "x", role: "assistant", isAiGenerated: false }],
    };
    expect(parseChatPending(JSON.stringify(pending))).toEqual(pending);
    expect(parseChatPending(JSON.stringify({ ...pending, items: [{ content: 1 }] }))).toBeNull();
    expect(parseChatPending("nope")).toBeNull();
    expect(parseChatPending(null)).toBeNull();
  });

  it("pauses 300–400 ms between cards", () => {
    expect(cardPause(0)).toBe(300);
    expect(cardPause(0.5)).toBe(350);
    expect(cardPause(0.999)).toBeLessThanOrEqual(400);
  });
});

describe("resuming what an earlier page left", () => {
  it("drops the pending items the conversation already ends with, and nothing else", () => {
    expect(alreadyPosted(["hi", "ask", "intro", "card1"], ["ask", "intro", "card1", "card2"])).toBe(3);
    expect(alreadyPosted(["hi", "ask"], ["ask", "intro"])).toBe(1);
    expect(alreadyPosted(["card1", "other"], ["card1", "card2"])).toBe(0);
    expect(alreadyPosted([], ["card1"])).toBe(0);
  });
});
