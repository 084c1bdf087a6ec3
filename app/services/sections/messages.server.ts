import { listContactOptions, listConversations, listMessages } from "~/services/conversations.server";

import type { SectionLoader } from "./types";

/**
 * The messages section: the conversation list (filtered by `q` over title, contact, property and preview), the
 * selected conversation (`c`, else the first) with its messages, the user's contacts for "New Message", and an AI
 * Assist draft carried in `draft` when it was asked for without JavaScript.
 */
export const load = (async (context, session, url) => {
  const userId = session.user.id;
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [all, contacts] = await Promise.all([listConversations(context.db, userId), listContactOptions(context.db, userId)]);
  const needle = query.toLowerCase();
  const conversations = needle
    ? all.filter((c) => [c.title, c.contactName, c.propertyAddress, c.lastMessage].some((text) => text?.toLowerCase().includes(needle)))
    : all;
  const requested = url.searchParams.get("c");
  const selected = conversations.find((c) => c.id === requested) ?? all.find((c) => c.id === requested) ?? conversations[0] ?? null;
  const messages = selected ? ((await listMessages(context.db, userId, selected.id)) ?? []) : [];
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
