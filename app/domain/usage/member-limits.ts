/**
 * A member's own rate limits: at most so many units of a paid kind a day and a month, set per member by the
 * workspace's owners (docs/decisions/115-money-per-member.md). Blank is no member limit; the workspace's limits hold.
 */
import { z } from "zod";

import type { UsageKind } from "./kinds.ts";

/** The kinds an owner can limit per member: each paid action a person starts (tokens follow their AI calls). */
export const MEMBER_LIMIT_KINDS = [
  "letter",
  "lead",
  "skip_trace",
  "cash_buyer_page",
  "ai_call",
  "buyer_email",
] as const satisfies readonly UsageKind[];
export type MemberLimitKind = (typeof MEMBER_LIMIT_KINDS)[number];

export const MEMBER_LIMIT_WINDOWS = ["perDay", "perMonth"] as const;
export type MemberLimitWindow = (typeof MEMBER_LIMIT_WINDOWS)[number];

/** A member's limits, by kind; a kind or window left out has no member limit. */
export type MemberLimits = Partial<Record<UsageKind, { perDay: number | null; perMonth: number | null }>>;

/** The highest limit an owner can set: far above any day's real work, so a typo cannot read as "unlimited". */
export const MAX_MEMBER_LIMIT = 1_000_000;

/** The form's field for one kind and window, e.g. `letter.perDay`. */
export const memberLimitField = (kind: MemberLimitKind, window: MemberLimitWindow) => `${kind}.${window}`;

const limit = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : typeof value === "string" ? value.trim() : value),
  z
    .string()
    .regex(/^\d{1,7}$/, "Enter a whole number, or leave it blank for no member limit")
    .transform(Number)
    .refine((count) => count <= MAX_MEMBER_LIMIT, `The limit can be at most ${MAX_MEMBER_LIMIT.toLocaleString("en-US")}`)
    .optional(),
);

/** The owner's form for one member's limits: a whole number (0 to 1,000,000) or blank for each kind and window. */
export const MemberLimitsSchema = z
  .object({
    userId: z.string().min(1).max(64),
    ...Object.fromEntries(
      MEMBER_LIMIT_KINDS.flatMap((kind) => MEMBER_LIMIT_WINDOWS.map((window) => [memberLimitField(kind, window), limit])),
    ),
  })
  .transform((form) => {
    const fields = form as unknown as Record<string, number | undefined>;
    const limits: MemberLimits = {};
    for (const kind of MEMBER_LIMIT_KINDS) {
      const perDay = fields[memberLimitField(kind, "perDay")] ?? null;
      const perMonth = fields[memberLimitField(kind, "perMonth")] ?? null;
      if (perDay !== null || perMonth !== null) limits[kind] = { perDay, perMonth };
    }
    return { userId: form.userId, limits };
  });
