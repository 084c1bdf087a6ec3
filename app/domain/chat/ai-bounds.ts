/**
 * What one conversation may send the model: every AI call costs tokens, so the text the user types and
 * the history that goes with it are bounded here, once, for the agent chat and Terry alike. Zod-free: the chat's
 * boxes read the limits (the schemas are ai-fields.ts).
 */
/** The longest message an AI agent reads: the chat's and Terry's box, and each turn of history sent with it. */
export const AI_MESSAGE_MAX = 4_000;

/** How many of a conversation's newest turns the model reads with a new message (the agent chat and Terry). */
export const HISTORY_TURNS = 10;

/** The most text sent to the model for one answer: the message and its history together. */
export const AI_CONTEXT_CHARS_MAX = 16_000;

/** The refusal when a client's history and message together pass AI_CONTEXT_CHARS_MAX (a 413). */
export const HISTORY_TOO_LONG = `The conversation sent is too long: the message and its history may have at most ${AI_CONTEXT_CHARS_MAX.toLocaleString("en-US")} characters together`;

/** The characters a message and its history add up to. */
export function contextChars(message: string, history: readonly { content: string }[]): number {
  return history.reduce((total, turn) => total + turn.content.length, message.length);
}

/**
 * The history the model sees with `message`: the newest turns (at most `maxTurns`) that fit, with the message, in
 * AI_CONTEXT_CHARS_MAX, each cut to AI_MESSAGE_MAX. Stored conversations are never refused for their length; they
 * are only read from the end.
 */
export function boundHistory<T extends { content: string }>(history: readonly T[], message: string, maxTurns: number): T[] {
  let room = AI_CONTEXT_CHARS_MAX - message.length;
  const kept: T[] = [];
  for (let i = history.length - 1; i >= 0 && kept.length < maxTurns; i--) {
    const content = history[i]!.content.slice(0, AI_MESSAGE_MAX);
    if (content.length > room) break;
    room -= content.length;
    kept.unshift({ ...history[i]!, content });
  }
  return kept;
}
