import { describe, expect, it } from "vitest";

import { buyBoxWords, consentWords, mayEmail } from "#app/domain/dispo/buy-box.ts";
import { parseBuyersCsv } from "#app/domain/dispo/buyers-csv.ts";
import { purchasesWords, purchaseWindow } from "#app/domain/dispo/purchases.ts";

const EMPTY_BOX = { markets: [], propertyTypes: [], priceMin: null, priceMax: null, minBeds: null, maxRepairLevel: null } as const;

describe("a buyer's buy-box and consent in words", () => {
  it("says what the buyer said, and nothing for what they did not", () => {
    expect(buyBoxWords({ ...EMPTY_BOX, markets: ["Phoenix, AZ"], minBeds: 3, priceMax: 250_000 })).toBe("Phoenix, AZ · 3+ bd · ≤ $250,000");
    expect(
      buyBoxWords({ ...EMPTY_BOX, propertyTypes: ["multi_family"], priceMin: 100_000, priceMax: 200_000, maxRepairLevel: "heavy" }),
    ).toBe("multi-family · $100,000–$200,000 · up to heavy repairs");
    expect(buyBoxWords(EMPTY_BOX)).toBe("No buy-box yet");
  });

  it("may email only with recorded consent and never after an unsubscribe", () => {
    const buyer = { email: "a@b.co", emailConsent: true, unsubscribedAt: null };
    expect([mayEmail(buyer), consentWords(buyer)]).toEqual([true, "Email: yes"]);
    const gone = { ...buyer, unsubscribedAt: "2026-11-01T00:00:00.000Z" };
    expect([mayEmail(gone), consentWords(gone)]).toEqual([false, "Email: unsubscribed"]);
    const silent = { ...buyer, emailConsent: false };
    expect([mayEmail(silent), consentWords(silent)]).toEqual([false, "No email consent"]);
  });
});

describe("what a buyer did", () => {
  it("counts the 12 months up to the records' last day, or today when the records reach it", () => {
    expect(purchaseWindow(new Date("2026-11-27T10:00:00Z"), "2025-12-31")).toEqual({ since: "2024-12-31", until: "2025-12-31" });
    expect(purchaseWindow(new Date("2026-11-27T10:00:00Z"), undefined)).toEqual({ since: "2025-11-27", until: "2026-11-27" });
  });

  it("says the count, where, the prices and the share of value", () => {
    const words = purchasesWords({
      count: 4,
      places: ["Phoenix, AZ"],
      minPrice: 180_000,
      maxPrice: 240_000,
      minShare: 0.641,
      maxShare: 0.71,
    });
    expect(words).toBe("4 cash purchases in the last 12 months in Phoenix, AZ, at $180,000–$240,000, 64–71 % of value");
    expect(purchasesWords(null)).toBe("No cash purchases on record in the last 12 months");
  });
});

describe("the buyers CSV", () => {
  it("reads lists separated by ';', any column order, and numbers each bad line as the file does", () => {
    const text = 'email,name,markets\r\nx@y.co,Ann,"Phoenix, AZ;85019"\r\n\r\nnot-an-email,Bo,\r\n';
    const { rows, bad } = parseBuyersCsv(text, { maxRows: 10 });
    expect(rows).toEqual([
      expect.objectContaining({ name: "Ann", email: "x@y.co", markets: ["Phoenix, AZ", "85019"], emailConsent: false }),
    ]);
    expect(bad).toEqual([{ line: 4, messages: ["email: Email must be an email address"] }]);
  });

  it("refuses a file over the row cap before reading its rows", () => {
    expect(() => parseBuyersCsv("name\nA\nB\nC\n", { maxRows: 2 })).toThrow(/has 3 rows; at most 2/);
  });
});

describe("a contract's terms", () => {
  it("refuses a day that is no calendar day without throwing", async () => {
    const { ContractSchema } = await import("#app/domain/dispo/contract.ts");
    const terms = {
      contractPrice: "1000",
      earnestMoney: "0",
      assignmentFeeAsked: "0",
      closeDate: "2026-99-99",
      inspectionDeadline: "2026-02-29",
    };
    const parsed = ContractSchema.safeParse(terms);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual([
      "Closing date is not a real date",
      "Inspection deadline is not a real date",
    ]);
  });
});

describe("matching words", () => {
  it("says a nearby purchaser's homes, distance and share, and finds a market in any punctuation", async () => {
    const { nearbyWords } = await import("#app/domain/dispo/purchases.ts");
    const { marketHolds } = await import("#app/domain/dispo/matching.ts");
    expect(nearbyWords({ count: 4, radiusMiles: 1, minShare: 0.64, maxShare: 0.712 })).toBe(
      "bought 4 homes within 1 mile in the last 12 months, at 64–71 % of value",
    );
    const subject = { city: "Phoenix", state: "AZ", zip: "85019", bedrooms: 3, propertyType: "single_family", asking: 1 };
    expect(["Phoenix, AZ", "phoenix az", "85019", "PHOENIX"].map((market) => marketHolds([market], subject))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(marketHolds(["Mesa, AZ", "85004"], subject)).toBe(false);
  });
});
