/**
 * The client's IP as Cloudflare reports it; null when unknown. Local `wrangler dev` reports loopback for every
 * client, which Cloudflare never does in production, so loopback counts as unknown too.
 */
export function clientIp(request: Request): string | null {
  const ip = request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Real-IP");
  if (!ip || ip === "::1" || ip.startsWith("127.")) return null;
  return ip;
}

/**
 * CSRF defence for every non-GET request: it must come from our own origin. Browsers send Sec-Fetch-Site; older
 * ones send Origin. A request with neither (curl, server-to-server) carries no ambient browser cookies to abuse.
 */
export function isCrossSiteRequest(request: Request, allowedOrigins: string[]): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  return !allowedOrigins.includes(origin) && origin !== new URL(request.url).origin;
}

/** Only same-site paths: "/profile?tab=x" yes; "//evil.example", "https://…", "/\\evil" no. */
export function safeNext(next: string | null | undefined, fallback = "/"): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  try {
    const url = new URL(next, "http://breeze.invalid");
    return url.origin === "http://breeze.invalid" ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
