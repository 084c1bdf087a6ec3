/** The zod fields of a message to an AI agent (the limits are ai-bounds.ts, which the client components read). */
import { z } from "zod";

import { plainText } from "#app/domain/shared/text.ts";

import { AI_MESSAGE_MAX } from "./ai-bounds.ts";

/** A message typed to an AI agent: required, at most AI_MESSAGE_MAX characters after trimming. */
export const aiMessage = plainText(
  z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(AI_MESSAGE_MAX, `Message must be at most ${AI_MESSAGE_MAX} characters`),
  "Message",
);

/** One turn of history a client sends (Terry's API): the same cap as a message. */
export const aiHistoryContent = z.string().max(AI_MESSAGE_MAX, `A history message must be at most ${AI_MESSAGE_MAX} characters`);
