import { describe, expect, it } from "vitest";

import { unknownState } from "#app/domain/leads/lead-location.ts";
import {
  buyerSearchKey,
  CashBuyerSearchSchema,
  DEFAULT_MAX_PRICE,
  noCashBuyersMessage,
  PreviewCountSchema,
  SellerCriteriaSchema,
  sellerSearchKey,
  SellerSearchSchema,
} from "#app/domain/leads/search.ts";
import { fieldErrors } from "#app/services/http/api.server.ts";

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success || !result.error) throw new Error("expected a refusal");
  return fieldErrors(result.error.issues);
}

describe("the seller criteria", () => {
  it("apply the spec's defaults: minimum bedrooms 1, price cap $3M, no minimum", () => {
    expect(SellerCriteriaSchema.parse({ location: "Phoenix, AZ", sellerType: "high_equity" })).toEqual({
      location: { search: { city: "Phoenix", state: "AZ" }, label: "Phoenix, AZ" },
      sellerType: "high_equity",
      minBedrooms: 1,
      minPrice: null,
      maxPrice: DEFAULT_MAX_PRICE,
    });
  });

  it("take a range as minimum and maximum price, numbers typed as text included", () => {
    const parsed = SellerCriteriaSchema.parse({
      location: "85004",
      sellerType: "inherited",
      minBedrooms: "3",
      minPrice: "$1,000,000",
      maxPrice: 1_500_000,
    });
    expect(parsed).toMatchObject({ minBedrooms: 3, minPrice: 1_000_000, maxPrice: 1_500_000, location: { search: { zips: ["85004"] } } });
  });

  it("refuse each bad field with its own message", () => {
    const errors = errorsOf(
      SellerSearchSchema.safeParse({ count: 51, criteria: { location: "", sellerType: "motivated", minBedrooms: -1, maxPrice: "lots" } }),
    );
    expect(errors).toEqual({
      count: ["count must be a whole number from 1 to 50"],
      "criteria.location": ["Location is required"],
      "criteria.sellerType": [
        "Seller type must be one of preforeclosure, out-of-state-absentee-owner, high_equity, inherited, corporate-owned, tired-landlord",
      ],
      "criteria.minBedrooms": ["Minimum bedrooms must be a whole number from 1 to 5"],
      "criteria.maxPrice": ["Maximum price must be a number"],
    });
  });

  it("refuse an unknown state, a negative minimum, a minimum over the maximum and a cap over $3M", () => {
    expect(errorsOf(SellerCriteriaSchema.safeParse({ location: "Phoenix, ZZ", sellerType: "inherited" }))).toEqual({
      location: [unknownState("ZZ")],
    });
    expect(
      errorsOf(SellerCriteriaSchema.safeParse({ location: "85004", sellerType: "inherited", minPrice: -5, maxPrice: 4_000_000 })),
    ).toEqual({
      minPrice: ["Minimum price cannot be negative"],
      maxPrice: ["Maximum price must be at most $3,000,000"],
    });
    expect(
      errorsOf(SellerCriteriaSchema.safeParse({ location: "85004", sellerType: "inherited", minPrice: 500_000, maxPrice: 300_000 })),
    ).toEqual({
      minPrice: ["Minimum price must be below the maximum price"],
    });
    expect(errorsOf(SellerCriteriaSchema.safeParse({ location: "85004", sellerType: "inherited", maxPrice: -1 }))).toEqual({
      maxPrice: ["Maximum price must be greater than 0"],
    });
  });

  it("name a missing criteria object and a missing seller type", () => {
    expect(errorsOf(SellerSearchSchema.safeParse({ count: 5 }))).toEqual({ criteria: ["criteria is required"] });
    expect(errorsOf(SellerCriteriaSchema.safeParse({ location: "85004" }))).toEqual({ sellerType: ["Seller type is required"] });
  });
});

describe("the cash-buyer search", () => {
  it("defaults quick lists to none, minProperties to 3 and leaves skip to the server", () => {
    expect(CashBuyerSearchSchema.parse({ location: "Phoenix, AZ", buyerType: "cash_buyers" })).toEqual({
      criteria: {
        location: { search: { city: "Phoenix", state: "AZ" }, label: "Phoenix, AZ" },
        buyerType: "cash_buyers",
        quickLists: [],
        minProperties: 3,
      },
      skip: null,
    });
  });

  it("refuses an unknown buyer type, bad quick lists and a negative skip", () => {
    const errors = errorsOf(
      CashBuyerSearchSchema.safeParse({ location: "Phoenix, AZ", buyerType: "landlords", quickLists: ["Cash Buyer"], skip: -5 }),
    );
    expect(errors).toEqual({
      buyerType: ["Buyer type must be one of active_landlord, fix_and_flip, cash_buyers"],
      "quickLists.0": ["Each quick list must be a name such as cash-buyer"],
      skip: ["skip must be a whole number from 0 to 10,000"],
    });
  });

  it("keys a repeat search by location, buyer type and quick lists only", () => {
    const key = (body: Record<string, unknown>) => buyerSearchKey(CashBuyerSearchSchema.parse(body).criteria);
    const base = { location: "Phoenix, AZ", buyerType: "cash_buyers", quickLists: ["cash-buyer", "absentee-owner"] };
    expect(key(base)).toBe(
      key({ ...base, location: "phoenix,az", quickLists: ["absentee-owner", "cash-buyer"], skip: 10, minProperties: 4 }),
    );
    expect(key(base)).not.toBe(key({ ...base, buyerType: "fix_and_flip" }));
    expect(key(base)).not.toBe(key({ ...base, quickLists: ["cash-buyer"] }));
    expect(key(base)).not.toBe(key({ ...base, location: "85004" }));
  });

  it("says the spec's no-result message word for word", () => {
    expect(noCashBuyersMessage("Phoenix, AZ")).toBe("No active cash buyers found in Phoenix, AZ. Try expanding your search area.");
  });
});

describe("the preview count", () => {
  it("is a buyer count when the body names a buyer type, a seller count otherwise", () => {
    expect(PreviewCountSchema.safeParse({ location: "85004", buyerType: "fix_and_flip" })).toMatchObject({
      success: true,
      data: { kind: "buyer", criteria: { buyerType: "fix_and_flip" } },
    });
    expect(PreviewCountSchema.safeParse({ location: "85004", sellerType: "inherited", maxPrice: 300_000 })).toMatchObject({
      success: true,
      data: { kind: "seller", criteria: { sellerType: "inherited", maxPrice: 300_000 } },
    });
    expect(errorsOf(PreviewCountSchema.safeParse({ location: "85004" }))).toEqual({ sellerType: ["Seller type is required"] });
  });

  it("keys seller searches by place, type and bounds", () => {
    const key = (body: Record<string, unknown>) => sellerSearchKey(SellerCriteriaSchema.parse(body));
    const base = { location: "Phoenix, AZ", sellerType: "inherited" };
    expect(key(base)).toBe(key({ ...base, location: "PHOENIX, az", minBedrooms: 1, maxPrice: 3_000_000 }));
    expect(key(base)).not.toBe(key({ ...base, minBedrooms: 2 }));
    expect(key(base)).not.toBe(key({ ...base, maxPrice: 500_000 }));
  });
});
