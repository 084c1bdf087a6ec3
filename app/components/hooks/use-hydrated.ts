import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true once React runs in the browser. Lets a page pick the
 * no-JavaScript rendering (e.g. a form-level message) only when JavaScript is not there to do better (a toast).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
