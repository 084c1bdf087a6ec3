/**
 * Conversations and their messages, read: lists, threads, search, the agent chat's threads.
 * Every query is scoped to the user; a foreign or unknown id reads as "not found" (null), which the routes answer
 * with 404. Writes are in conversation-writes.server.ts.
 */
import { and, asc, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";

import { contacts, conversations, messages, properties } from "#db/schema.ts";
import { messageText } from "#app/domain/chat/messages.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export const PREVIEW_LENGTH = 50;

/** The spec's preview: the last message (a card as its text, see `messageText`) cut at 50 characters. */
export function previewOf(content: string | null | undefined): string {
  if (!content) return "";
  const text = messageText(content);
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}...` : text;
}

export type ConversationSummary = {
  id: string;
  title: string | null;
  agentType: string | null;
  contactId: string | null;
  contactName: string | null;
  propertyId: string | null;
  propertyAddress: string | null;
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
};

const SUMMARY_COLUMNS = {
  id: conversations.id,
  title: conversations.title,
  agentType: conversations.agentType,
  contactId: conversations.contactId,
  contactName: contacts.name,
  propertyId: conversations.propertyId,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
  // The newest message only, read through messages_conversation_created_idx (one index seek per conversation).
  lastMessage: sql<string | null>`(
    SELECT ${messages.content} FROM ${messages}
    WHERE ${messages.conversationId} = ${conversations.id} AND ${messages.userId} = ${conversations.userId}
    ORDER BY ${messages.createdAt} DESC, ${messages}.rowid DESC LIMIT 1
  )`,
};

type SummaryRow = {
  id: string;
  title: string | null;
  agentType: string | null;
  contactId: string | null;
  contactName: string | null;
  propertyId: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastMessage: string | null;
};

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    agentType: row.agentType,
    contactId: row.contactId,
    contactName: row.contactName,
    propertyId: row.propertyId,
    propertyAddress: row.address ? [row.address, row.city, row.state].filter(Boolean).join(", ") : null,
    lastMessage: previewOf(row.lastMessage),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function summaries(context: ServiceContext<"db">, userId: string) {
  const { db } = context;
  return db
    .select(SUMMARY_COLUMNS)
    .from(conversations)
    .leftJoin(contacts, and(eq(contacts.id, conversations.contactId), eq(contacts.userId, userId)))
    .leftJoin(properties, and(eq(properties.id, conversations.propertyId), eq(properties.userId, userId)));
}

/** Most recently active first; ties broken by id, so the list and the first-match query below agree. */
const MOST_RECENT_FIRST = [desc(conversations.updatedAt), desc(conversations.id)];

/** The user's conversations, most recently active first, with the contact, property and last-message preview. */
export async function listConversations(context: ServiceContext<"db">, userId: string): Promise<ConversationSummary[]> {
  const rows = await summaries(context, userId)
    .where(eq(conversations.userId, userId))
    .orderBy(...MOST_RECENT_FIRST);
  return rows.map(toSummary);
}

/** One of the user's conversations with its preview, or null when it is not the user's. */
export async function getConversation(context: ServiceContext<"db">, userId: string, id: string): Promise<ConversationSummary | null> {
  const row = await summaries(context, userId)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .get();
  return row ? toSummary(row) : null;
}

export async function ownsConversation(context: ServiceContext<"db">, userId: string, id: string): Promise<boolean> {
  const { db } = context;
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export type MessageView = { id: string; conversationId: string; role: string; content: string; isAiGenerated: boolean; createdAt: string };

export function toMessageView(row: typeof messages.$inferSelect): MessageView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    isAiGenerated: row.isAiGenerated,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The messages, oldest first, of the user's conversation that `which` picks (an id, or SQL that answers one), with
 * that conversation's id; null when it picks none of the user's. One query: the ownership check is the join.
 */
async function threadOf(
  context: ServiceContext<"db">,
  userId: string,
  which: string | SQL,
): Promise<{ conversationId: string; messages: MessageView[] } | null> {
  const { db } = context;
  const rows = await db
    .select({ conversationId: conversations.id, message: messages })
    .from(conversations)
    .leftJoin(messages, and(eq(messages.conversationId, conversations.id), eq(messages.userId, userId)))
    .where(and(eq(conversations.userId, userId), eq(conversations.id, which)))
    .orderBy(asc(messages.createdAt), asc(sql`${messages}.rowid`));
  if (rows.length === 0) return null;
  return { conversationId: rows[0].conversationId, messages: rows.flatMap((row) => (row.message ? [toMessageView(row.message)] : [])) };
}

/** The conversation's messages oldest first, or null when it is not the user's. */
export async function listMessages(context: ServiceContext<"db">, userId: string, conversationId: string): Promise<MessageView[] | null> {
  return (await threadOf(context, userId, conversationId))?.messages ?? null;
}

/** `column` contains `text` taken literally (% and _ escaped); SQLite's LIKE ignores ASCII case. */
function containsText(column: SQL, text: string): SQL {
  const escaped = text.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_");
  return sql`${column} LIKE ${`%${escaped}%`} ESCAPE '\\'`;
}

/**
 * The messages section's search in SQL: title, contact, property address and preview contain the text, as
 * `matchesSearch` decides in JavaScript. SQLite folds only ASCII case, so for other text the two can differ; the
 * section then reads the thread again (see `firstThread`).
 */
function searchCondition(text: string): SQL | undefined {
  const address = sql`nullif(${properties.address}, '') || coalesce(', ' || nullif(${properties.city}, ''), '') || coalesce(', ' || nullif(${properties.state}, ''), '')`;
  const last = SUMMARY_COLUMNS.lastMessage;
  const preview = sql`CASE WHEN length(${last}) > ${PREVIEW_LENGTH} THEN substr(${last}, 1, ${PREVIEW_LENGTH}) || '...' ELSE ${last} END`;
  return or(
    containsText(sql`${conversations.title}`, text),
    containsText(sql`${contacts.name}`, text),
    containsText(address, text),
    containsText(preview, text),
  );
}

/** Whether a conversation matches the messages section's search (`needle` in lower case). */
export function matchesSearch(conversation: ConversationSummary, needle: string): boolean {
  return [conversation.title, conversation.contactName, conversation.propertyAddress, conversation.lastMessage].some((text) =>
    text?.toLowerCase().includes(needle),
  );
}

/**
 * The thread the messages section opens, read in the same wave as the list: the requested conversation when it is
 * the user's, else the most recent one the search matches. The section checks the pick against the list it shows.
 */
export function firstThread(context: ServiceContext<"db">, userId: string, options: { requested: string | null; query: string }) {
  const { db } = context;
  const pick = db
    .select({ id: conversations.id })
    .from(conversations)
    .leftJoin(contacts, and(eq(contacts.id, conversations.contactId), eq(contacts.userId, userId)))
    .leftJoin(properties, and(eq(properties.id, conversations.propertyId), eq(properties.userId, userId)))
    .where(and(eq(conversations.userId, userId), options.query ? searchCondition(options.query) : undefined))
    .orderBy(...MOST_RECENT_FIRST)
    .limit(1);
  if (!options.requested) return threadOf(context, userId, sql`(${pick})`);
  const requested = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, options.requested), eq(conversations.userId, userId)));
  return threadOf(context, userId, sql`coalesce((${requested}), (${pick}))`);
}

/** A contact or property id is kept only when it is the user's own. */

export async function listContactOptions(context: ServiceContext<"db">, userId: string) {
  const { db } = context;
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, address: properties.address })
    .from(contacts)
    .leftJoin(properties, and(eq(properties.id, contacts.propertyId), eq(properties.userId, userId)))
    .where(eq(contacts.userId, userId))
    .orderBy(asc(contacts.name));
  return rows.map((row) => ({ id: row.id, name: row.name, address: row.address }));
}

/** What AI Assist reads: the contact, the newest message not written by the user, and the linked property's figures. */
export async function replyContext(context: ServiceContext<"db">, userId: string, conversationId: string) {
  const { db } = context;
  const conversation = await getConversation(context, userId, conversationId);
  if (!conversation) return null;
  const [lastIncoming] = await db
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId), ne(messages.role, "user")))
    .orderBy(desc(messages.createdAt), desc(sql`${messages}.rowid`))
    .limit(1);
  const [property] = conversation.propertyId
    ? await db
        .select({
          address: properties.address,
          city: properties.city,
          arv: properties.arv,
          maxOffer: properties.maxOffer,
          price: properties.price,
        })
        .from(properties)
        .where(and(eq(properties.id, conversation.propertyId), eq(properties.userId, userId)))
        .limit(1)
    : [];
  return { contactName: conversation.contactName, lastIncoming: lastIncoming?.content ?? null, property: property ?? null };
}

// --- the agent chat: conversations by agent, and messages posted in order ---------------------------

/** The agent chat lists at most this many conversations. */
const AGENT_LIST_LIMIT = 50;

/** The user's conversations with one agent (`agentType`), most recently active first. */
export async function listAgentConversations(
  context: ServiceContext<"db">,
  userId: string,
  agent: string,
): Promise<{ id: string; title: string | null; updatedAt: string }[]> {
  const { db } = context;
  const rows = await db
    .select({ id: conversations.id, title: conversations.title, updatedAt: conversations.updatedAt })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.agentType, agent)))
    .orderBy(...MOST_RECENT_FIRST)
    .limit(AGENT_LIST_LIMIT);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

export type ChatThread = { conversation: { id: string; title: string | null; agentType: string | null }; messages: MessageView[] };

/**
 * The agent chat's open conversation in one query: `requested` when it is the user's (null when it is not: the
 * caller answers 404), else the user's most recently active conversation with `agent` (null when there is none).
 */
export async function chatThread(
  context: ServiceContext<"db">,
  userId: string,
  options: { agent: string; requested: string | null },
): Promise<ChatThread | null> {
  const { db } = context;
  const latest = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.agentType, options.agent)))
    .orderBy(...MOST_RECENT_FIRST)
    .limit(1);
  const rows = await db
    .select({ id: conversations.id, title: conversations.title, agentType: conversations.agentType, message: messages })
    .from(conversations)
    .leftJoin(messages, and(eq(messages.conversationId, conversations.id), eq(messages.userId, userId)))
    .where(and(eq(conversations.userId, userId), eq(conversations.id, options.requested ?? sql`(${latest})`)))
    .orderBy(asc(messages.createdAt), asc(sql`${messages}.rowid`));
  const first = rows[0];
  if (!first) return null;
  return {
    conversation: { id: first.id, title: first.title, agentType: first.agentType },
    messages: rows.flatMap((row) => (row.message ? [toMessageView(row.message)] : [])),
  };
}

/** One of the user's messages (a card an action reads), with its conversation's agent; null when it is not theirs. */
export async function getOwnMessage(context: ServiceContext<"db">, userId: string, id: string) {
  const { db } = context;
  const [row] = await db
    .select({ message: messages, agentType: conversations.agentType })
    .from(messages)
    .innerJoin(conversations, and(eq(conversations.id, messages.conversationId), eq(conversations.userId, userId)))
    .where(and(eq(messages.id, id), eq(messages.userId, userId)))
    .limit(1);
  return row ? { ...toMessageView(row.message), agentType: row.agentType } : null;
}
