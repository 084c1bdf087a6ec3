/**
 * The signed-in shell's sections, chosen by `?section=` (the spec's "Signed-in shell"), in the sidebar's order. The
 * one list of ids: the server's loaders (services/shell/sections.server.ts), the sidebar and the section chunks
 * (components/shell/sections.ts, section-view.tsx) are tables keyed by `SectionId`, so an id one of them misses or
 * adds is a type error.
 */
import { isOneOf } from "#app/domain/shared/guards.ts";

export const SECTION_IDS = [
  "chat",
  "crm",
  "pipeline",
  "messages",
  "buyer-breeze",
  "deal-talk",
  "lock-it-up",
  "documents",
  "dashboard",
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The section to show for a `?section=` value: the chat for none or an unknown one. */
export const DEFAULT_SECTION: SectionId = "chat";

export function isSectionId(value: string | null): value is SectionId {
  return isOneOf(SECTION_IDS, value);
}

export function sectionOf(value: string | null): SectionId {
  return isSectionId(value) ? value : DEFAULT_SECTION;
}
