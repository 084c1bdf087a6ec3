import { messageText } from "#app/domain/chat/messages.ts";
import {
  firstThread,
  listContactOptions,
  listConversations,
  listMessages,
  matchesSearch,
} from "#app/services/messages/conversations.server.ts";
import type { SectionLoader } from "#app/services/shell/section-loaders.ts";

/**
 * The messages section: the conversation list (filtered by `q` over title, contact, property and preview), the
 * selected conversation (`c`, else the first) with its messages, the user's contacts for "New Message", and an AI
 * Assist draft carried in `draft` when it was asked for without JavaScript.
 */
export const load = (async (context, session, url) => {
  const userId = session.workspaceId;
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const requested = url.searchParams.get("c");
  // One wave: the list, the contacts, and the thread the page will most likely open, picked in SQL.
  const [all, contacts, thread] = await Promise.all([
    listConversations(context, userId),
    listContactOptions(context, userId),
    firstThread(context, userId, { requested, query }),
  ]);
  const needle = query.toLowerCase();
  const conversations = needle ? all.filter((c) => matchesSearch(c, needle)) : all;
  const selected = conversations.find((c) => c.id === requested) ?? all.find((c) => c.id === requested) ?? conversations[0] ?? null;
  // The SQL pick matches the list's choice except for searches SQLite folds differently (non-ASCII case): read again.
  const stored = !selected
    ? []
    : thread?.conversationId === selected.id
      ? thread.messages
      : ((await listMessages(context, userId, selected.id)) ?? []);
  // An agent chat's cards are stored as JSON: the section shows what each card is about, as its preview does.
  const messages = stored.map((message) => ({ ...message, content: messageText(message.content) }));
  return {
    query,
    totalConversations: all.length,
    conversations,
    selected,
    messages,
    contacts,
    composing: url.searchParams.get("new") === "1",
    draft: selected ? (url.searchParams.get("draft") ?? "").slice(0, 5000) : "",
    now: context.now().toISOString(),
  };
}) satisfies SectionLoader<unknown>;
