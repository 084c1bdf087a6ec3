/**
 * POST /api/terry/chat's body (message, history, and the Terry conversation to continue) and the Terry
 * screen's form without JavaScript (message and `c`). Server-side; the screen posts the same fields.
 */
import { z } from "zod";

import { aiHistoryContent, aiMessage } from "./ai-fields.ts";

/** Turns of history the server accepts (the model sees the newest of them). */
export const TERRY_HISTORY_MAX = 40;

const message = aiMessage;

/** The Terry conversation to continue: blank (or "new") starts one. */
const conversationId = z.preprocess(
  (value) =>
    value === null || (typeof value === "string" && (value.trim() === "" || value.trim() === "new"))
      ? undefined
      : typeof value === "string"
        ? value.trim()
        : value,
  z.string({ error: "Conversation not found" }).max(64, "Conversation not found").optional(),
);

export const TerryChatSchema = z.object({
  message,
  /** With a conversation, its stored messages are the history and the body's `history` is not read. */
  conversationId,
  history: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"], { error: "Role must be user or assistant" }),
        content: aiHistoryContent,
      }),
    )
    .max(TERRY_HISTORY_MAX, `At most ${TERRY_HISTORY_MAX} messages of history`)
    .default([]),
});
export type TerryChatInput = z.infer<typeof TerryChatSchema>;

/** The Terry screen's form (without JavaScript it posts to /chat/terry): the message and the conversation `c`. */
export const TerryFormSchema = z.object({ message, c: conversationId });
export type TerryFormInput = z.infer<typeof TerryFormSchema>;

/** What /chat/terry answers a refused message (the screen shows the form again with it). */
export type TerryFormActionData = { message: string; conversationId: string | null; error: string };
