import { scrypt, timingSafeEqual } from "node:crypto";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

/**
 * Password hashing with scrypt from node:crypto (native in workerd and Node), at the OWASP row N=2^14, r=8, p=5
 * (16 MiB): ~0.25 s here, inside a Worker's memory. The scheme and its parameters are stored with each hash
 * ("scrypt$N=16384,r=8,p=5$salt$hash"), so the cost can rise later and old hashes still verify (see needsRehash).
 */
export const SCRYPT = { N: 2 ** 14, r: 8, p: 5, keyLength: 64, saltLength: 16 } as const;

type Params = { N: number; r: number; p: number };

function derive(password: string, salt: Uint8Array, params: Params, keyLength: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // maxmem above 128 * N * r so the chosen row always fits.
    const maxmem = 256 * params.N * params.r + 1024 * 1024;
    scrypt(password.normalize("NFKC"), salt, keyLength, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SCRYPT.saltLength));
  const key = await derive(password, salt, SCRYPT, SCRYPT.keyLength);
  return `scrypt$N=${SCRYPT.N},r=${SCRYPT.r},p=${SCRYPT.p}$${encodeBase64(salt)}$${encodeBase64(key)}`;
}

function parse(stored: string): { params: Params; salt: Uint8Array; key: Uint8Array } | null {
  const [scheme, paramText, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !paramText || !saltText || !keyText) return null;
  const params: Record<string, number | undefined> = Object.fromEntries(
    paramText.split(",").map((pair) => [pair.split("=")[0], Number(pair.split("=")[1])]),
  );
  const { N, r, p } = params;
  if (!N || !r || !p) return null;
  return { params: { N, r, p }, salt: decodeBase64(saltText), key: decodeBase64(keyText) };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a hash was made with weaker parameters than today's, so the next sign-in can upgrade it. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < SCRYPT.N || parsed.params.r < SCRYPT.r || parsed.params.p < SCRYPT.p;
}

/**
 * A real hash of a random password, computed once per isolate: sign-in verifies against it when the email is
 * unknown, so an unknown email takes as long as a wrong password and the answer reveals nothing.
 */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(encodeBase64(crypto.getRandomValues(new Uint8Array(16))));
  return dummyHash;
}
