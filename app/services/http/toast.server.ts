/**
 * One-shot toasts that survive a redirect (the flash pattern): an action sets a short cookie, the root loader reads
 * it, shows it once and clears it. Works without JavaScript, where the toast renders from the server.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";

import { readCookie } from "./cookies.server.ts";

export const TOAST_COOKIE = "breeze_toast";

const ToastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["success", "error", "info"]).default("info"),
});
export type Toast = z.infer<typeof ToastSchema>;

function encode(toast: Toast): string {
  return encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(toast)));
}

function decode(value: string): Toast | null {
  try {
    const parsed = ToastSchema.safeParse(JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(value))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie header that carries a toast to the next page. */
export function toastCookie(toast: Toast): string {
  return `${TOAST_COOKIE}=${encode(toast)}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=60`;
}

/** The pending toast, and the header that clears it once shown. */
export function readToast(request: Request): { toast: Toast | null; clear: string | null } {
  const value = readCookie(request, TOAST_COOKIE);
  if (value === null) return { toast: null, clear: null };
  return { toast: decode(value), clear: `${TOAST_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0` };
}

/** A redirect that shows `toast` on the next page; `init` adds headers (e.g. a session cookie) or another status. */
export function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): ReturnType<typeof redirect> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(url, { ...init, headers });
}
