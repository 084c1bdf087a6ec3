/**
 * Text a user stores must read as it shows: no control characters (a tab and line breaks aside), no DEL or C1 codes,
 * and no bidirectional overrides or isolates, which make a note, a name or an address display as something else.
 * One predicate and one zod refinement for every stored free text; the request readers refuse such a body too.
 */
import type { z } from "zod";

/** C0 controls but tab, LF and CR; DEL and the C1 block; LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- the same characters, every one of them, and the tab and line breaks too
const UNSAFE_IN_A_NAME = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export function hasUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/**
 * A name Breeze did not ask the user to type (an uploaded file's name, given by their system) with those characters
 * and any line break removed: kept as a file's label, never refused for its name.
 */
export function strippedName(value: string): string {
  return value.replace(UNSAFE_IN_A_NAME, "");
}

export function unsafeTextMessage(label: string): string {
  return `${label} must not contain control or bidi-override characters`;
}

/** The refinement a stored free text's schema ends with: `plainText(z.string().trim().max(200), "The note")`. */
export function plainText<T extends z.ZodType<string | undefined | null>>(schema: T, label: string) {
  return schema.refine((value) => typeof value !== "string" || !hasUnsafeText(value), { message: unsafeTextMessage(label) });
}
