import { describe, expect, it } from "vitest";

import { matchAnswerText, matchQuestionAddress } from "#app/domain/dispo/match-question.ts";

describe("who should I send … to?", () => {
  it("reads the address out of the question, and nothing out of other messages", () => {
    expect(matchQuestionAddress("Who should I send 123 Main St to?")).toBe("123 Main St");
    expect(matchQuestionAddress("who can I sell the deal at 4821 N 35th Ave to")).toBe("4821 N 35th Ave");
    expect(matchQuestionAddress("cash buyers in Phoenix, AZ")).toBeNull();
  });

  it("names the best buyers with their reasons and the blast link; says so when there is no deal", () => {
    const text = matchAnswerText({
      address: "123 Main St",
      dealId: "d1",
      matches: [
        {
          buyerId: "b1",
          purchaserId: null,
          name: "Desert Keys",
          company: "DK LLC",
          score: 60,
          mayEmail: true,
          reasons: ["buy-box: Phoenix, AZ"],
        },
        {
          buyerId: null,
          purchaserId: "p",
          name: "Market Co",
          company: null,
          score: 40,
          mayEmail: false,
          reasons: ["not on your buyer list"],
        },
      ],
    });
    expect(text).toBe(
      [
        "Send 123 Main St to these buyers first:",
        "1. Desert Keys (DK LLC): buy-box: Phoenix, AZ",
        "1 of them agreed to email. Email the deal to them at /deals/d1/blast.",
      ].join("\n"),
    );
    expect(matchAnswerText({ address: "9 Nowhere Rd", dealId: null, matches: [] })).toMatch(/^I couldn't find a deal for 9 Nowhere Rd/);
  });
});
