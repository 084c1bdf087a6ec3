/**
 * The client's IP as Cloudflare reports it; null when unknown. Only CF-Connecting-IP: Cloudflare sets it and a
 * client cannot forge it, while any other header (X-Real-IP, X-Forwarded-For) is whatever the client sends. Local
 * `wrangler dev` reports loopback for every client, which Cloudflare never does in production: unknown too.
 */
export function clientIp(request: Request): string | null {
  const ip = request.headers.get("CF-Connecting-IP");
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

const isLoopbackHost = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * Development-only doors (the email outbox) open only when the app runs on this machine: its configured origin and
 * the request both on a loopback host, whatever APP_ENV says. A deployed Worker is never reached on loopback.
 */
export function isLocalRequest(request: Request, appOrigin: string): boolean {
  return isLoopbackHost(new URL(appOrigin).hostname) && isLoopbackHost(new URL(request.url).hostname);
}
