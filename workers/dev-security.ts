import type { Plugin } from "vite";

import { isCrossSiteRequest } from "#app/services/http/request.server.ts";
import { createNonce, securityHeaders } from "#app/services/http/security-headers.server.ts";

/**
 * Under `npm run dev` no Worker entry runs (Remix's Vite plugin calls the routes from Node), so this middleware does
 * its two jobs there: the same-origin CSRF check and the security headers. It hands the nonce to getLoadContext in
 * a request header it sets itself (overwriting any a client sent). Dev only: `apply: "serve"`.
 */
export const DEV_NONCE_HEADER = "x-breeze-dev-csp-nonce";

export function devSecurity(): Plugin {
  return {
    name: "breeze-dev-security",
    apply: "serve",
    configureServer(server) {
      // Registered here (not in a returned hook) so it runs before Vite's and Remix's own middlewares.
      server.middlewares.use((req, res, next) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === "string") headers.set(name, value);
        }
        const request = new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`), { method: req.method, headers });
        // The dev server's own origin is the allowed one (isCrossSiteRequest also accepts the request URL's origin).
        if (isCrossSiteRequest(request, [])) {
          res.statusCode = 403;
          res.setHeader("Content-Type", "application/json");
          res.end(JSON.stringify({ success: false, message: "Cross-site request refused" }));
          return;
        }
        const nonce = createNonce();
        req.headers[DEV_NONCE_HEADER] = nonce;
        // Set before Remix writes its response, so a header the response sets itself (a served file's CSP) wins.
        for (const [name, value] of Object.entries(securityHeaders({ nonce, production: false, viteDev: true })))
          res.setHeader(name, value);
        next();
      });
    },
  };
}
