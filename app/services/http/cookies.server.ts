/** Reading a request's Cookie header: the session, the toast and the signed OIDC cookies all go through here. */

/** The value of the named cookie, or null when the request does not carry it. The first occurrence wins. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const pair = part.trim();
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return null;
}
