/**
 * The messages section's two forms, validated with the same schemas in the browser (conform) and on the server:
 * a reply in a conversation, and "New Message" (a conversation with one of the user's contacts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

import { plainText } from "#app/domain/shared/text.ts";

import { MESSAGE_MAX } from "./limits.ts";

export { MESSAGE_MAX };

/** A message's text: required, at most 5000 characters after trimming. */
export const messageContent = plainText(
  z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
  "Message",
);

export const ReplyFormSchema = z.object({
  conversationId: z.string({ error: "Conversation not found" }).trim().min(1, "Conversation not found").max(64, "Conversation not found"),
  content: messageContent,
  isAiGenerated: z.enum(["true", "false"]).optional(),
});

export const NewMessageFormSchema = z.object({
  contactId: z.string({ error: "Choose a contact" }).trim().min(1, "Choose a contact").max(64, "Contact not found"),
  content: plainText(z.string().trim().max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`).optional(), "Message"),
});

export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const CONTACT_NOT_FOUND = "Contact not found";

/** What /messages/send answers a form that failed: which form, its conversation, and conform's result. */
export type MessageActionData = { intent: "new" | "send"; conversationId: string | null; result: SubmissionResult<string[]> };
