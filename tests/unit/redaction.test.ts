import { describe, expect, it } from "vitest";

import { HIDDEN_AMOUNT, redactFor, seesMoney } from "#app/domain/workspaces/redaction.ts";

const answer = {
  lead: {
    id: "p1",
    address: "4127 N 38th St",
    arv: 314_159,
    arvLow: 296_411,
    arvHigh: null,
    maxOffer: 161_803,
    valuedAt: new Date("2026-11-01T00:00:00Z"),
    comps: [{ soldPrice: 300_000, address: "1 Main St" }],
    numbers: { arv: 314_159, maxOffer: 161_803, offer: 150_000 },
    dealRule: { percent: 70, fee: 10_000 },
    status: "contacted",
  },
  tasks: [{ message: "Hi Maria, we can offer $150,000 or $1.2M cash.", offer: "see the letter" }],
  unitCostCents: { mail: 120 },
};

describe("what a role receives of an answer", () => {
  it("gives roles with deal numbers the answer itself", () => {
    for (const role of ["owner", "acquisitions", "dispo"] as const) {
      expect(seesMoney(role)).toBe(true);
      expect(redactFor(role, answer)).toBe(answer);
    }
  });

  it("gives a caller the same shape with every money field emptied and amounts in texts hidden", () => {
    expect(seesMoney("caller")).toBe(false);
    const redacted = redactFor("caller", answer);
    expect(redacted).toEqual({
      lead: {
        id: "p1",
        address: "4127 N 38th St",
        arv: null,
        arvLow: null,
        arvHigh: null,
        maxOffer: null,
        valuedAt: new Date("2026-11-01T00:00:00Z"),
        comps: [],
        numbers: { arv: null, maxOffer: null, offer: null },
        dealRule: null,
        status: "contacted",
      },
      tasks: [{ message: `Hi Maria, we can offer ${HIDDEN_AMOUNT} or ${HIDDEN_AMOUNT} cash.`, offer: "see the letter" }],
      unitCostCents: null,
    });
    expect(redacted.lead.valuedAt).toBeInstanceOf(Date);
    // The answer given is never changed in place.
    expect(answer.lead.arv).toBe(314_159);
  });
});
