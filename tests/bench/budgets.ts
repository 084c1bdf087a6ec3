import { shellChunks, TERRY_CHUNK } from "#app/components/shell/sections.ts";
import { SECTION_IDS } from "#app/domain/shell/sections.ts";

/**
 * Performance budgets, in one place. `npm run bench:bundle` (and CI) fails when a page's first-load JavaScript is
 * over its budget. kB = 1,000 bytes of gzip, as Vite reports.
 *
 * A page is what a browser loads first for one address: Remix's entry and the modules of every matched route
 * (the modulepreload links and imports the server renders), plus the lazily loaded modules that page's server render
 * preloads (the shell and its section) — read from the build's manifests (build/client/assets/manifest-*.js and
 * build/lazy-chunks.json).
 */
export type PageBudget = {
  /** How the report names the page. */
  page: string;
  /** Route ids Remix matches for the page, root first. */
  routes: string[];
  /** Source files the page's server render preloads as lazy chunks (see app/components/shell/lazy.tsx). */
  lazy?: string[];
  /** First-load JavaScript budget, kB gzip. */
  budgetKb: number;
  /** The page is sent without scripts (its route's `handle.hydrate`); tests/e2e checks that it loads no JavaScript. */
  withoutScripts?: true;
  /** A page whose route a later issue brings: reported as not built yet while its route is missing. */
  comingWith?: string;
};

const SHELL_BUDGET_KB = 150;

export const PAGE_BUDGETS: PageBudget[] = [
  { page: "landing (signed out) /", routes: ["root", "routes/_index"], budgetKb: 90, withoutScripts: true },
  { page: "/login", routes: ["root", "routes/login"], budgetKb: 120 },
  { page: "/register", routes: ["root", "routes/register"], budgetKb: 120 },
  { page: "/auth", routes: ["root", "routes/auth"], budgetKb: 120 },
  ...SECTION_IDS.map((section) => ({
    page: `shell: /?section=${section}`,
    routes: ["root", "routes/_index"],
    lazy: shellChunks(section),
    budgetKb: SHELL_BUDGET_KB,
  })),
  // The Target Market Finder (Terry) opened by its URL: the chat and Terry's own chunk.
  {
    page: "shell: /?section=chat&terry=1",
    routes: ["root", "routes/_index"],
    lazy: [...shellChunks("chat"), TERRY_CHUNK],
    budgetKb: SHELL_BUDGET_KB,
  },
  { page: "/buyer-breeze", routes: ["root", "routes/buyer-breeze"], budgetKb: SHELL_BUDGET_KB },
  { page: "/profile", routes: ["root", "routes/profile"], budgetKb: SHELL_BUDGET_KB },
  // The full-details dialog (Let's Work It) is a lazy chunk loaded after the page, not part of its first load.
  { page: "/leads/workbench", routes: ["root", "routes/leads.workbench"], budgetKb: SHELL_BUDGET_KB },
];
