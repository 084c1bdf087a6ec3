import type { AppLoadContext } from "@remix-run/cloudflare";

import type { SessionReads, ValidSession } from "#app/services/accounts/session.server.ts";

/** The shell's sections, chosen by `?section=` (spec 01 §2 "Signed-in shell"). */
export const SECTIONS = [
  "chat",
  "crm",
  "pipeline",
  "messages",
  "documents",
  "dashboard",
  "buyer-breeze",
  "lock-it-up",
  "deal-talk",
] as const;
export type SectionId = (typeof SECTIONS)[number];

export function sectionOf(value: string | null): SectionId {
  return (SECTIONS as readonly string[]).includes(value ?? "") ? (value as SectionId) : "chat";
}

/** Each section's server loader: everything it shows, for the signed-in user only. */
export type SectionLoader<T> = (context: AppLoadContext, session: ValidSession, url: URL) => Promise<T>;

/** A section loader whose reads need only the user's id: they join the session lookup's batch (`readBesideSession`). */
export type EarlySectionLoader<T> = (context: AppLoadContext, reads: SessionReads, url: URL) => Promise<T>;
