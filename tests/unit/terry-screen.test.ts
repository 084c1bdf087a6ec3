import { describe, expect, it } from "vitest";

import { placeOf } from "#app/domain/chat/intent.ts";
import { TERRY_HISTORY_MAX, TerryChatSchema, TerryFormSchema } from "#app/domain/chat/terry-forms.ts";
import { TERRY_AGENT, TERRY_STARTERS, terryHref, wantsTerry } from "#app/domain/chat/terry-screen.ts";
import { NEGOTIATION_DRAFT_INTRO, negotiationAnswer } from "#app/domain/messages/reply-draft.ts";

describe("the Target Market Finder screen", () => {
  it("offers three distinct starter prompts, each naming a place Terry can look up", () => {
    expect(TERRY_STARTERS).toHaveLength(3);
    expect(new Set(TERRY_STARTERS).size).toBe(3);
    expect(TERRY_STARTERS.map((starter) => placeOf(starter)?.label)).toEqual(["85004", "Phoenix, AZ", "Mesa, AZ"]);
  });

  it("lives in the Lead Finder chat's URL with terry=1, and keeps its conversations apart from the four agents'", () => {
    expect(terryHref(null)).toBe("/?section=chat&agent=lead-finder&terry=1");
    expect(terryHref("new")).toBe("/?section=chat&agent=lead-finder&terry=1&c=new");
    expect(terryHref("abc")).toBe("/?section=chat&agent=lead-finder&terry=1&c=abc");
    expect(wantsTerry(new URL(`http://x${terryHref("abc")}`).searchParams)).toBe(true);
    expect(wantsTerry(new URLSearchParams("section=chat&terry=0"))).toBe(false);
    expect(wantsTerry(new URLSearchParams("section=chat"))).toBe(false);
    expect(TERRY_AGENT).toBe("terry");
  });
});

describe("Terry's request and form schemas", () => {
  it("takes the message trimmed, a conversation to continue (blank or new starts one) and the history", () => {
    expect(TerryChatSchema.parse({ message: "  85004?  " })).toEqual({ message: "85004?", history: [] });
    expect(TerryChatSchema.parse({ message: "hi", conversationId: " c1 " }).conversationId).toBe("c1");
    for (const blank of ["", "  ", "new", null])
      expect(TerryChatSchema.parse({ message: "hi", conversationId: blank }).conversationId).toBeUndefined();
    expect(TerryFormSchema.parse({ message: "Phoenix, AZ", c: "new" })).toEqual({ message: "Phoenix, AZ" });
    expect(TerryFormSchema.parse({ message: "Phoenix, AZ", c: "c9" })).toEqual({ message: "Phoenix, AZ", c: "c9" });
  });

  it("refuses an empty message, a conversation id that is not text or too long, and too much history", () => {
    const issues = (body: unknown) => TerryChatSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ message: " " })).toEqual([["message", "Message is required"]]);
    expect(issues({ message: "hi", conversationId: 7 })).toEqual([["conversationId", "Conversation not found"]]);
    expect(issues({ message: "hi", conversationId: "x".repeat(65) })).toEqual([["conversationId", "Conversation not found"]]);
    const history = Array.from({ length: TERRY_HISTORY_MAX + 1 }, () => ({ role: "user", content: "hi" }));
    expect(issues({ message: "hi", history })).toEqual([["history", `At most ${TERRY_HISTORY_MAX} messages of history`]]);
    expect(TerryFormSchema.safeParse({}).error?.issues.map((issue) => issue.path.join("."))).toEqual(["message"]);
  });
});

describe("the Negotiation agent's answer", () => {
  it("is the drafted reply under a line saying what it is", () => {
    expect(negotiationAnswer("Hi Ann, thanks.")).toBe(`${NEGOTIATION_DRAFT_INTRO}\n\nHi Ann, thanks.`);
  });
});
