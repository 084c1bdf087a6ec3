/**
 * Writing conversations and messages: a new conversation, a message added, the agent chat's messages posted in order.
 */
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";

import { MESSAGE_ROLES } from "#db/enums.ts";
import { contacts, conversations, messages, properties } from "#db/schema.ts";
import { CONTACT_NOT_FOUND, messageContent } from "#app/domain/messages/message-forms.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { ownsConversation, toMessageView, type MessageView } from "./conversations.server.ts";

export const ConversationInputSchema = z.object({
  agentType: z.string().trim().max(50).optional().nullable(),
  title: z.string().trim().max(200).optional().nullable(),
  contactId: z.string().trim().max(64).optional().nullable(),
  propertyId: z.string().trim().max(64).optional().nullable(),
});

export const MessageInputSchema = z.object({
  content: messageContent,
  role: z.enum(MESSAGE_ROLES, { error: "Role must be user or assistant" }).default("user"),
  isAiGenerated: z
    .union([z.boolean(), z.enum(["true", "false", "on"])])
    .optional()
    .transform((value) => value === true || value === "true" || value === "on"),
});

async function ownedContact(context: ServiceContext<"db">, userId: string, contactId: string | null | undefined) {
  const { db } = context;
  if (!contactId) return null;
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)))
    .limit(1);
  return row ?? null;
}

async function ownedProperty(context: ServiceContext<"db">, userId: string, propertyId: string | null | undefined) {
  const { db } = context;
  if (!propertyId) return null;
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)))
    .limit(1);
  return row ?? null;
}

export type CreateConversationOutcome = { ok: true; id: string } | { ok: false; status: 404; message: string };

export async function createConversation(
  context: ServiceContext<"db" | "now">,
  userId: string,
  input: z.infer<typeof ConversationInputSchema>,
): Promise<CreateConversationOutcome> {
  const { db } = context;
  const now = context.now();
  const contact = await ownedContact(context, userId, input.contactId);
  if (input.contactId && !contact) return { ok: false, status: 404, message: CONTACT_NOT_FOUND };
  const property = await ownedProperty(context, userId, input.propertyId ?? contact?.propertyId);
  if (input.propertyId && !property) return { ok: false, status: 404, message: "Property not found" };
  const id = crypto.randomUUID();
  await db.insert(conversations).values({
    id,
    userId,
    title: input.title || contact?.name || null,
    agentType: input.agentType || null,
    contactId: contact?.id ?? null,
    propertyId: property?.id ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return { ok: true, id };
}

/** Stores a message and marks the conversation active; null when the conversation is not the user's. */
export async function addMessage(
  context: ServiceContext<"db" | "now">,
  userId: string,
  conversationId: string,
  input: z.infer<typeof MessageInputSchema>,
): Promise<MessageView | null> {
  const { db } = context;
  const now = context.now();
  if (!(await ownsConversation(context, userId, conversationId))) return null;
  const id = crypto.randomUUID();
  await db.batch([
    db
      .insert(messages)
      .values({ id, userId, conversationId, role: input.role, content: input.content, isAiGenerated: input.isAiGenerated, createdAt: now }),
    db
      .update(conversations)
      .set({ updatedAt: now })
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId))),
  ]);
  return { id, conversationId, role: input.role, content: input.content, isAiGenerated: input.isAiGenerated, createdAt: now.toISOString() };
}

/** The user's contacts, for "New Message". */

export type NewMessage = { content: string; role: (typeof MESSAGE_ROLES)[number]; isAiGenerated: boolean };

/**
 * Posts messages in order into the user's conversation `conversationId`, or into a new conversation (`start`) when
 * it is null, in one batch; each message a millisecond after the one before, so they read back in order. Null when
 * `conversationId` is not the user's (nothing written).
 */
export async function postMessages(
  context: ServiceContext<"db" | "now">,
  userId: string,
  target: { conversationId: string | null; start: { agentType: string; title: string } },
  items: readonly NewMessage[],
  /** Statements written with the messages (an AI call's charge): all or nothing. */
  also: readonly BatchItem<"sqlite">[] = [],
): Promise<{ conversationId: string; messages: MessageView[] } | null> {
  const { db } = context;
  const now = context.now();
  if (target.conversationId && !(await ownsConversation(context, userId, target.conversationId))) return null;
  const conversationId = target.conversationId ?? crypto.randomUUID();
  const rows = items.map((item, i) => ({
    id: crypto.randomUUID(),
    userId,
    conversationId,
    role: item.role,
    content: item.content,
    isAiGenerated: item.isAiGenerated,
    createdAt: new Date(now.getTime() + i),
  }));
  const last = new Date(now.getTime() + Math.max(items.length - 1, 0));
  await db.batch([
    target.conversationId
      ? db
          .update(conversations)
          .set({ updatedAt: last })
          .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
      : db.insert(conversations).values({
          id: conversationId,
          userId,
          title: target.start.title,
          agentType: target.start.agentType,
          createdAt: now,
          updatedAt: last,
        }),
    ...(rows.length > 0 ? [db.insert(messages).values(rows)] : []),
    ...also,
  ]);
  return { conversationId, messages: rows.map(toMessageView) };
}
