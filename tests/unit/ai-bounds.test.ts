import { describe, expect, it } from "vitest";

import { AI_CONTEXT_CHARS_MAX, AI_MESSAGE_MAX, boundHistory, contextChars } from "#app/domain/chat/ai-bounds.ts";

const turn = (content: string) => ({ role: "user", content });

describe("boundHistory: what the model sees of a conversation", () => {
  it("keeps the newest turns in order, at most maxTurns of them", () => {
    const history = ["a", "b", "c", "d"].map(turn);
    expect(boundHistory(history, "m", 2).map((t) => t.content)).toEqual(["c", "d"]);
    expect(boundHistory(history, "m", 12).map((t) => t.content)).toEqual(["a", "b", "c", "d"]);
  });

  it("cuts each turn to AI_MESSAGE_MAX and stops at the first that no longer fits with the message", () => {
    const history = [turn("x".repeat(10)), turn("y".repeat(AI_MESSAGE_MAX + 500)), turn("z".repeat(AI_MESSAGE_MAX))];
    const message = "m".repeat(AI_CONTEXT_CHARS_MAX - 2 * AI_MESSAGE_MAX - 5);
    const kept = boundHistory(history, message, 12);
    expect(kept.map((t) => t.content.length)).toEqual([AI_MESSAGE_MAX, AI_MESSAGE_MAX]);
    expect(kept[0]!.content[0]).toBe("y");
    expect(contextChars(message, kept)).toBeLessThanOrEqual(AI_CONTEXT_CHARS_MAX);
  });

  it("sends no history with a message that fills the budget, and never changes the turns given", () => {
    const history = [turn("hello")];
    expect(boundHistory(history, "m".repeat(AI_CONTEXT_CHARS_MAX), 12)).toEqual([]);
    expect(history).toEqual([turn("hello")]);
  });
});
