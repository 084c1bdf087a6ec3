import { z } from "zod";

// Read in the browser, under a CSP without unsafe-eval: zod must not probe `new Function`.
z.config({ jitless: true });

/**
 * What the browser reads of an /api answer (`{ success, message }` plus a route's own field, e.g. AI Assist's
 * `draft`, Terry's `response`): parsed, never cast, so a proxy's HTML error page or a changed body becomes "no answer", not a crash.
 */
const ApiAnswerSchema = z.object({
  success: z.boolean().optional(),
  message: z.string().optional(),
  draft: z.string().optional(),
  /** POST /api/terry/chat: Terry's answer and the Terry conversation it was stored in. */
  response: z.string().optional(),
  conversationId: z.string().optional(),
});
export type ApiAnswer = z.infer<typeof ApiAnswerSchema>;

export async function readApiAnswer(response: Response): Promise<ApiAnswer> {
  const json: unknown = await response.json().catch(() => null);
  const parsed = ApiAnswerSchema.safeParse(json);
  return parsed.success ? parsed.data : {};
}
