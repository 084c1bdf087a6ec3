import { startTransition, useEffect, useState } from "react";

/** Set once the first component using the hook has hydrated: a component mounted later starts hydrated. */
let appHydrated = false;

/**
 * useHydrated for a component that renders Suspense boundaries below it (a lazy chunk the server rendered): false in
 * the server render and during hydration, then true through a transition. useHydrated's switch is a synchronous
 * re-render; one reaching a boundary React has not hydrated yet (React hydrates boundaries after the root) makes it
 * drop the boundary's server HTML with React error #421. A transition waits for the boundary to hydrate instead.
 */
export function useHydratedTransition(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
