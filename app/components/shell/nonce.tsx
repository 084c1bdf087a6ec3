import { createContext, useContext } from "react";

/**
 * This request's CSP nonce, from the Worker entry through the load context and entry.server.tsx. Undefined in the
 * browser: the browser hides nonces from the DOM, and scripts added after hydration load by URL, not inline.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
