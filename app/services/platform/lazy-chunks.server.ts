import chunks from "virtual:lazy-chunks";

/** A lazily loaded module and the browser files it needs, first its own chunk (its link carries the source). */
export type LazyPreload = { source: string; hrefs: string[] };

/**
 * The browser files of lazily loaded modules (app/components/shell/lazy.tsx), from the client build's map
 * (workers/lazy-chunks.ts). Under `npm run dev` the map is empty and Vite serves each source file by its path.
 */
export function lazyPreloads(sources: string[]): LazyPreload[] {
  return sources.map((source) => ({ source, hrefs: chunks[source] ?? (import.meta.env.DEV ? [`/${source}`] : []) }));
}
