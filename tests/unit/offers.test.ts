import { describe, expect, it } from "vitest";

import { letterOfIntentText, letterPlainText } from "#app/domain/offers/letter-of-intent.ts";
import {
  chosenOfferAmount,
  customOfferAmount,
  customOfferDigits,
  defaultRepairs,
  maxOfferRule,
  offerPdfFileName,
  parseMailingAddress,
  propertyAddressLine,
  statusAfterLetter,
  statusAfterMail,
} from "#app/domain/offers/offer-rules.ts";
import { offerOptions } from "#app/domain/offers/options.ts";

describe("the 70% rule", () => {
  it("is ARV × 70% − repairs − assignment fee, with repairs defaulting to 10% of the ARV (nearest $500) and the fee to $10,000", () => {
    expect(maxOfferRule(300_000)).toEqual({ arv: 300_000, percentage: 70, repairs: 30_000, assignmentFee: 10_000, maxOffer: 170_000 });
    expect(defaultRepairs(287_340)).toBe(28_500);
    expect(maxOfferRule(250_000, 40_000, 7_500).maxOffer).toBe(127_500);
  });

  it("rounds to whole dollars and never goes below 0", () => {
    expect(maxOfferRule(100_001, 0, 0).maxOffer).toBe(70_001);
    expect(maxOfferRule(50_000, 60_000, 10_000).maxOffer).toBe(0);
  });
});

describe("custom offer amounts", () => {
  it("keeps only the digits typed", () => {
    expect(customOfferDigits("$185,000.50")).toBe("18500050");
    expect(customOfferDigits("abc")).toBe("");
  });

  it("rounds the amount and accepts only positive numbers", () => {
    expect(customOfferAmount("185000")).toBe(185_000);
    expect(customOfferAmount(185_000.5)).toBe(185_001);
    expect(customOfferAmount("0")).toBeNull();
    expect(customOfferAmount("")).toBeNull();
    expect(customOfferAmount("12a")).toBeNull();
    expect(customOfferAmount(-3)).toBeNull();
    expect(customOfferAmount(0.4)).toBeNull();
    expect(customOfferAmount(null)).toBeNull();
  });

  it("says 'No Offer Selected', 'Invalid Offer Amount' or 'ARV Required' in the spec's words", () => {
    const options = offerOptions(300_000);
    expect(chosenOfferAmount({ offerType: null, arv: 300_000, options })).toEqual({
      ok: false,
      message: { title: "No Offer Selected", description: "Please select an offer option or enter a custom amount." },
    });
    expect(chosenOfferAmount({ offerType: "custom", customOffer: "", arv: 300_000, options })).toEqual({
      ok: false,
      message: { title: "Invalid Offer Amount", description: "Please enter a valid offer amount." },
    });
    expect(chosenOfferAmount({ offerType: "Fair", arv: 0, options: offerOptions(0) })).toMatchObject({
      ok: false,
      message: { title: "ARV Required" },
    });
    // Likely: 80 % of $300,000 less the default $30,000 repairs and $10,000 fee.
    expect(chosenOfferAmount({ offerType: "Likely", arv: 300_000, options })).toEqual({ ok: true, amount: 200_000, offerType: "Likely" });
    expect(chosenOfferAmount({ offerType: "custom", customOffer: "199999", arv: 300_000, options })).toEqual({
      ok: true,
      amount: 199_999,
      offerType: "custom",
    });
  });
});

describe("the workbench status flow", () => {
  it("moves new and analyzed to offer_produced with a letter and to offer_sent when mailed, and keeps the CRM's later statuses", () => {
    expect(statusAfterLetter("analyzed")).toBe("offer_produced");
    expect(statusAfterLetter("new")).toBe("offer_produced");
    expect(statusAfterLetter("offer_sent")).toBe("offer_produced");
    expect(statusAfterMail("offer_produced")).toBe("offer_sent");
    expect(statusAfterLetter("under_contract")).toBe("under_contract");
    expect(statusAfterMail("closed")).toBe("closed");
  });
});

describe("the letter's file name", () => {
  it("is made of the address and a UTC timestamp, letters, digits and dashes only, and ends in .pdf", () => {
    const at = new Date("2026-11-23T15:45:01.123Z");
    expect(offerPdfFileName({ address: "4821 N 35th Ave #2", city: "Phoenix", state: "AZ" }, at)).toBe(
      "Letter-of-Intent-4821-N-35th-Ave-2-Phoenix-AZ-20261123-154501.pdf",
    );
    expect(offerPdfFileName({ address: "Ω" }, at)).toBe("Letter-of-Intent-property-20261123-154501.pdf");
    expect(offerPdfFileName({ address: "x".repeat(300) }, at).length).toBeLessThanOrEqual(140);
  });
});

describe("mailing addresses", () => {
  it("reads street (and a second line), city, state and ZIP from one line", () => {
    expect(parseMailingAddress("77 W Elm St, Apt 2, Tucson, az 85701")).toEqual({
      line1: "77 W Elm St",
      line2: "Apt 2",
      city: "Tucson",
      state: "AZ",
      zip: "85701",
    });
    expect(parseMailingAddress("1 Main St, Mesa, AZ 85201-1234")).toEqual({
      line1: "1 Main St",
      city: "Mesa",
      state: "AZ",
      zip: "85201-1234",
    });
    expect(parseMailingAddress("somewhere")).toBeNull();
    expect(parseMailingAddress("1 Main St, Mesa 85201")).toBeNull();
    expect(propertyAddressLine({ address: "1 Main St", city: "Mesa", state: "AZ", zip: "85201" })).toBe("1 Main St, Mesa, AZ 85201");
  });
});

describe("the Letter of Intent's wording", () => {
  it("names the company, the owner, the property, the amount, the terms and the two signers", () => {
    const text = letterOfIntentText({
      date: new Date("2026-11-23T12:00:00Z"),
      amount: 210_000,
      property: { address: "4821 N 35th Ave", city: "Phoenix", state: "AZ", zip: "85019", bedrooms: 3, bathrooms: 2, squareFeet: 1450 },
      owner: { name: "Maria Lopez", mailingAddress: null },
      company: {
        companyName: "Quinn Home Buyers LLC",
        signerName: "Pat Quinn",
        title: "Owner",
        email: "pat@example.com",
        phone: "(602) 555-0123",
        address: null,
      },
    });
    expect(text.date).toBe("November 23, 2026");
    expect(text.recipient).toEqual(["Maria Lopez", "4821 N 35th Ave", "Phoenix, AZ 85019"]);
    expect(text.terms[0]).toEqual({ heading: "Purchase price", body: "$210,000, paid in cash or certified funds at closing." });
    // The buyer may assign the contract: "<company> and/or assigns".
    expect(text.paragraphs[1]).toMatch(/^Quinn Home Buyers LLC and\/or assigns \("Buyer"\) would like to buy your property/);
    expect(text.signOff.signatures).toEqual([
      { role: "Buyer", name: "Quinn Home Buyers LLC and/or assigns, by Pat Quinn, Owner" },
      { role: "Seller", name: "Maria Lopez" },
    ]);
    const plain = letterPlainText(text);
    expect(plain).toContain("(3 bedrooms, 2 bathrooms, 1,450 sq ft)");
    // The contact: phone and email each on a letterhead line, and in words in the closing (no stray separator).
    expect(text.letterhead.lines).toEqual(["Phone (602) 555-0123", "pat@example.com"]);
    expect(plain).toContain("contact Pat Quinn at (602) 555-0123 or pat@example.com.");
    expect(plain).not.toContain("·");
  });
});
