import { describe, expect, it } from "vitest";

import { createLeadQueue, goToLead, markWorked } from "#app/domain/leads/queue.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import { WorkbenchActionSchema } from "#app/domain/workbench/workbench-forms.ts";
import {
  barButtons,
  leadIndexOf,
  leadStatusOf,
  moveOn,
  onlyPositionChanged,
  positionText,
  requestedLeadIndex,
  requestedQueueId,
  reviewingText,
  showingText,
  syncLeadQueue,
  workbenchAction,
  workbenchHref,
} from "#app/domain/workbench/workbench-rules.ts";

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

const LEADS = ["a", "b", "c", "d", "e"].map(lead);

describe("the position (?lead=)", () => {
  it("reads a whole number and nothing else", () => {
    expect(["0", "4", " 3 ", "17"].map(requestedLeadIndex)).toEqual([0, 4, 3, 17]);
    expect([null, undefined, "", "-1", "1.5", "x", "1e3", "0x2"].map(requestedLeadIndex)).toEqual(Array(8).fill(null));
  });

  it("is clamped to the queue: past the end the last lead, absent or malformed the first", () => {
    expect(leadIndexOf("2", 5)).toBe(2);
    expect(leadIndexOf("99", 5)).toBe(4);
    expect(leadIndexOf("-1", 5)).toBe(0);
    expect(leadIndexOf(null, 5)).toBe(0);
    expect(leadIndexOf("3", 0)).toBe(0);
  });

  it("lives in the workbench's address, with the details view when open", () => {
    expect(workbenchHref(3)).toBe("/leads/workbench?lead=3");
    expect(workbenchHref(0, { details: true })).toBe("/leads/workbench?lead=0&details=1");
    expect(workbenchHref(1, { request: "r-1" })).toBe("/leads/workbench?lead=1&request=r-1");
    expect(workbenchHref(1, { request: null })).toBe("/leads/workbench?lead=1");
  });

  it("keeps an earlier search's queue (`?request=`) in its forms, and reads only an id-like value", () => {
    expect(workbenchAction("0b6f-42")).toBe("/leads/workbench?request=0b6f-42");
    expect(workbenchAction(null)).toBe("/leads/workbench");
    expect(requestedQueueId(" 0b6f-42 ")).toBe("0b6f-42");
    for (const bad of [null, "", "a b", "x'--", "a".repeat(65)]) expect(requestedQueueId(bad)).toBeNull();
  });

  it("changing only the lead or the details is the same page (nothing to load again)", () => {
    const url = (path: string) => new URL(path, "http://127.0.0.1");
    expect(onlyPositionChanged(url("/leads/workbench?lead=1"), url("/leads/workbench?lead=2"))).toBe(true);
    expect(onlyPositionChanged(url("/leads/workbench"), url("/leads/workbench?lead=2&details=1"))).toBe(true);
    expect(onlyPositionChanged(url("/leads/workbench?lead=1&x=1"), url("/leads/workbench?lead=1&x=2"))).toBe(false);
    expect(onlyPositionChanged(url("/leads/workbench?lead=1"), url("/?lead=1"))).toBe(false);
  });
});

describe("the texts", () => {
  it("say how many leads and which one (1-based)", () => {
    expect(reviewingText(5)).toBe("Reviewing 5 seller leads");
    expect(reviewingText(1)).toBe("Reviewing 1 seller lead");
    expect(positionText(0, 5)).toBe("Lead 1 of 5");
    expect(showingText(4, 5)).toBe("Showing lead 5 of 5");
  });
});

describe("the bottom bar", () => {
  it("offers Save for Later, Let's Work It and Pass before a save", () => {
    expect(barButtons({ worked: false, index: 0, total: 5 })).toEqual({ save: true, work: true, pass: true, next: false, end: false });
    expect(barButtons({ worked: false, index: 4, total: 5 })).toEqual({ save: true, work: true, pass: true, next: false, end: false });
  });

  it("after a save hides the saves and shows Next Lead while more remain, the end of the queue on the last", () => {
    expect(barButtons({ worked: true, index: 3, total: 5 })).toEqual({ save: false, work: false, pass: false, next: true, end: false });
    expect(barButtons({ worked: true, index: 4, total: 5 })).toEqual({ save: false, work: false, pass: false, next: false, end: true });
    expect(barButtons({ worked: true, index: 0, total: 1 })).toMatchObject({ next: false, end: true });
  });
});

describe("Next Lead and Pass", () => {
  it("move to the following lead with the spec's toasts", () => {
    expect(moveOn("next", 0, 5)).toEqual({ index: 1, toast: { title: "Showing lead 2 of 5" } });
    expect(moveOn("pass", 2, 5)).toEqual({ index: 3, toast: { title: "Lead Passed", description: "Showing lead 4 of 5" } });
  });

  it("stay on the last lead with All Leads Reviewed, also from a stale position past the end", () => {
    const end = { title: "All Leads Reviewed", description: "You've reached the end of your lead queue." };
    expect(moveOn("next", 4, 5)).toEqual({ index: 4, toast: end });
    expect(moveOn("pass", 4, 5)).toEqual({ index: 4, toast: end });
    expect(moveOn("next", 12, 5)).toEqual({ index: 4, toast: end });
  });
});

describe("the status badge", () => {
  it("is the CRM status once saved, New before, and New for anything unknown", () => {
    expect(["analyzed", "offer_produced", "offer_sent", "contacted"].map(leadStatusOf)).toEqual([
      "analyzed",
      "offer_produced",
      "offer_sent",
      "contacted",
    ]);
    expect([null, undefined, "", "archived", "NEW"].map(leadStatusOf)).toEqual(Array(5).fill("new"));
  });
});

describe("the browser's stored queue follows the server's", () => {
  const server = { requestId: "req-2", location: "Phoenix, AZ", leads: LEADS, worked: ["b"] };

  it("replaces a missing queue or another search's (set-leads), at ?lead= or the first lead", () => {
    const other = goToLead(markWorked(createLeadQueue([lead("x"), lead("y")], { requestId: "req-1" }), "x"), 1);
    for (const stored of [null, other]) {
      expect(syncLeadQueue(stored, server, null)).toEqual({
        leads: LEADS,
        index: 0,
        worked: ["b"],
        requestId: "req-2",
        location: "Phoenix, AZ",
      });
      expect(syncLeadQueue(stored, server, 3).index).toBe(3);
    }
  });

  it("keeps the same search's position and worked marks, adding the server's", () => {
    const stored = goToLead(markWorked(createLeadQueue(LEADS, { requestId: "req-2" }), "d"), 2);
    const synced = syncLeadQueue(stored, server, null);
    expect(synced.index).toBe(2);
    expect(synced.worked).toEqual(["d", "b"]);
    // ?lead= wins over the stored position, clamped to the queue.
    expect(syncLeadQueue(stored, server, 1).index).toBe(1);
    expect(syncLeadQueue(stored, server, 40).index).toBe(4);
  });

  it("drops stored marks of leads the server's queue does not hold", () => {
    const stored = { ...createLeadQueue(LEADS, { requestId: "req-2" }), worked: ["zz", "c"] };
    expect(syncLeadQueue(stored, server, null).worked).toEqual(["c", "b"]);
  });
});

describe("the workbench's form", () => {
  it("names the lead for a save and the position for a move", () => {
    expect(WorkbenchActionSchema.parse({ intent: "save", leadId: " local-7 ", vendor: "local", index: "2" })).toEqual({
      intent: "save",
      leadId: "local-7",
      vendor: "local",
      index: 2,
    });
    expect(WorkbenchActionSchema.parse({ intent: "work", leadId: "local-7", vendor: "local" })).toMatchObject({ index: 0 });
    expect(WorkbenchActionSchema.parse({ intent: "pass", index: "4", leadId: "local-7" })).toEqual({ intent: "pass", index: 4 });
  });

  it("refuses an unknown button, a save without a lead and a move without a position", () => {
    for (const form of [
      {},
      { intent: "delete" },
      { intent: "save", vendor: "local" },
      { intent: "add", leadId: "x" },
      { intent: "next" },
    ]) {
      expect(WorkbenchActionSchema.safeParse(form).success, JSON.stringify(form)).toBe(false);
    }
  });
});
