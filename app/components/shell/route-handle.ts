import type { EntryContext } from "@remix-run/cloudflare";
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

/** `pageNeedsScripts` for the server's render of a document, before React runs: from Remix's entry context. */
export function documentNeedsScripts({ staticHandlerContext: { matches, loaderData, errors }, routeModules }: EntryContext): boolean {
  // An error page renders its boundary, which may differ from the route's own choice: it keeps the usual render.
  if (errors) return true;
  return matches.every((match) => {
    const handle = routeModules[match.route.id]?.handle as RouteHandle | undefined;
    return handle?.hydrate?.(loaderData[match.route.id]) ?? true;
  });
}
