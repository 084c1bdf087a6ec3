import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream, renderToString } from "react-dom/server";

import { loadAllPreloadables } from "#app/components/shell/lazy.tsx";
import { NonceProvider } from "#app/components/shell/nonce.tsx";
import { documentNeedsScripts } from "#app/components/shell/route-handle.ts";

const ABORT_DELAY = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The Worker entry made this nonce and puts it in the Content-Security-Policy header (security-headers.server.ts).
  const nonce = loadContext.cspNonce;
  // Lazily loaded components (the shell, its sections) render inline on the server: load them first (once per isolate).
  await loadAllPreloadables();
  const app = (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A page sent without scripts streams no loader data and nothing suspends (its lazy parts are loaded above): one
  // string, without the stream's UTF-8 encoding of every piece of text, which a long page pays for by the thousand.
  if (!documentNeedsScripts(remixContext)) {
    return new Response(`<!DOCTYPE html>${renderToString(app)}`, { headers: responseHeaders, status: responseStatusCode });
  }
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);

  const body = await renderToReadableStream(app, {
    nonce,
    signal: controller.signal,
    onError(error: unknown) {
      if (!controller.signal.aborted) console.error(error);
      responseStatusCode = 500;
    },
  });
  body.allReady.then(() => clearTimeout(timeoutId));

  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  // Security headers (CSP with this nonce, nosniff, referrer policy, HSTS) are added to every response, not only
  // pages, by the Worker entry: workers/handle-request.ts.
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
