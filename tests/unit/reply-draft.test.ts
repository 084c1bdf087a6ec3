import { describe, expect, it } from "vitest";

import { draftReply } from "#app/domain/messages/reply-draft.ts";
import { relativeTime } from "#app/domain/shared/format.ts";

const property = { address: "4821 N 35th Ave", city: "Phoenix", maxOffer: 182000, arv: 310000, price: 240000 };

describe("draftReply", () => {
  it("opens the conversation when the other side has not written yet", () => {
    expect(draftReply({ contactName: "Maria Lopez", lastIncoming: null, property })).toBe(
      "Hi Maria, I'm a local investor interested in buying 4821 N 35th Ave for cash, as-is, on your timeline. Would you be open to a quick conversation this week?",
    );
  });

  it("answers a price question with the property's max offer in dollars", () => {
    const draft = draftReply({ contactName: "Maria Lopez", lastIncoming: "What would you pay for it?", property });
    expect(draft).toContain("$182,000 cash");
    expect(draft.startsWith("Hi Maria,")).toBe(true);
  });

  it("promises a firm offer when the property has no max offer yet", () => {
    const draft = draftReply({ contactName: "Sam", lastIncoming: "What's your offer?", property: { ...property, maxOffer: null } });
    expect(draft).toContain("firm cash offer within 24 hours");
  });

  it("respects a seller who is not interested", () => {
    expect(draftReply({ contactName: "Sam", lastIncoming: "Not interested, thanks", property })).toContain("I won't reach out again");
  });

  it("talks about timing, repairs and questions, and falls back to a friendly follow-up", () => {
    expect(draftReply({ contactName: "Sam", lastIncoming: "How long would it take to close", property })).toContain("14 days");
    expect(draftReply({ contactName: "Sam", lastIncoming: "The roof leaks", property })).toContain("as-is");
    expect(draftReply({ contactName: "Sam", lastIncoming: "Are you local?", property })).toContain("Great question");
    expect(draftReply({ contactName: null, lastIncoming: "I inherited the house", property: null })).toBe(
      "Hi there, Thanks for getting back to me about your property. I'd love to learn a bit more about your plans for it. When is a good time for a quick call?",
    );
  });

  it("is deterministic", () => {
    const input = { contactName: "Maria", lastIncoming: "Is the offer cash?", property };
    expect(draftReply(input)).toBe(draftReply(input));
  });
});

const now = new Date("2026-03-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 3_600_000;

describe("relativeTime", () => {
  it("says just now under an hour, hours under a day, days beyond", () => {
    expect(relativeTime(ago(59 * 60_000), now)).toBe("just now");
    expect(relativeTime(ago(HOUR), now)).toBe("1 hour ago");
    expect(relativeTime(ago(23 * HOUR + 59 * 60_000), now)).toBe("23 hours ago");
    expect(relativeTime(ago(24 * HOUR), now)).toBe("1 day ago");
    expect(relativeTime(ago(47 * HOUR + 59 * 60_000), now)).toBe("1 day ago");
    expect(relativeTime(ago(48 * HOUR).toISOString(), now)).toBe("2 days ago");
    expect(relativeTime(new Date(now.getTime() + HOUR), now)).toBe("just now");
  });
});
