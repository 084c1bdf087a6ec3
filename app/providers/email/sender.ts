import { z } from "zod";

/**
 * `EMAIL_FROM` in either form Resend's Send Email reference accepts for `from`: a bare address
 * (`no-reply@mail.example.com`) or RFC 5322's name-addr (`Breeze <no-reply@mail.example.com>`). The display name is a
 * phrase or a quoted string (RFC 5322 section 3.4); its characters are kept plain (no `<`, `>`, control characters or line
 * breaks, which would let a configured value smuggle another header) and at most 78 characters long (the line length
 * RFC 5322 section 2.1.1 asks for).
 */
const NAME_ADDR = /^\s*(?:"((?:[^"\\\r\n]|\\.){1,78})"|([^"<>\r\n]{1,78}?))\s*<([^<>\s]+)>\s*$/;
const DELETE = 0x7f;
const FIRST_PRINTABLE = 0x20;
const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < FIRST_PRINTABLE || char.charCodeAt(0) === DELETE);
const EmailAddress = z.email();

export type EmailSender = { name: string | null; address: string };

/** The sender's display name and address, or null when the value is neither form (or its address is not an email). */
export function parseEmailSender(value: string): EmailSender | null {
  const named = NAME_ADDR.exec(value);
  const name = named ? (named[1]?.replace(/\\(.)/g, "$1") ?? named[2]!.trim()) : null;
  const address = named ? named[3]! : value.trim();
  if (!EmailAddress.safeParse(address).success) return null;
  if (name !== null && (name.length === 0 || hasControl(name))) return null;
  return { name, address };
}

/** A sender setting: the value is kept as written, trimmed (Resend takes either form), checked to be one of the two forms. */
export const EmailSenderSchema = z
  .string()
  .trim()
  .refine((value) => parseEmailSender(value) !== null, "must be an email address or `Name <address>` (RFC 5322)");
