import { describe, expect, it } from "vitest";

import {
  createLeadQueue,
  currentLead,
  goToLead,
  hasNext,
  LEAD_QUEUE_KEY,
  loadLeadQueue,
  markWorked,
  nextLead,
  parseLeadQueue,
  position,
  previousLead,
  setLeads,
  storeLeadQueue,
} from "#app/domain/leads/queue.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";

function lead(id: string): LeadQueueItem {
  return {
    id,
    addressLine: `${id} Main St`,
    city: "Phoenix",
    state: "AZ",
    zip: "85004",
    apn: null,
    ownerName: "Pat Owner",
    estimatedValue: 300_000,
    equityPct: 60,
    propertyType: "single_family",
    lat: null,
    lon: null,
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1_500,
    yearBuilt: 1990,
    lastSalePrice: 150_000,
    lastSaleDate: "2015-04-01",
    equityBalance: 180_000,
    maxOffer: 210_000,
    confidenceScore: 80,
    flags: ["high_equity"],
    raw: {
      ownerPhoneNumbers: [],
      ownerPhone: null,
      ownerEmails: [],
      ownerEmail: null,
      ownerMailingAddress: null,
      ownerDncPhone: null,
      ownerMobilePhone: null,
      ownerLandLine: null,
      vendor: "local",
      vendorRecord: null,
    },
  };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("the lead queue", () => {
  const three = createLeadQueue([lead("a"), lead("b"), lead("c")], { requestId: "req-1", location: "Phoenix, AZ" });

  it("starts on the first lead and counts positions from 1", () => {
    expect(currentLead(three)?.id).toBe("a");
    expect(position(three)).toEqual({ current: 1, total: 3 });
    expect(position(createLeadQueue([]))).toEqual({ current: 0, total: 0 });
  });

  it("moves next and previous, and stays put past either end", () => {
    const last = nextLead(nextLead(three));
    expect(currentLead(last)?.id).toBe("c");
    expect(hasNext(last)).toBe(false);
    expect(nextLead(last)).toBe(last);
    expect(currentLead(previousLead(last))?.id).toBe("b");
    expect(previousLead(three)).toBe(three);
  });

  it("goes to an index clamped to the queue", () => {
    expect(goToLead(three, 2).index).toBe(2);
    expect(goToLead(three, 9).index).toBe(2);
    expect(goToLead(three, -4).index).toBe(0);
    expect(goToLead(createLeadQueue([]), 3).index).toBe(0);
  });

  it("marks a lead worked once, and ignores ids it does not hold", () => {
    const worked = markWorked(markWorked(three, "b"), "b");
    expect(worked.worked).toEqual(["b"]);
    expect(markWorked(three, "zzz")).toBe(three);
  });

  it("replaces its leads on set-leads, starting over but keeping the search it came from unless told", () => {
    const moved = markWorked(nextLead(three), "b");
    const replaced = setLeads(moved, [lead("d")]);
    expect(replaced).toEqual({ leads: [lead("d")], index: 0, worked: [], requestId: "req-1", location: "Phoenix, AZ" });
    expect(setLeads(moved, [lead("e")], { requestId: "req-2", location: "85004" })).toMatchObject({
      requestId: "req-2",
      location: "85004",
    });
  });
});

describe("the stored lead queue", () => {
  it("round-trips through storage under the key leadQueue", () => {
    const storage = memoryStorage();
    const queue = markWorked(nextLead(createLeadQueue([lead("a"), lead("b")], { requestId: "r" })), "a");
    expect(storeLeadQueue(queue, storage)).toBe(true);
    expect([...storage.values.keys()]).toEqual([LEAD_QUEUE_KEY]);
    expect(loadLeadQueue(storage)).toEqual(queue);
  });

  it("reads anything that is not a queue as none, and repairs an out-of-range position and stray marks", () => {
    expect(parseLeadQueue(null)).toBeNull();
    expect(parseLeadQueue("{not json")).toBeNull();
    expect(parseLeadQueue(JSON.stringify({ leads: [{ id: "x" }] }))).toBeNull();
    expect(parseLeadQueue(JSON.stringify([lead("a")]))).toBeNull();
    const repaired = parseLeadQueue(JSON.stringify({ leads: [lead("a"), lead("b")], index: 7, worked: ["b", "b", "gone", 3] }));
    expect(repaired).toEqual({ leads: [lead("a"), lead("b")], index: 1, worked: ["b"], requestId: null, location: null });
  });

  it("never throws when the browser refuses storage", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    expect(loadLeadQueue(refusing)).toBeNull();
    expect(storeLeadQueue(createLeadQueue([lead("a")]), refusing)).toBe(false);
    expect(storeLeadQueue(createLeadQueue([lead("a")]), null)).toBe(false);
  });
});

describe("a lead saved to the CRM", () => {
  it("sends the spec's fields, money as text, with the status and agent of the save", async () => {
    const { leadToProperty } = await import("#app/domain/leads/property.ts");
    const { PropertyInputSchema } = await import("#app/domain/leads/lead-forms.ts");
    const saved = leadToProperty(lead("a"), { status: "analyzed", currentAgent: "deal_analyzer" });
    expect(saved).toMatchObject({
      address: "a Main St",
      zipCode: "85004",
      arv: "300000",
      // The lead's max offer is only an estimate before valuation: it is not saved as an offer.
      maxOffer: null,
      equityBalance: "180000",
      lastSalePrice: "150000",
      lastSaleDate: "2015-04-01",
      status: "analyzed",
      currentAgent: "deal_analyzer",
      leadType: "high_equity",
    });
    // What the server's schema accepts, unchanged in meaning.
    expect(PropertyInputSchema.parse(saved)).toMatchObject({ arv: 300_000, maxOffer: null, status: "analyzed", bedrooms: 3 });
    expect(leadToProperty({ ...lead("b"), estimatedValue: null, maxOffer: null }, { status: "new" })).toMatchObject({
      arv: null,
      maxOffer: null,
      status: "new",
      currentAgent: null,
    });
  });
});
