/** A BatchData property record as the unit tests build it (with overrides), parsed as the provider parses one. */

import { parseOrThrow, PropertyRecordSchema } from "#app/providers/property-data/batchdata-answers.ts";
import type { SellerSearch } from "#app/providers/property-data/types.ts";

export function aRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id: "abc123",
    address: {
      street: "123 W Maple Ave",
      city: "Phoenix",
      state: "AZ",
      zip: "85004-1234",
      county: "Maricopa",
      latitude: 33.45,
      longitude: -112.07,
    },
    ids: { apn: "111-22-333" },
    general: { propertyTypeCategory: "Residential", propertyTypeDetail: "Single Family Residential" },
    building: { bedroomCount: 3, bathroomCount: 2.5, livingAreaSquareFeet: 1_650, yearBuilt: 1978, pool: true },
    valuation: { estimatedValue: 320_000, equityPercent: 72, equityCurrentEstimatedBalance: 230_400, confidenceScore: 88, ltv: 28 },
    // The data dictionary's names: sale.lastSale.saleDate / price, quickLists.absenteeOwnerOutOfState.
    sale: { lastSale: { saleDate: "2016-03-01T00:00:00.000Z", price: 190_000 } },
    owner: {
      fullName: "Rosa Alvarez",
      names: [{ first: "Rosa", last: "Alvarez", full: "Rosa Alvarez" }],
      mailingAddress: { street: "88 Lakeshore Dr", city: "Chicago", state: "IL", zip: "60601" },
    },
    quickLists: { inherited: true, absenteeOwnerOutOfState: true, absenteeOwner: true, preforeclosure: false, vacant: false },
    propertyOwnerProfile: { propertiesCount: 1, propertiesTotalEstimatedValue: 320_000, averageYearBuilt: 1978 },
    ...overrides,
  };
}

export const record = (overrides: Record<string, unknown> = {}) => parseOrThrow(PropertyRecordSchema, aRecord(overrides), "test record");
export const phoenix: SellerSearch = {
  location: { city: "Phoenix", state: "AZ" },
  sellerType: "inherited",
  minBedrooms: 1,
  maxPrice: 3_000_000,
};
