/**
 * One-shot toasts that survive a redirect (the flash pattern): an action sets a short cookie, the root loader reads
 * it, shows it once and clears it. Works without JavaScript, where the toast renders from the server.
 */
import { z } from "zod";

export const TOAST_COOKIE = "breeze_toast";

const ToastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["success", "error", "info"]).default("info"),
});
export type Toast = z.infer<typeof ToastSchema>;

function encode(toast: Toast): string {
  const bytes = new TextEncoder().encode(JSON.stringify(toast));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function decode(value: string): Toast | null {
  try {
    const binary = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
    const parsed = ToastSchema.safeParse(JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))));
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
  const cookie = request.headers.get("Cookie") ?? "";
  const match = cookie.split(";").map((part) => part.trim()).find((part) => part.startsWith(`${TOAST_COOKIE}=`));
  if (!match) return { toast: null, clear: null };
  return { toast: decode(match.slice(TOAST_COOKIE.length + 1)), clear: `${TOAST_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0` };
}
