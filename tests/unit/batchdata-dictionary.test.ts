// BatchData, pure: the data dictionary's field names (sale.lastSale, intel, quickLists.absenteeOwnerOutOfState) and
// the skip trace's TCPA-restricted phones, asked for and blocked.
import { describe, expect, it } from "vitest";

import { parseOrThrow, SkipTraceAnswerSchema } from "#app/providers/property-data/batchdata-answers.ts";
import { skipTraceRequest, withContacts } from "#app/providers/property-data/batchdata-mapping.ts";
import { factsOf, toSellerLead } from "#app/providers/property-data/batchdata-records.ts";

import { aRecord, record } from "./batchdata-fixture.ts";

describe("the data dictionary's field names", () => {
  it("reads the last sale from sale.lastSale, else from intel.lastSoldDate / lastSoldPrice", () => {
    expect(factsOf(record())).toMatchObject({ lastSaleDate: "2016-03-01", lastSalePrice: 190_000 });
    const intelOnly = record({ sale: null, intel: { lastSoldDate: "2019-07-15", lastSoldPrice: 240_000 } });
    expect(factsOf(intelOnly)).toMatchObject({ lastSaleDate: "2019-07-15", lastSalePrice: 240_000 });
  });

  it("flags an out-of-state absentee owner from quickLists.absenteeOwnerOutOfState", () => {
    const lead = toSellerLead(record(), aRecord(), "inherited");
    expect(lead.flags).toContain("out-of-state-absentee-owner");
  });

  it("asks the skip trace for TCPA-restricted phones and marks them blocked", () => {
    expect(skipTraceRequest([record()]).options).toEqual({ includeTCPABlacklistedPhones: true });
    const traced = parseOrThrow(
      SkipTraceAnswerSchema,
      {
        results: {
          persons: [
            {
              propertyAddress: { street: "123 W Maple Ave", zip: "85004" },
              phoneNumbers: [
                { number: "6025550101", type: "Mobile", dnc: false, tcpa: true },
                { number: "6025550103", type: "Mobile", dnc: false, tcpa: false },
              ],
            },
          ],
        },
      },
      "test",
    );
    const [lead] = withContacts([{ item: toSellerLead(record(), aRecord(), null), record: record() }], traced.results.persons);
    expect(lead!.owner.phones.map((phone) => [phone.number, phone.dnc])).toEqual([
      ["+16025550101", true],
      ["+16025550103", false],
    ]);
  });
});
