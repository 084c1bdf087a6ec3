import { describe, expect, it } from "vitest";

import { assignmentText } from "#app/domain/dispo/assignment-text.ts";
import { buyerHistoryWords, compSummaryOf } from "#app/domain/dispo/deal-page.ts";
import { mailedLetterPlainText } from "#app/domain/documents/mailed-letter.ts";

describe("the deal page's comp summary", () => {
  it("counts the stored comps, their farthest distance, their months and their price range; none → null", () => {
    expect(
      compSummaryOf([
        { soldPrice: 310_000, soldDate: "2026-05-02", distance: 0.7 },
        { soldPrice: 290_000, soldDate: "2026-01-10", distance: 0.4 },
      ]),
    ).toBe("2 comparable sales within 0.7 mi, sold Jan 2026 – May 2026 for $290,000 – $310,000");
    expect(compSummaryOf([{ soldPrice: 250_000, soldDate: "2026-03-09", distance: null }])).toBe(
      "1 comparable sale, sold Mar 2026 for $250,000",
    );
    expect(compSummaryOf([])).toBeNull();
  });
});

describe("an offer's buyer history", () => {
  it("says whether the buyer is on the list, how they came, their other offers and deals assigned to them", () => {
    expect(buyerHistoryWords({ onList: false, source: null, otherOffers: 0, assignedBefore: 0 })).toBe("Not on your buyer list");
    expect(buyerHistoryWords({ onList: true, source: "CSV import", otherOffers: 2, assignedBefore: 1 })).toBe(
      "On your buyer list (CSV import) · 2 other offers · 1 deal assigned to them",
    );
  });
});

describe("the Assignment of Contract", () => {
  it("names the parties, the original agreement's date and parties, the property, the fee, the earnest money and the closing", () => {
    const text = mailedLetterPlainText(
      assignmentText({
        date: new Date("2026-06-20T12:00:00Z"),
        assignor: {
          companyName: "Quinn Home Buyers LLC",
          signerName: "Pat Quinn",
          title: null,
          email: "pat@quinn.example",
          phone: null,
          address: null,
        },
        assignee: { name: "Ann Buyer", email: "ann@buyers.example", phone: "+14805550100" },
        contract: { date: new Date("2026-06-01T12:00:00Z"), sellerName: "Maria Lopez", price: 200_000, closeDate: "2026-07-15" },
        property: { address: "4821 N 35th Ave", city: "Phoenix", state: "AZ", zip: "85019" },
        fee: 28_000,
        earnestMoney: 5_000,
      }),
    );
    for (const line of [
      'between Quinn Home Buyers LLC ("Assignor") and Ann Buyer ("Assignee")',
      'purchase agreement dated June 1, 2026 between Maria Lopez ("Seller") and Quinn Home Buyers LLC and/or assigns ("Buyer")',
      "4821 N 35th Ave, Phoenix, AZ 85019, at a purchase price of $200,000",
      "an assignment fee of $28,000 at closing",
      "Assignee deposits $5,000 as earnest money",
      "on or before July 15, 2026",
      "Assignor: Quinn Home Buyers LLC, by Pat Quinn",
      "Assignee: Ann Buyer",
    ])
      expect(text).toContain(line);
  });
});
