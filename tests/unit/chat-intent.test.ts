import { describe, expect, it } from "vitest";

import { buyerTypeOf, localChatReply, placeOf, sellerTypeOf } from "#app/domain/chat/intent.ts";

describe("the local chat reply steers to the wizards", () => {
  it('offers the seller wizard pre-filled for "sellers in 85004"', () => {
    const reply = localChatReply({ agent: "lead-finder", message: "sellers in 85004" });
    expect(reply.offer).toEqual({ wizard: "seller", answers: { cityOrZip: "85004", state: "" } });
    expect(reply.text).toContain("motivated sellers in 85004");
    expect(reply.text).toContain("Seller Lead Wizard");
  });

  it("reads a city with its state and a seller type", () => {
    const reply = localChatReply({ agent: "lead-finder", message: "Find inherited homes in phoenix, az please" });
    expect(reply.offer).toEqual({ wizard: "seller", answers: { cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" } });
    expect(reply.text).toContain("Phoenix, AZ");
  });

  it("offers the cash buyer wizard for buyers, with the buyer type it names", () => {
    expect(localChatReply({ agent: "lead-finder", message: "fix and flip buyers near Atlanta GA" }).offer).toEqual({
      wizard: "buyer",
      answers: { cityOrZip: "Atlanta", state: "GA", buyerType: "fix_and_flip" },
    });
    expect(localChatReply({ agent: "lead-finder", message: "any cash buyers?" }).offer).toEqual({
      wizard: "buyer",
      answers: { buyerType: "cash_buyers" },
    });
  });

  it("asks where when no place is named, and otherwise says what the agent does", () => {
    expect(localChatReply({ agent: "lead-finder", message: "show me preforeclosures" })).toMatchObject({
      text: expect.stringContaining("Which city or ZIP?"),
      offer: { wizard: "seller", answers: { sellerType: "preforeclosure" } },
    });
    const hello = localChatReply({ agent: "negotiation", message: "hello" });
    expect(hello.text).toContain("Negotiation agent");
    expect(hello.text).toContain('"sellers in 85004"');
  });

  it("recognises places, seller types and buyer types", () => {
    expect(placeOf("homes near Las Vegas NV")).toEqual({ cityOrZip: "Las Vegas", state: "NV", label: "Las Vegas, NV" });
    expect(placeOf("leads in the north side in Mesa AZ")).toMatchObject({ cityOrZip: "Mesa", state: "AZ" });
    expect(placeOf("85004 and 85008")).toEqual({ cityOrZip: "85004, 85008", state: "", label: "85004, 85008" });
    expect(placeOf("in Springfield, XY")).toBeNull();
    expect(placeOf("hello there")).toBeNull();
    expect(sellerTypeOf("out of state owners")).toBe("out-of-state-absentee-owner");
    expect(sellerTypeOf("tired landlords")).toBe("tired-landlord");
    expect(sellerTypeOf("company-owned lots")).toBe("corporate-owned");
    expect(sellerTypeOf("just houses")).toBeNull();
    expect(buyerTypeOf("landlords buying rentals")).toBe("active_landlord");
  });
});
