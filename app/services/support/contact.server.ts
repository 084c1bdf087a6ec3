/**
 * Contact Us: the message is kept in contact_messages and support gets a notice email. The page's form action and
 * POST /api/contact both call `sendContactMessage`; it returns an outcome and never builds a Response.
 */
import type { z } from "zod";

import { contactMessages } from "#db/schema.ts";
import type { ContactSchema } from "#app/domain/accounts/auth-schemas.ts";
import { toE164 } from "#app/domain/leads/phone.ts";
import { CONTACT_FOLLOW_UP } from "#app/domain/support/support.ts";
import { getUser } from "#app/services/accounts/auth.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { clientIp } from "#app/services/http/request.server.ts";
import { hitIf, ipKey, LIMITS } from "#app/services/platform/throttle.server.ts";

export type ContactInput = z.output<typeof ContactSchema>;
/** `ip` is null when the client is unknown (local `wrangler dev`): then there is no per-IP limit to count against. */
export type ContactMeta = { ip: string | null; userId: string | null };
export type ContactOutcome = { ok: true; id: string } | { ok: false; status: 429; message: string; retryAfterSeconds: number };

export const CONTACT_SENT = `Thank you! ${CONTACT_FOLLOW_UP}`;
export const CONTACT_THROTTLED = "Too many messages. Please try again later.";

/** Who is writing: the client's IP (for throttling) and the signed-in user, if any. */
export async function contactMeta(
  request: Request,
  context: ServiceContext<"db" | "config" | "providers" | "now" | "responseCookies" | "sessionLookups">,
): Promise<ContactMeta> {
  const user = await getUser(request, context);
  return { ip: clientIp(request), userId: user?.id ?? null };
}

/** A notice for the support inbox with all four fields; the subject stays on one line whatever the name holds. */
export function contactNotice(input: ContactInput, supportEmail: string) {
  const name = input.name.replace(/\s+/g, " ");
  return {
    to: supportEmail,
    subject: `New contact message from ${name}`,
    text: [`Name: ${input.name}`, `Email: ${input.email}`, `Phone: ${input.phone}`, "", "Message:", input.message].join("\n"),
  };
}

/**
 * Throttled per IP (every accepted message counts), stored, then announced to support. A failing email provider
 * does not fail the message: it is already stored, so nothing is lost and the sender is told it arrived.
 */
export async function sendContactMessage(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "responseCookies" | "sessionLookups">,
  input: ContactInput,
  meta: ContactMeta,
): Promise<ContactOutcome> {
  const now = context.now();
  const throttle = await hitIf({ db: context.db, now: () => now }, ipKey("contact", meta.ip), LIMITS.contactPerIp);
  if (throttle.limited) {
    return { ok: false, status: 429, message: CONTACT_THROTTLED, retryAfterSeconds: throttle.retryAfterSeconds };
  }

  const [row] = await context.db
    .insert(contactMessages)
    .values({
      userId: meta.userId,
      name: input.name,
      email: input.email,
      // Stored normalised like every phone (E.164); a number we cannot normalise is kept as typed.
      phone: toE164(input.phone) ?? input.phone,
      message: input.message,
      createdAt: now,
    })
    .returning({ id: contactMessages.id });

  try {
    await context.providers.email.send(contactNotice(input, context.config.SUPPORT_EMAIL));
  } catch (error) {
    console.error(`Contact message ${row.id} is stored, but the notice email to support failed:`, error);
  }
  return { ok: true, id: row.id };
}
