import { lazy, useEffect, type ComponentType } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import type { LazyPreload } from "#app/services/platform/lazy-chunks.server.ts";

type Importer = () => Promise<unknown>;
type Loader = () => Promise<void>;

/** The loaders of every lazily loaded module by its source path (`app/components/…tsx`, as build/lazy-chunks.json names it). */
const loaders = new Map<string, Loader[]>();

type Preloadable<P> = {
  /** Loads the module (once); resolves when `Component` renders without suspending. */
  load: Loader;
  /** Renders the module's component: at once when loaded, else through React.lazy (needs a Suspense boundary). */
  Component: (props: P) => JSX.Element;
};

/**
 * A component in its own chunk, so a page loads it only when it shows it (the landing never loads the shell; the
 * shell loads only its open section). `modules` is an `import.meta.glob(…)` result — Vite names each importer by
 * its source path, so the path the server preloads and the importer cannot drift apart; `name` picks a named
 * export (default: the module's default export).
 *
 * The server render loads every preloadable first (entry.server.tsx), so it renders them inline; the page sends
 * modulepreload links for the ones it shows (`<LazyPreloads>`), and entry.client.tsx loads those before hydrating,
 * so hydration finds them loaded too. A client navigation loads them in the route's clientLoader.
 *
 * Why not React.lazy alone: it suspends on every first render, loaded or not, so the server would stream a fallback
 * (what a no-JS browser keeps) and hydration would wait a turn; Remix preloads route modules only, and sections are
 * a query parameter, not routes (docs/decisions/074-shell-sections-and-chunks.md).
 */
export function preloadable<P extends object>(modules: Record<string, Importer>, path: `/app/${string}`, name = "default"): Preloadable<P> {
  const importer = modules[path];
  if (!importer) throw new Error(`preloadable: ${path} is not among the modules given`);
  let loaded: ComponentType<object> | undefined;
  let pending: Promise<void> | undefined;
  const load: Loader = () =>
    (pending ??= importer().then(
      (module) => {
        // Vite's import.meta.glob types each module as `unknown`; the named export is the component by contract.
        loaded = (module as Record<string, ComponentType<object>>)[name];
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk load (offline) is retried by the next render or navigation
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await load();
    if (!loaded) throw new Error(`preloadable: ${path} has no export ${name}`);
    return { default: loaded };
  });
  function Component(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  const source = path.slice(1);
  loaders.set(source, [...(loaders.get(source) ?? []), load]);
  allLoaded = undefined;
  return { load, Component };
}

/**
 * A component that renders `withScript` once JavaScript runs and `withoutScript` in the server render, during hydration
 * and without JavaScript (a dialog, and the in-page panel a no-JS link opens). Render it inside the Suspense boundary,
 * not above it: the switch is a synchronous re-render right after hydration, and one reaching a boundary from above
 * before the boundary has hydrated makes React drop its server HTML and render it again (React error 421).
 */
export function hydratedChoice<P extends object>(withScript: Preloadable<P>, withoutScript: Preloadable<P>) {
  return function HydratedChoice(props: P) {
    return useHydrated() ? <withScript.Component {...props} /> : <withoutScript.Component {...props} />;
  };
}

const INTENT_EVENTS = ["pointerover", "touchstart", "keydown", "focusin"] as const;

/**
 * Loads `parts` at the user's first pointer, touch, key or focus on the page, so what a click or a key opens is ready
 * by then; loading them right after hydration made their evaluation (Radix, conform) a long task on a phone's first
 * load. `parts` must be the same array on every render (a module constant).
 */
export function useLoadOnIntent(parts: readonly { load: Loader }[]): void {
  useEffect(() => {
    const load = () => {
      for (const event of INTENT_EVENTS) window.removeEventListener(event, load, true);
      for (const part of parts) part.load().catch(() => undefined);
    };
    for (const event of INTENT_EVENTS) window.addEventListener(event, load, { capture: true, passive: true });
    return () => {
      for (const event of INTENT_EVENTS) window.removeEventListener(event, load, true);
    };
  }, [parts]);
}

/** What shows while a chunk loads: only when a navigation could not load it first (e.g. it failed once). */
export function ChunkFallback() {
  return (
    <p role="status" className="p-8 text-center text-slate-600">
      Loading...
    </p>
  );
}

/** Every loader's promise, made once for the loaders defined so far (a new preloadable makes it again). */
let allLoaded: Promise<unknown> | undefined;

/** Loads every preloadable module defined so far (the server, before each render: after the first, a settled promise). */
export function loadAllPreloadables(): Promise<unknown> {
  return (allLoaded ??= loadUntilNoneIsNew().catch((error: unknown) => {
    allLoaded = undefined;
    throw error;
  }));
}

/** A loaded module may define more preloadables (a section its dialogs): load again until none is new. */
async function loadUntilNoneIsNew(): Promise<void> {
  const count = () => [...loaders.values()].reduce((sum, list) => sum + list.length, 0);
  for (let known = -1; known !== count();) {
    known = count();
    await Promise.all([...loaders.values()].flat().map((load) => load()));
  }
}

/** Loads lazy modules by source path, in order (a module loaded first may define the next one's preloadable). */
export async function loadSources(sources: string[]): Promise<void> {
  for (const source of sources) await Promise.all((loaders.get(source) ?? []).map((load) => load()));
}

/** The attribute on a modulepreload link that names the lazy module it preloads. */
export const LAZY_SOURCE_ATTRIBUTE = "data-lazy-source";

/** Loads the lazy modules the server render used (named by its `<LazyPreloads>` links), before hydration. */
export async function loadPreloadedForHydration(document: Document): Promise<void> {
  const sources = [...document.querySelectorAll(`link[${LAZY_SOURCE_ATTRIBUTE}]`)].flatMap(
    (link) => link.getAttribute(LAZY_SOURCE_ATTRIBUTE) ?? [],
  );
  // A failed load must not stop hydration: the component then loads through React.lazy and its Suspense boundary.
  await loadSources(sources).catch(() => undefined);
}

/** modulepreload links for the lazy modules a page renders (computed on the server: services/platform/lazy-chunks.server). */
export function LazyPreloads({ preloads }: { preloads: LazyPreload[] }) {
  // Each module's own chunk carries its source (entry.client reads it); shared chunks are listed once.
  const links = new Map<string, string | undefined>();
  for (const { source, hrefs } of preloads) hrefs.forEach((href, index) => links.set(href, index === 0 ? source : links.get(href)));
  return (
    <>
      {[...links].map(([href, source]) => (
        <link key={href} rel="modulepreload" href={href} {...(source ? { [LAZY_SOURCE_ATTRIBUTE]: source } : {})} />
      ))}
    </>
  );
}
