import { isRecord, parseJsonRecord } from "#app/domain/shared/guards.ts";

/**
 * What a search found, held in the browser until it is posted into the chat: "when no conversation
 * exists, one is created first; found results are held in local storage (pending seller or cash buyer response and
 * cards) and posted into it once created". Kept in localStorage under `chatPending`, so results survive a reload or
 * the move to the Lead Workbench; posted messages leave it one by one. Pure, zod-free, never throws.
 */
export const CHAT_PENDING_KEY = "chatPending";

/** Cards are posted 300–400 ms apart. */
export const CARD_PAUSE_MS = { min: 300, max: 400 } as const;

export type PendingItem = { content: string; role: "user" | "assistant"; isAiGenerated: boolean };

export type ChatPending = {
  kind: "seller" | "buyer";
  /** The conversation to post into; null until it is created. */
  conversationId: string | null;
  /** What a new conversation is called, and its agent. */
  title: string;
  agent: string;
  /** What is left to post, in order. */
  items: PendingItem[];
};

function isItem(value: unknown): value is PendingItem {
  if (!isRecord(value)) return false;
  const item = value;
  return typeof item.content === "string" && (item.role === "user" || item.role === "assistant") && typeof item.isAiGenerated === "boolean";
}

export function parseChatPending(text: string | null): ChatPending | null {
  const stored = parseJsonRecord(text);
  if (!stored) return null;
  if (stored.kind !== "seller" && stored.kind !== "buyer") return null;
  if (typeof stored.title !== "string" || typeof stored.agent !== "string" || !Array.isArray(stored.items)) return null;
  if (!stored.items.every(isItem)) return null;
  return {
    kind: stored.kind,
    conversationId: typeof stored.conversationId === "string" && stored.conversationId ? stored.conversationId : null,
    title: stored.title,
    agent: stored.agent,
    items: stored.items,
  };
}

/** The pause before the next card: 300–400 ms (`random` in [0, 1)). */
export function cardPause(random = Math.random()): number {
  return Math.round(CARD_PAUSE_MS.min + (CARD_PAUSE_MS.max - CARD_PAUSE_MS.min) * random);
}

/**
 * How many of the pending items the conversation already ends with: a page closed while a message was on its way
 * may have had it stored without hearing so. The longest run of pending items that the stored messages end with.
 */
export function alreadyPosted(stored: readonly string[], pending: readonly string[]): number {
  for (let k = Math.min(stored.length, pending.length); k > 0; k--) {
    const tail = stored.slice(stored.length - k);
    if (tail.every((content, i) => content === pending[i])) return k;
  }
  return 0;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadChatPending(storage: KeyValueStorage | null = browserStorage()): ChatPending | null {
  try {
    return parseChatPending(storage?.getItem(CHAT_PENDING_KEY) ?? null);
  } catch {
    return null;
  }
}

/** Stores what is left (an empty list clears it); false when the browser refused. */
export function storeChatPending(pending: ChatPending | null, storage: KeyValueStorage | null = browserStorage()): boolean {
  if (!storage) return false;
  try {
    if (!pending || pending.items.length === 0) storage.removeItem(CHAT_PENDING_KEY);
    else storage.setItem(CHAT_PENDING_KEY, JSON.stringify(pending));
    return true;
  } catch {
    return false;
  }
}
