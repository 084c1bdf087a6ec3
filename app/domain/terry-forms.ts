/** POST /api/terry/chat's body (spec 02 §7: message, history). Server-side; the screen posts the same fields. */
import { z } from "zod";

import { MESSAGE_MAX } from "./message-limits";

/** Turns of history the server accepts (the model sees the newest of them). */
export const TERRY_HISTORY_MAX = 40;

export const TerryChatSchema = z.object({
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
  history: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"], { error: "Role must be user or assistant" }),
        content: z.string().max(MESSAGE_MAX * 4, "A history message is too long"),
      }),
    )
    .max(TERRY_HISTORY_MAX, `At most ${TERRY_HISTORY_MAX} messages of history`)
    .default([]),
});
export type TerryChatInput = z.infer<typeof TerryChatSchema>;
