/**
 * A user's pinned or excluded comp as a form or an API body (docs/decisions/091-comps-the-user-can-defend.md): pin, unpin,
 * exclude (with a reason and at most 200 characters of the user's words), include again, or add a sale by address.
 */
import { z } from "zod";

import { plainText } from "#app/domain/shared/text.ts";

/** Why a comp is excluded: a short select, the user's words beside it. */
export const EXCLUDE_REASONS = [
  { value: "not_comparable", label: "Not comparable (condition, style, size)" },
  { value: "distressed", label: "Distressed or not arm's length" },
  { value: "location", label: "Different location (street, school, traffic)" },
  { value: "stale", label: "Sale too old" },
  { value: "other", label: "Other" },
] as const;

export const EXCLUDE_REASON_VALUES = EXCLUDE_REASONS.map((reason) => reason.value) as [
  (typeof EXCLUDE_REASONS)[number]["value"],
  ...(typeof EXCLUDE_REASONS)[number]["value"][],
];

export const NOTE_MAX = 200;
export const ADDRESS_TEXT_MIN = 3;
export const ADDRESS_TEXT_MAX = 120;

const saleId = z
  .string({ error: "Choose a comp." })
  .trim()
  .regex(/^[\w:-]{1,80}$/, "Choose a comp.");
const note = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  plainText(z.string().trim().max(NOTE_MAX, `The note is at most ${NOTE_MAX} characters.`), "The note").optional(),
);

export const CompPinSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("pin"), saleId }),
  z.object({ action: z.literal("unpin"), saleId }),
  z.object({
    action: z.literal("exclude"),
    saleId,
    reason: z.enum(EXCLUDE_REASON_VALUES, { error: "Choose why the comp is excluded." }),
    note,
  }),
  z.object({ action: z.literal("include"), saleId }),
  z.object({
    action: z.literal("add"),
    address: z
      .string({ error: "Enter the comp's address." })
      .trim()
      .min(ADDRESS_TEXT_MIN, "Enter at least 3 characters of the comp's address.")
      .max(ADDRESS_TEXT_MAX, `The address is at most ${ADDRESS_TEXT_MAX} characters.`),
  }),
]);
export type CompPinInput = z.infer<typeof CompPinSchema>;

/** The label of an exclusion reason code (the stored code of an older list reads as itself). */
export function excludeReasonLabel(code: string | null | undefined): string {
  return EXCLUDE_REASONS.find((reason) => reason.value === code)?.label ?? code ?? "";
}

/** Where a pin/exclude form goes back to: a path of this site (never another origin), else `fallback`. */
export function safeReturnTo(raw: unknown, fallback: string): string {
  return typeof raw === "string" && /^\/(?![/\\])[^\s]{0,600}$/.test(raw) ? raw : fallback;
}

/** The form route the card's and the workbench's pinned and excluded comps post to (no JavaScript needed). */
export const COMP_PIN_ACTION = "/crm/pinned-comps";
