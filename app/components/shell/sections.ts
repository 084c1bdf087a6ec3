import { SECTION_IDS, type SectionId } from "#app/domain/shell/sections.ts";

import type { NavItem } from "./app-shell.tsx";

/** A lazily loaded component's file from the project root, as build/lazy-chunks.json and `preloadable()` name it. */
export type ChunkSource = `app/components/${string}.tsx`;

export type SectionEntry = {
  /** The sidebar's label (the spec's names). */
  label: string;
  /** The sidebar icon's SVG path. */
  icon: string;
  /** Where the sidebar item leads (the chat opens on the Lead Finder agent). */
  href: string;
  /** The section component's file: a chunk of its own, so the shell loads only the section it shows. */
  chunk: ChunkSource;
};

const COMING_SOON: ChunkSource = "app/components/shell/coming-soon-section.tsx";

/**
 * The sections as the browser sees them. Plain data without `import.meta.glob`, so the route, the sidebar (through
 * the route) and tests/bench/budgets.ts (run by tsx, outside Vite) all read this one table; section-view.tsx makes
 * the chunks and renders them.
 */
export const SECTIONS = {
  chat: {
    label: "Breeze Lead Finder",
    icon: "M21 21l-4.35-4.35M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15z",
    href: "/?section=chat&agent=lead-finder",
    chunk: "app/components/chat/chat-section.tsx",
  },
  crm: {
    label: "Breeze Analyzer",
    icon: "M3 3v18h18M7 15l4-4 3 3 6-6",
    href: "/?section=crm",
    chunk: "app/components/crm/crm-section.tsx",
  },
  pipeline: {
    label: "Deal Pipeline",
    icon: "M4 5h4v14H4zM10 5h4v9h-4zM16 5h4v5h-4z",
    href: "/?section=pipeline",
    chunk: "app/components/deals/pipeline-section.tsx",
  },
  messages: {
    label: "Messages",
    icon: "M21 12a9 9 0 0 1-13.5 7.8L3 21l1.2-4.5A9 9 0 1 1 21 12z",
    href: "/?section=messages",
    chunk: "app/components/messages/messages-section.tsx",
  },
  "buyer-breeze": {
    label: "Buyer Breeze",
    icon: "M16 14a4 4 0 1 0-8 0M12 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM4 20h16",
    href: "/?section=buyer-breeze",
    chunk: "app/components/leads/buyer-breeze-section.tsx",
  },
  "deal-talk": { label: "DealTalk", icon: "M8 10h8M8 14h5M4 4h16v12H8l-4 4z", href: "/?section=deal-talk", chunk: COMING_SOON },
  "lock-it-up": { label: "Lock It Up", icon: "M6 11h12v9H6zM8 11V7a4 4 0 1 1 8 0v4", href: "/?section=lock-it-up", chunk: COMING_SOON },
  documents: {
    label: "Contracts + Paperwork",
    icon: "M7 3h7l5 5v13H7zM14 3v5h5",
    href: "/?section=documents",
    chunk: "app/components/documents/documents-section.tsx",
  },
  dashboard: {
    label: "Dashboard",
    icon: "M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-4H4zM14 8h6V4h-6z",
    href: "/?section=dashboard",
    chunk: "app/components/dashboard/dashboard-section.tsx",
  },
} as const satisfies Record<SectionId, SectionEntry>;

/** The sections in the sidebar's order, as its items. */
export const SECTION_NAV: readonly NavItem[] = SECTION_IDS.map((id) => ({ section: id, ...SECTIONS[id] }));

/** The signed-in home's own chunk (the landing at the same address never loads it). */
export const SHELL_CHUNK: ChunkSource = "app/components/shell/signed-in-shell.tsx";

/** The Target Market Finder screen's chunk (the chat section's `terry=1`, domain/chat/terry-screen's `wantsTerry`). */
export const TERRY_CHUNK: ChunkSource = "app/components/chat/terry.tsx";

/** The seller/buyer wizard's chunk (the chat section's `wizard=seller|buyer`, outside Terry's screen). */
export const WIZARD_CHUNK: ChunkSource = "app/components/chat/wizard.tsx";

/** What `/` loads for a signed-in user on `section`, in order (the shell's module defines the sections' loaders). */
export function shellChunks(section: SectionId): ChunkSource[] {
  return [SHELL_CHUNK, SECTIONS[section].chunk];
}

/**
 * What `/` preloads for an address: the shell and the section, and the screen the section opens in its own chunk
 * (Terry's, or the wizard's), so hydration finds it loaded.
 * `terry=1` is domain/chat/terry-screen's `wantsTerry`, read here without importing it: on every section's first
 * load that import would be a chunk of its own.
 */
export function pageChunks(section: SectionId, params: URLSearchParams): ChunkSource[] {
  if (section !== "chat") return shellChunks(section);
  if (params.get("terry") === "1") return [...shellChunks(section), TERRY_CHUNK];
  const wizard = params.get("wizard");
  return [...shellChunks(section), ...(wizard === "seller" || wizard === "buyer" ? [WIZARD_CHUNK] : [])];
}
