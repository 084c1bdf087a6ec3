import type { SectionId } from "#app/services/sections/types.ts";

/**
 * The lazily loaded files of the signed-in home (`/`), by source path: the shell, and each section's component
 * (shell/section-view.tsx holds the components and checks it agrees). Small on purpose: the landing route carries it.
 */
export const SHELL_SOURCE = "app/components/shell/signed-in-shell.tsx";

export function sectionSource(section: SectionId): string {
  return `app/components/sections/${section === "lock-it-up" || section === "deal-talk" ? "coming-soon" : section}.tsx`;
}

/** What `/` loads, in order (the shell's module defines the sections'), for a signed-in user on `section`. */
export function shellSources(section: SectionId): string[] {
  return [SHELL_SOURCE, sectionSource(section)];
}

/** The Target Market Finder screen's chunk (the chat section's `terry=1`, domain/chat/terry-screen's `wantsTerry`). */
export const TERRY_SOURCE = "app/components/chat/terry.tsx";

/** What `/` preloads for an address: the shell and the section, and the screen the section opens in its own chunk. */
export function pageSources(section: SectionId, params: URLSearchParams): string[] {
  return [...shellSources(section), ...(section === "chat" && params.get("terry") === "1" ? [TERRY_SOURCE] : [])];
}
