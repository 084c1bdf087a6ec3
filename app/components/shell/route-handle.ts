import type { UIMatch } from "@remix-run/react";

/** What a route module may say about itself through Remix's `handle` export. */
export type RouteHandle = {
  /**
   * Whether the page needs JavaScript, given the route's loader data. A page that answers "no" (the signed-out
   * landing: text and links) is sent without scripts: it works and looks the same, and loads no JavaScript at all.
   */
  hydrate?: (data: unknown) => boolean;
};

/** False when a matched route says its page needs no JavaScript; the root layout then leaves the scripts out. */
export function pageNeedsScripts(matches: UIMatch[]): boolean {
  return matches.every((match) => (match.handle as RouteHandle | undefined)?.hydrate?.(match.data) ?? true);
}
