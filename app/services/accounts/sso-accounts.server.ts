/** Which Breeze account a verified identity signs into: a linked one, a new one, or a link after the password. */
import { and, eq } from "drizzle-orm";

import { userIdentities, users } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { isUniqueViolation } from "#app/services/platform/db-errors.server.ts";
import { foundWorkspace } from "#app/services/workspaces/founding.server.ts";

import type { PendingLink } from "./oidc-cookies.server.ts";
import {
  CANNOT_LINK,
  EMAIL_MISSING,
  EMAIL_UNVERIFIED,
  IDENTITY_CONFLICT,
  IDENTITY_TAKEN,
  PROVIDER_REFUSED,
} from "./oidc-failures.server.ts";
import type { IdentityClaims } from "./oidc.server.ts";

async function linkedUserId(context: ServiceContext<"db">, issuer: string, subject: string) {
  const { db } = context;
  const row = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .get();
  return row?.userId ?? null;
}

/** Whether the account is already linked to a different subject at this issuer (the address was reassigned there). */
async function linkedElsewhere(context: ServiceContext<"db">, userId: string, issuer: string, subject: string) {
  const { db } = context;
  const row = await db
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.issuer, issuer)))
    .get();
  return Boolean(row && row.subject !== subject);
}

/**
 * Links issuer+subject to the account; the unique index on (issuer, subject) decides a race, and the answer says
 * whether this account won it.
 */
async function link(context: ServiceContext<"db">, userId: string, identity: { issuer: string; subject: string }) {
  const { db } = context;
  await db.insert(userIdentities).values({ userId, issuer: identity.issuer, subject: identity.subject }).onConflictDoNothing();
  return (await linkedUserId(context, identity.issuer, identity.subject)) === userId;
}

function namesFrom(identity: IdentityClaims) {
  const [first, ...rest] = identity.name?.split(/\s+/) ?? [];
  const firstName = identity.givenName ?? first ?? null;
  const lastName = identity.familyName ?? (rest.join(" ") || null);
  const fullName = identity.name ?? ([firstName, lastName].filter(Boolean).join(" ") || null);
  return { firstName, lastName, fullName };
}

export type SsoAccount =
  | { kind: "signed-in"; userId: string; created: boolean }
  /** The email belongs to an account we never verified: its password must be proven first (/auth/link). */
  | { kind: "needs-password"; email: string }
  | { kind: "refused"; description: string };

/**
 * The Breeze account for a verified identity: the one already linked to issuer+subject; else, when the provider
 * verified the email, the account with that email if WE verified it (linked now) — an account whose email we never
 * verified may have been registered by anyone, so its password must be proven first; else a new account with no
 * password (linked). An unverified email never reaches an account: anyone can type any address at some providers.
 */
export async function resolveSsoUser(context: ServiceContext<"db">, identity: IdentityClaims): Promise<SsoAccount> {
  const { db } = context;
  const linked = await linkedUserId(context, identity.issuer, identity.subject);
  if (linked) return { kind: "signed-in", userId: linked, created: false };
  if (!identity.email) return { kind: "refused", description: EMAIL_MISSING };
  if (!identity.emailVerified) return { kind: "refused", description: EMAIL_UNVERIFIED };

  const existing = await db
    .select({ id: users.id, emailVerified: users.emailVerified, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, identity.email))
    .get();
  if (existing) {
    if (await linkedElsewhere(context, existing.id, identity.issuer, identity.subject))
      return { kind: "refused", description: IDENTITY_CONFLICT };
    if (!existing.emailVerified) {
      // Accounts created by single sign-on are verified; one with neither has no proof to ask for.
      return existing.passwordHash ? { kind: "needs-password", email: identity.email } : { kind: "refused", description: CANNOT_LINK };
    }
    // A racing callback for the same subject may have linked first; the unique index decided who.
    return (await link(context, existing.id, identity))
      ? { kind: "signed-in", userId: existing.id, created: false }
      : { kind: "refused", description: PROVIDER_REFUSED };
  }

  const userId = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(users).values({ id: userId, email: identity.email, ...namesFrom(identity), emailVerified: true, passwordHash: null }),
      db.insert(userIdentities).values({ userId, issuer: identity.issuer, subject: identity.subject }),
      ...foundWorkspace(context, { userId, name: namesFrom(identity).fullName ?? identity.email }),
    ]);
  } catch (error) {
    // Two callbacks racing to create the same account: the unique indexes decided; the loser signs into the winner.
    if (!isUniqueViolation(error)) throw error;
    const winner = await linkedUserId(context, identity.issuer, identity.subject);
    return winner ? { kind: "signed-in", userId: winner, created: false } : { kind: "refused", description: PROVIDER_REFUSED };
  }
  return { kind: "signed-in", userId, created: true };
}

/**
 * After the person proved the password of the account the pending link names: links the identity to it, unless
 * the account is linked to another subject at this provider or the identity to another account meanwhile.
 */
export async function linkAfterPassword(
  context: ServiceContext<"db">,
  userId: string,
  pending: PendingLink,
): Promise<{ ok: true } | { ok: false; description: string }> {
  if (await linkedElsewhere(context, userId, pending.issuer, pending.subject)) return { ok: false, description: IDENTITY_CONFLICT };
  return (await link(context, userId, pending)) ? { ok: true } : { ok: false, description: IDENTITY_TAKEN };
}
