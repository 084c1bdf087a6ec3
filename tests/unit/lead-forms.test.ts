import { describe, expect, it } from "vitest";

import { PropertyInputSchema, PropertyPatchSchema } from "#app/domain/leads/lead-forms.ts";

describe("PropertyInputSchema", () => {
  const base = { address: "1 Main St", city: "Phoenix", state: "az", zipCode: "85004" };

  it("accepts the workbench's fields with money as numbers or numeric strings", () => {
    const parsed = PropertyInputSchema.parse({
      ...base,
      arv: "250000",
      maxOffer: 175000,
      equityBalance: "$12,500",
      lastSalePrice: "",
      ownerPhone: "(602) 555-0123",
      extra: 1,
    });
    expect(parsed).toMatchObject({
      state: "AZ",
      arv: 250000,
      maxOffer: 175000,
      equityBalance: 12500,
      lastSalePrice: null,
      ownerPhone: "+16025550123",
    });
    expect(parsed).not.toHaveProperty("extra");
  });

  it("refuses out-of-bounds values with readable messages", () => {
    const result = PropertyInputSchema.safeParse({
      ...base,
      address: "x".repeat(201),
      bedrooms: 0,
      bathrooms: -1,
      squareFeet: "0",
      yearBuilt: new Date().getUTCFullYear() + 6,
      equityPercentage: 101,
      confidenceScore: -1,
      arv: "lots",
      state: "ZZ",
      zipCode: "850",
      ownerEmail: "nope",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toMatchObject({
      address: "Address must be at most 200 characters",
      bedrooms: "Bedrooms must be greater than 0",
      bathrooms: "Bathrooms must be greater than 0",
      squareFeet: "Square feet must be greater than 0",
      yearBuilt: "Year built cannot be more than 5 years from now",
      equityPercentage: "Equity percentage must be between 0 and 100",
      confidenceScore: "Confidence score must be between 0 and 100",
      arv: "ARV must be a number",
      state: "State must be one of the 50 US state codes",
      zipCode: "ZIP code must be 5 digits",
      ownerEmail: "Invalid email address",
    });
    expect(PropertyInputSchema.safeParse({ ...base, yearBuilt: 1799 }).error?.issues[0].message).toBe("Year built must be 1800 or later");
  });

  it("requires address, city, state and ZIP code", () => {
    const result = PropertyInputSchema.safeParse({});
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Address is required",
      "City is required",
      "State is required",
      "ZIP code is required",
    ]);
  });

  it("lets a patch carry one field, and refuses an empty patch", () => {
    expect(PropertyPatchSchema.parse({ analysisArv: "310000" })).toEqual({ analysisArv: 310000 });
    expect(PropertyPatchSchema.parse({ status: "offer_sent" })).toEqual({ status: "offer_sent" });
    expect(PropertyPatchSchema.safeParse({}).error?.issues[0].message).toBe("Nothing to update");
    expect(PropertyPatchSchema.safeParse({ status: "sold" }).success).toBe(false);
  });
});
