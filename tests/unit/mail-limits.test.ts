// Lob's address limits (lob/lob-openapi: name 40, address_line1/2 64) checked where the user types the name and the
// address, with field errors, so a letter never reaches Lob with a field it would refuse.
import { describe, expect, it } from "vitest";

import { CompanyInfoSchema, CompanyStepSchema } from "#app/domain/accounts/auth-schemas.ts";
import { MailOfferSchema, SendOfferSchema } from "#app/domain/offers/offer-forms.ts";
import { MAIL_LIMIT_MESSAGES, mailAddressProblems, recipientStreetProblem } from "#app/domain/shared/postal-limits.ts";
import { returnNameLines } from "#app/providers/mail/lob.server.ts";

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

const TRUST = "The Margaret A. Wilkinson Revocable Living Trust"; // 48 characters
const LONG_STREET = "12345 North Scottsdale Road Building C Suite 1200 Attention Acquisitions"; // 72

describe("Lob's limits where the user types them", () => {
  const mail = { propertyId: "p1", offerAmount: 175000, pdfUrl: "/documents/x/view", recipientAddress: "9 Elm St, Mesa, AZ 85201" };

  it("Mail the Offer: a recipient name up to 40 characters, a street line up to 64", () => {
    expect(MailOfferSchema.safeParse({ ...mail, recipientName: "x".repeat(40) }).success).toBe(true);
    expect(fieldErrors(MailOfferSchema.safeParse({ ...mail, recipientName: TRUST }))).toEqual({
      recipientName: MAIL_LIMIT_MESSAGES.recipientName,
    });
    expect(
      fieldErrors(MailOfferSchema.safeParse({ ...mail, recipientName: "Pat", recipientAddress: `${LONG_STREET}, Mesa, AZ 85201` })),
    ).toEqual({
      recipientAddress: MAIL_LIMIT_MESSAGES.street,
    });
  });

  it("Mail the Offer and Send Offer: the recipient's street and its second line at most 50 characters together", () => {
    const at = (street: string) => `${street}, Scottsdale, AZ 85254`;
    const fifty = at("12345 North Scottsdale Road Building C, Suite 1200 A"); // 38 + 12
    const fiftyOne = at("12345 North Scottsdale Road Building C, Suite 1200 AB");
    expect(MailOfferSchema.safeParse({ ...mail, recipientName: "Pat", recipientAddress: fifty }).success).toBe(true);
    expect(fieldErrors(MailOfferSchema.safeParse({ ...mail, recipientName: "Pat", recipientAddress: fiftyOne }))).toEqual({
      recipientAddress: MAIL_LIMIT_MESSAGES.recipientStreet,
    });
    expect(fieldErrors(SendOfferSchema.safeParse({ propertyId: "p1", ownerMailingAddress: fiftyOne }))).toEqual({
      ownerMailingAddress: MAIL_LIMIT_MESSAGES.recipientStreet,
    });
    expect(recipientStreetProblem({ line1: "x".repeat(40), line2: "y".repeat(10) })).toBeNull();
    expect(recipientStreetProblem({ line1: "x".repeat(40), line2: "y".repeat(11) })).toMatch(
      /^the street and its second line are 51 characters/,
    );
  });

  it("Send Offer: the owner's name and mailing address the same way", () => {
    expect(fieldErrors(SendOfferSchema.safeParse({ propertyId: "p1", ownerName: TRUST }))).toEqual({
      ownerName: "Owner name must be at most 40 characters",
    });
    expect(fieldErrors(SendOfferSchema.safeParse({ propertyId: "p1", ownerMailingAddress: `${LONG_STREET}, Mesa, AZ 85201` }))).toEqual({
      ownerMailingAddress: MAIL_LIMIT_MESSAGES.street,
    });
  });

  it("the company profile and registration: the company name (the return address's name) up to 40, streets up to 64", () => {
    expect(fieldErrors(CompanyInfoSchema.safeParse({ companyName: "Sunbelt Residential Acquisitions Group LLC" }))).toEqual({
      companyName: "Company name must be at most 40 characters (it is the return address on mailed letters)",
    });
    expect(fieldErrors(CompanyInfoSchema.safeParse({ companyName: "Acme Homes", addressStreet1: LONG_STREET }))).toEqual({
      addressStreet1: MAIL_LIMIT_MESSAGES.street,
    });
    const step = CompanyStepSchema.safeParse({ company_name: TRUST, offer_contact_email: "a@b.co", offer_contact_phone: "4805550100" });
    expect(fieldErrors(step)).toMatchObject({ company_name: MAIL_LIMIT_MESSAGES.companyName });
  });

  it("names each field Lob would refuse in an address", () => {
    expect(mailAddressProblems({ name: "Pat", line1: "9 Elm St", city: "Mesa", state: "AZ", zip: "85201" })).toEqual([]);
    expect(mailAddressProblems({ name: TRUST, line1: LONG_STREET, city: "Mesa", state: "Arizona", zip: "8520" })).toEqual([
      "name is longer than 40 characters",
      "an address line is longer than 64 characters",
      "the state must be a 2-letter code",
      "the ZIP code must be 12345 or 12345-6789",
    ]);
  });
});

describe("a stored company name longer than Lob's 40 (profiles took 200 before), as the return address", () => {
  it("is split between Lob's name and company lines, and past two lines cut at the last word that fits", () => {
    expect(returnNameLines("Acme Homes")).toEqual({ name: "Acme Homes" });
    expect(returnNameLines(TRUST)).toEqual({ name: "The Margaret A. Wilkinson Revocable", company: "Living Trust" });
    const long = "Southwest Residential Property Acquisitions and Holdings Group of Greater Phoenix Arizona LLC"; // 93
    const lines = returnNameLines(long);
    expect(lines).toEqual({ name: "Southwest Residential Property", company: "Acquisitions and Holdings Group of" });
    expect(lines.name.length).toBeLessThanOrEqual(40);
    expect(lines.company!.length).toBeLessThanOrEqual(40);
    // One word longer than a line is cut at the limit rather than refused.
    expect(returnNameLines("X".repeat(90))).toEqual({ name: "X".repeat(40), company: "X".repeat(40) });
  });
});
