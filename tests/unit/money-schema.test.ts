// The one strict money schema: strict decimal parsing, $1 … $100,000,000 after rounding, and the field named.
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { PropertyPatchSchema } from "#app/domain/leads/lead-forms.ts";
import { ConfirmOfferSchema, MailOfferSchema, MaxOfferFormSchema } from "#app/domain/offers/offer-forms.ts";
import { moneySchema, nullableMoneySchema, optionalMoneySchema } from "#app/domain/shared/money-schema.ts";
import { MONEY_MAX, parseStrictMoney } from "#app/domain/shared/money.ts";

function messagesOf(result: { success: boolean; error?: z.ZodError }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("parseStrictMoney", () => {
  it("reads plain decimals, thousands groups of three and a leading $", () => {
    expect(parseStrictMoney("250000")).toBe(250_000);
    expect(parseStrictMoney("1,234,567.89")).toBe(1_234_567.89);
    expect(parseStrictMoney("$250,000")).toBe(250_000);
    expect(parseStrictMoney(" 187500.6 ")).toBe(187_500.6);
    expect(parseStrictMoney(312_345)).toBe(312_345);
    expect(parseStrictMoney("-5")).toBe(-5);
  });

  it("refuses what is not strictly a decimal", () => {
    for (const text of ["12,34,56", "1e6", "NaN", "Infinity", "", " ", "0x10", "1,2345", "1.2.3", "$", "25 000", "1,000,00"]) {
      expect(parseStrictMoney(text), text).toBeNull();
    }
    expect(parseStrictMoney(Number.NaN)).toBeNull();
    expect(parseStrictMoney(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseStrictMoney(true)).toBeNull();
    expect(parseStrictMoney({})).toBeNull();
  });
});

describe("moneySchema", () => {
  const amount = moneySchema("Amount");

  it("keeps amounts of $1 … $100,000,000 after rounding", () => {
    expect(amount.parse("1,234,567.89")).toBe(1_234_567.89);
    expect(amount.parse(0.5)).toBe(0.5); // rounds to $1
    expect(amount.parse(MONEY_MAX)).toBe(MONEY_MAX);
  });

  it("names the field for bad text, amounts under $1 after rounding, over the maximum, and missing", () => {
    const cases: [unknown, string][] = [
      ["12,34,56", "Amount must be a number"],
      ["1e6", "Amount must be a number"],
      ["NaN", "Amount must be a number"],
      ["", "Amount must be a number"],
      ["-5", "Amount must be at least $1"],
      [0.4, "Amount must be at least $1"],
      [MONEY_MAX + 1, "Amount must be at most $100,000,000"],
      [undefined, "Amount is required"],
      [null, "Amount is required"],
    ];
    for (const [value, message] of cases) {
      const result = amount.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
  });

  it("optional: absent is undefined, an empty string is refused; nullable: blank clears", () => {
    const optional = z.object({ fee: optionalMoneySchema("Assignment fee", { min: 0 }) });
    expect(optional.parse({})).toEqual({ fee: undefined });
    expect(optional.parse({ fee: "0" })).toEqual({ fee: 0 });
    expect(messagesOf(optional.safeParse({ fee: "" }))).toEqual({ fee: "Assignment fee must be a number" });
    expect(messagesOf(optional.safeParse({ fee: "-1" }))).toEqual({ fee: "Assignment fee cannot be negative" });
    const nullable = z.object({ maxOffer: nullableMoneySchema("Max offer") });
    expect(nullable.parse({ maxOffer: "" })).toEqual({ maxOffer: null });
    expect(nullable.parse({ maxOffer: null })).toEqual({ maxOffer: null });
  });
});

describe("the boundaries that use it", () => {
  it("calculate-offer's form names ARV, repairs and fee", () => {
    const result = MaxOfferFormSchema.safeParse({ intent: "offers", propertyId: "p", arv: "12,34,56", repairs: "1e6", fee: "NaN" });
    expect(messagesOf(result)).toEqual({
      arv: "ARV must be a number",
      repairs: "Repair estimate must be a number",
      fee: "Assignment fee must be a number",
    });
    expect(MaxOfferFormSchema.parse({ intent: "offers", propertyId: "p", arv: "1,234,567.89" }).arv).toBe(1_234_567.89);
    expect(messagesOf(MaxOfferFormSchema.safeParse({ intent: "offers", propertyId: "p", arv: "" }))).toEqual({
      arv: "ARV must be a number",
    });
  });

  it("confirm-offer refuses a custom amount that is not strict money or rounds to $0", () => {
    for (const customOffer of ["1e6", "12,34,56", "NaN", "-5", "", "0.4"]) {
      const result = ConfirmOfferSchema.safeParse({ propertyId: "p", offerType: "custom", customOffer, arv: 300_000 });
      expect(messagesOf(result), customOffer).toEqual({ customOffer: "Invalid Offer Amount: Please enter a valid offer amount." });
    }
    expect(
      ConfirmOfferSchema.safeParse({ propertyId: "p", offerType: "custom", customOffer: "1,234,567.89", arv: 3_000_000 }).success,
    ).toBe(true);
  });

  it("mail-offer's amount is $1 … $100,000,000 after rounding", () => {
    const base = { propertyId: "p", pdfUrl: "/documents/x/view", recipientName: "A", recipientAddress: "1 Main St, Phoenix, AZ 85004" };
    expect(MailOfferSchema.parse({ ...base, offerAmount: "210,000" }).offerAmount).toBe(210_000);
    for (const offerAmount of [0.4, "1e6", 100_000_001]) {
      expect(messagesOf(MailOfferSchema.safeParse({ ...base, offerAmount })), String(offerAmount)).toHaveProperty("offerAmount");
    }
  });

  it("PATCH /api/properties/{id} refuses a max offer or ARV under $1 after rounding, and clears them when blank", () => {
    expect(messagesOf(PropertyPatchSchema.safeParse({ maxOffer: 0.4 }))).toEqual({ maxOffer: "Max offer must be at least $1" });
    expect(messagesOf(PropertyPatchSchema.safeParse({ arv: "12,34,56" }))).toEqual({ arv: "ARV must be a number" });
    expect(PropertyPatchSchema.parse({ maxOffer: "" })).toMatchObject({ maxOffer: null });
    expect(PropertyPatchSchema.parse({ maxOffer: "$1,234,567.89" })).toMatchObject({ maxOffer: 1_234_567.89 });
  });
});
