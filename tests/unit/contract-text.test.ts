import { describe, expect, it } from "vitest";

import { contractFileName, contractText, propertyLine, type ContractInput } from "#app/domain/documents/contract-text.ts";

const input: ContractInput = {
  kind: "purchase_agreement",
  date: new Date("2026-03-05T15:00:00Z"),
  property: {
    address: "4821 N 35th Ave",
    city: "Phoenix",
    state: "AZ",
    zipCode: "85019",
    ownerName: "Maria Lopez",
    price: 182000,
    apn: "145-22-031",
  },
  company: {
    companyName: "Quinn Home Buyers LLC",
    title: "Owner",
    signerName: "Pat Quinn",
    email: "pat@example.com",
    phone: "(602) 555-0123",
    address: "100 W Washington St, Phoenix, AZ 85003",
  },
};

describe("contractText", () => {
  it("fills a purchase agreement from the property and the company", () => {
    const text = contractText(input);
    expect(text.title).toBe("Purchase Agreement");
    expect(text.parties[0]).toBe(
      'This Purchase Agreement is made on 03/05/2026 between Maria Lopez ("Seller") and Quinn Home Buyers LLC, and/or assigns ("Buyer").',
    );
    expect(text.parties[1]).toBe("Property: 4821 N 35th Ave, Phoenix, AZ 85019 (APN 145-22-031).");
    expect(text.sections[0].body).toContain("$182,000");
    expect(text.sections.at(-1)?.body).toContain("pat@example.com / (602) 555-0123");
    expect(text.signatures[1]).toContain("by Pat Quinn, Owner");
  });

  it("writes an assignment contract with the company as assignor and blanks for the assignee", () => {
    const text = contractText({ ...input, kind: "assignment_contract" });
    expect(text.title).toBe("Assignment Contract");
    expect(text.parties[0]).toContain('Quinn Home Buyers LLC ("Assignor")');
    expect(text.parties[0]).toContain('______________________ ("Assignee")');
    expect(text.sections[0].body).toContain("$182,000");
  });

  it("leaves blanks where the seller or price is unknown", () => {
    const text = contractText({ ...input, property: { ...input.property, ownerName: null, price: null } });
    expect(text.parties[0]).toContain('between ______________________ ("Seller")');
    expect(text.sections[0].body).toContain("$______________________");
  });

  it("names files safely and joins the address", () => {
    expect(contractFileName("assignment_contract", "4821 N 35th Ave #2")).toBe("Assignment-Contract-4821-N-35th-Ave-2.pdf");
    expect(propertyLine({ ...input.property, city: null, state: null })).toBe("4821 N 35th Ave, 85019");
  });
});
