/**
 * Posts what a search found into the chat from the browser: the pending messages are stored first
 * (domain/chat/pending, localStorage `chatPending`), the conversation is created when there is none
 * (POST /api/conversations), then each message is posted (POST /api/conversations/{id}/messages), 300–400 ms apart,
 * and leaves the store once the server has it. One poster per page: it outlives the chat section (the seller search
 * moves on to the Lead Workbench while its cards are posted), and a chat that opens with messages still pending
 * finishes posting them. The chat listens to show each message as it arrives.
 */
import { alreadyPosted, cardPause, loadChatPending, storeChatPending, type ChatPending } from "#app/domain/chat/pending.ts";
import { isRecord } from "#app/domain/shared/guards.ts";

export type PostedMessage = {
  id: string;
  conversationId: string;
  role: string;
  content: string;
  isAiGenerated: boolean;
  createdAt: string;
};

export type PosterEvent =
  | { type: "conversation"; conversationId: string }
  | { type: "message"; message: PostedMessage }
  | { type: "done"; conversationId: string | null }
  | { type: "failed"; message: string };

const listeners = new Set<(event: PosterEvent) => void>();

export function subscribeToPoster(listener: (event: PosterEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: PosterEvent) {
  for (const listener of listeners) listener(event);
}

/** The pending messages, in memory too: a browser that refuses storage still gets them posted in this page. */
let memory: ChatPending | null = null;
let running: Promise<string | null> | null = null;
/** True until this page has posted: what is pending then was left by an earlier page, perhaps half-posted. */
let resumable = true;

function save(pending: ChatPending | null) {
  memory = pending && pending.items.length > 0 ? pending : null;
  storeChatPending(memory);
}

function current(): ChatPending | null {
  return memory ?? loadChatPending();
}

/** True while a search's messages are waiting to be posted. */
export function hasPending(): boolean {
  return Boolean(current()?.items.length);
}

async function postJson(url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json: unknown = await response.json().catch(() => null);
  return { status: response.status, body: isRecord(json) ? json : {} };
}

function isPostedMessage(value: unknown): value is PostedMessage {
  return isRecord(value) && typeof value.id === "string" && typeof value.conversationId === "string" && typeof value.content === "string";
}

function postedMessage(value: unknown): PostedMessage | null {
  return isPostedMessage(value) ? value : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Before posting what an earlier page left, drop what the conversation already has (a 404: start one). */
async function resume(pending: ChatPending): Promise<void> {
  if (!pending.conversationId) return;
  try {
    const response = await fetch(`/api/conversations/${encodeURIComponent(pending.conversationId)}/messages`);
    if (response.status === 404) {
      save({ ...(current() ?? pending), conversationId: null });
      return;
    }
    const list: unknown = await response.json();
    if (!response.ok || !Array.isArray(list)) return;
    const stored = list.flatMap((message: unknown) => postedMessage(message)?.content ?? []);
    const latest = current() ?? pending;
    const done = alreadyPosted(
      stored,
      latest.items.map((item) => item.content),
    );
    if (done > 0) save({ ...latest, items: latest.items.slice(done) });
  } catch {
    // Offline: post on; the server keeps whatever arrives.
  }
}

/** Posts what is pending until nothing is; re-reads the store after every wait, since a new search may add to it. */
async function post(): Promise<string | null> {
  let conversationId: string | null = null;
  let first = true;
  const left = current();
  if (left && resumable) await resume(left);
  resumable = false;
  for (let pending = current(); pending && pending.items.length > 0; pending = current()) {
    if (!pending.conversationId) {
      const created = await postJson("/api/conversations", { agentType: pending.agent, title: pending.title });
      if (created.status !== 201 || typeof created.body.id !== "string") {
        emit({
          type: "failed",
          message: typeof created.body.message === "string" ? created.body.message : "Could not start a conversation",
        });
        return null;
      }
      save({ ...(current() ?? pending), conversationId: created.body.id });
      emit({ type: "conversation", conversationId: created.body.id });
      continue;
    }
    conversationId = pending.conversationId;
    if (!first) await sleep(cardPause());
    first = false;
    const item = (current() ?? pending).items[0]!;
    const answer = await postJson(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, item);
    if (answer.status === 404) {
      // The conversation went away (deleted elsewhere): start one for what is left.
      save({ ...(current() ?? pending), conversationId: null });
      continue;
    }
    const message = postedMessage(answer.body.message);
    if (answer.status !== 201 || !message) {
      emit({ type: "failed", message: typeof answer.body.message === "string" ? answer.body.message : "Could not post to the chat" });
      return conversationId;
    }
    const after = current() ?? pending;
    save({ ...after, items: after.items.slice(1) });
    emit({ type: "message", message });
  }
  emit({ type: "done", conversationId });
  return conversationId;
}

/** Posts what is pending (once at a time); resolves with the conversation it went into. */
export function postPending(): Promise<string | null> {
  running ??= post()
    .catch(() => {
      emit({ type: "failed", message: "Could not post to the chat" });
      return null;
    })
    .finally(() => {
      running = null;
    });
  return running;
}

/**
 * Holds a search's messages and starts posting them. A search found while an earlier one is still posting waits
 * behind it, in the same conversation.
 */
export function enqueuePending(next: ChatPending): Promise<string | null> {
  const earlier = current();
  // Nothing left from an earlier page: what is pending now is this page's own, never half-posted.
  if (!earlier?.items.length) resumable = false;
  save(earlier && earlier.items.length > 0 ? { ...earlier, items: [...earlier.items, ...next.items] } : next);
  // A poster already running reads the store again after each message, so it posts these too.
  return postPending();
}
