/**
 * The security headers every response carries, set once in the Worker entry (workers/handle-request.ts) and, under
 * `npm run dev`, by the dev middleware (workers/dev-security.ts). One place, so a new route cannot forget them.
 */

export type SecurityHeaderOptions = {
  /** This request's CSP nonce: React, `<Scripts>` and `<ScrollRestoration>` put it on every inline script. */
  nonce: string;
  /** HSTS only in production: locally the app is served over plain http on 127.0.0.1. */
  production: boolean;
  /** Outside image hosts the configured providers show (the Google Street View image when MAPS=google). */
  imageOrigins?: readonly string[];
  /**
   * Vite's dev server injects `<style>` elements for hot-reloaded CSS without a nonce; only `npm run dev` allows
   * them. Never set in the Worker.
   */
  viteDev?: boolean;
};

/** 128 random bits, base64: a fresh one for every request (CSP3 wants at least 128 bits). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy. Why each part:
 * - script-src: only scripts carrying this request's nonce (Remix's inline context and module loader, the scroll
 *   restoration script, React's streaming scripts), and with 'strict-dynamic' whatever those load (the entry
 *   module's imports, each route module's dynamic import). No host allowlist: an injected `<script src>` of our own
 *   origin (an uploaded file, a JSONP-like route) is refused too. Checked in Chromium (tests/e2e/security-headers):
 *   Remix's `<link rel="modulepreload">` tags carry no nonce yet cause no violation and hydration works.
 * - style-src 'self' + nonce: the Tailwind stylesheet; the nonce for the one `<style>` element Radix's scroll lock
 *   (react-remove-scroll) adds while a dialog is open (entry.client.tsx hands it the nonce).
 * - style-src-attr 'unsafe-inline': the server render carries style attributes (Radix's toast region
 *   `pointer-events:none`, its visually hidden focus proxies, the dashboard's and sign-up's progress widths), and
 *   Radix positions popovers with them. Style attributes cannot run script or load anything outside img-src/font-src.
 * - img-src 'self' data: + the maps host only when that provider is configured.
 * - object-src 'none', base-uri 'none', frame-ancestors 'none' (no plugins, no `<base>` hijack, no framing).
 * - form-action 'self': every form posts to the app; single sign-on starts with a link (a GET navigation to
 *   /api/login), and its redirect to the identity provider is not a form submission.
 */
export function contentSecurityPolicy({ nonce, imageOrigins = [], viteDev = false }: SecurityHeaderOptions): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    viteDev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    ["img-src 'self' data:", ...imageOrigins].join(" "),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Every header and its value for this request. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // frame-ancestors supersedes it; kept for browsers that predate CSP2.
    "X-Frame-Options": "DENY",
    ...(options.production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/**
 * Headers a response may already have set on purpose, and which therefore win: a served file's stricter sandboxing
 * CSP (documents/files.server.ts), the reset page's `same-origin` referrer policy (docs/decisions/029-security-headers-in-worker-entry.md).
 */
const RESPECTED = new Set(["content-security-policy", "referrer-policy"]);

/** The response with every security header added; a respected header the response already has is kept. */
export function withSecurityHeaders(response: Response, options: SecurityHeaderOptions): Response {
  // Responses built by fetch() or from a cache have immutable headers; a copy always accepts them.
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders(options))) {
    if (RESPECTED.has(name.toLowerCase()) && secured.headers.has(name)) continue;
    secured.headers.set(name, value);
  }
  return secured;
}
