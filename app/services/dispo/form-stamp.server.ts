/**
 * The deal page's bot check without a third-party captcha: the form carries the time it was served, signed with the
 * link's own secret (kept on the server), so a script cannot post a form it never loaded nor backdate one. A post sent
 * sooner than a person can fill the form in, or a day after it was served, is refused; a hidden field a person never
 * sees (the honeypot) is checked by the caller.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";

/** Faster than this from page to post is a script, not a buyer typing their details. */
export const MIN_FILL_MS = 2_000;
/** A form served this long ago is stale: the page is loaded again. */
export const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

export type StampCheck = "ok" | "forged" | "too-fast" | "stale";

async function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** "<served at ms>.<signature>" for a form served now on the link `linkId`. */
export async function formStamp({ secret, linkId, now }: { secret: string; linkId: string; now: Date }): Promise<string> {
  const at = String(now.getTime());
  const signature = await crypto.subtle.sign("HMAC", await key(secret), new TextEncoder().encode(`${linkId}:${at}`));
  return `${at}.${encodeBase64urlNoPadding(new Uint8Array(signature))}`;
}

/** Whether the stamp is one this link's page served, at least MIN_FILL_MS and at most MAX_FORM_AGE_MS ago. */
export async function checkFormStamp({
  secret,
  linkId,
  stamp,
  now,
}: {
  secret: string;
  linkId: string;
  stamp: unknown;
  now: Date;
}): Promise<StampCheck> {
  if (typeof stamp !== "string" || stamp.length > 200) return "forged";
  const [at, signature, extra] = stamp.split(".");
  if (!at || !signature || extra !== undefined || !/^\d{1,15}$/.test(at)) return "forged";
  let valid = false;
  try {
    valid = await crypto.subtle.verify(
      "HMAC",
      await key(secret),
      new Uint8Array(decodeBase64urlIgnorePadding(signature)),
      new TextEncoder().encode(`${linkId}:${at}`),
    );
  } catch {
    return "forged";
  }
  if (!valid) return "forged";
  const age = now.getTime() - Number(at);
  if (age < MIN_FILL_MS) return "too-fast";
  return age > MAX_FORM_AGE_MS ? "stale" : "ok";
}
