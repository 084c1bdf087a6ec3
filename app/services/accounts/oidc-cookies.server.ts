/** The signed cookies that carry a sign-in from /api/login to the callback, and a pending link to /auth/link. */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { z } from "zod";

import { readCookie } from "#app/services/http/cookies.server.ts";

import type { OidcSettings } from "./oidc-settings.server.ts";

/**
 * Short-lived sign-in state lives in the browser that started it, HttpOnly, Secure, SameSite=Lax (the provider's
 * redirect back is a top-level GET navigation, which Lax allows), in a cookie signed with HMAC-SHA256 under a key
 * derived (HKDF) from SESSION_SECRET or the client secret, one key per purpose, so no one can forge or alter it (its
 * `next`, its expiry) nor pass one kind off as the other. Nothing to store in D1, nothing to clean up.
 */
async function cookieKey(secret: string, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(`breeze/${purpose}/v1`) },
    material,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
}

type SignedCookie = { name: string; purpose: string; attributes: string; ttlMs: number };

async function sealCookie(kind: SignedCookie, value: object, secret: string, now: Date): Promise<string> {
  const payload = encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify({ ...value, expires: now.getTime() + kind.ttlMs })));
  const signature = await crypto.subtle.sign("HMAC", await cookieKey(secret, kind.purpose), new TextEncoder().encode(payload));
  return `${kind.name}=${payload}.${encodeBase64urlNoPadding(new Uint8Array(signature))}; ${kind.attributes}; Max-Age=${kind.ttlMs / 1000}`;
}

const EnvelopeSchema = z.object({ expires: z.number() });

/** The cookie's signed JSON, or null when it is missing, forged, altered or expired; callers parse the rest. */
async function openCookie(request: Request, kind: SignedCookie, secret: string, now: Date): Promise<unknown> {
  const value = readCookie(request, kind.name);
  const [payload, signature, extra] = value?.split(".") ?? [];
  if (!payload || !signature || extra !== undefined) return null;
  try {
    const key = await cookieKey(secret, kind.purpose);
    if (
      !(await crypto.subtle.verify("HMAC", key, new Uint8Array(decodeBase64urlIgnorePadding(signature)), new TextEncoder().encode(payload)))
    )
      return null;
    const json: unknown = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(payload)));
    const envelope = EnvelopeSchema.safeParse(json);
    return envelope.success && envelope.data.expires > now.getTime() ? json : null;
  } catch {
    return null;
  }
}

export const STATE_COOKIE = "breeze_oidc";
export const STATE_TTL_MS = 10 * 60 * 1000;
const STATE: SignedCookie = {
  name: STATE_COOKIE,
  purpose: "oidc-state-cookie",
  attributes: "Path=/api/login; HttpOnly; Secure; SameSite=Lax",
  ttlMs: STATE_TTL_MS,
};
export const MAX_NEXT_LENGTH = 1024;

const PendingSignInSchema = z.object({
  state: z.string().min(43),
  nonce: z.string().min(43),
  verifier: z.string().min(43).max(128),
  next: z.string(),
});
/** What /api/login hands to the callback, inside the signed cookie. */
export type PendingSignIn = z.infer<typeof PendingSignInSchema>;

export function stateCookie(pending: PendingSignIn, settings: Pick<OidcSettings, "stateSecret">, now: Date): Promise<string> {
  return sealCookie(STATE, pending, settings.stateSecret, now);
}

export function clearStateCookie(): string {
  return `${STATE_COOKIE}=; ${STATE.attributes}; Max-Age=0`;
}

export async function readStateCookie(
  request: Request,
  settings: Pick<OidcSettings, "stateSecret">,
  now: Date,
): Promise<PendingSignIn | null> {
  const parsed = PendingSignInSchema.safeParse(await openCookie(request, STATE, settings.stateSecret, now));
  return parsed.success ? parsed.data : null;
}

/**
 * A verified identity whose email belongs to an account we never verified: it waits here (ten minutes, only on
 * /auth/link) until the person proves that account's password.
 */
export const LINK_PAGE = "/auth/link";
export const LINK_COOKIE = "breeze_sso_link";
export const LINK_TTL_MS = 10 * 60 * 1000;
const LINK: SignedCookie = {
  name: LINK_COOKIE,
  purpose: "oidc-pending-link",
  attributes: `Path=${LINK_PAGE}; HttpOnly; Secure; SameSite=Lax`,
  ttlMs: LINK_TTL_MS,
};

const PendingLinkSchema = z.object({ issuer: z.string(), subject: z.string().min(1), email: z.string().min(1), next: z.string() });
export type PendingLink = z.infer<typeof PendingLinkSchema>;

export function linkCookie(link: PendingLink, settings: Pick<OidcSettings, "stateSecret">, now: Date): Promise<string> {
  return sealCookie(LINK, link, settings.stateSecret, now);
}

export function clearLinkCookie(): string {
  return `${LINK_COOKIE}=; ${LINK.attributes}; Max-Age=0`;
}

export async function readLinkCookie(
  request: Request,
  settings: Pick<OidcSettings, "stateSecret">,
  now: Date,
): Promise<PendingLink | null> {
  const parsed = PendingLinkSchema.safeParse(await openCookie(request, LINK, settings.stateSecret, now));
  return parsed.success ? parsed.data : null;
}
