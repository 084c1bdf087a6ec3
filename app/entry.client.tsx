import { RemixBrowser } from "@remix-run/react";
import { setNonce } from "get-nonce";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

import { loadPreloadedForHydration } from "#app/components/shell/lazy.tsx";

// Radix's scroll lock (react-remove-scroll, while a dialog is open) adds a <style> element, which the CSP allows only
// with this page's nonce. Browsers hide the nonce attribute but keep the `nonce` property of the scripts that carry it.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (nonce) setNonce(nonce);

// The lazy chunks the server render used (it sent modulepreload links for them) are loaded first, so hydration
// finds the same components the server rendered.
void loadPreloadedForHydration(document).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
