import { sql } from "drizzle-orm";

import type { ServiceContext } from "#app/services/context.server.ts";

/**
 * Fixed-window throttling in D1. Every check counts first, in one atomic statement (insert or increment, returning
 * the new count), and refuses past the limit: twenty parallel requests get the counts 1…20, so at most `max` of
 * them pass, however they interleave. A check that reads first and counts later lets all twenty through.
 *
 * Failed sign-ins are keyed per account *and* client (IP), so nobody can lock an owner out by typing wrong
 * passwords for their email from elsewhere; a per-IP limit across accounts bounds credential stuffing. A successful
 * sign-in takes its attempt back, so a user who signs in often is never blocked.
 */
export const LIMITS = {
  loginFailPerAccountClient: { max: 10, windowMs: 15 * 60_000 },
  loginFailPerIp: { max: 50, windowMs: 15 * 60_000 },
  /** Sign-ups and registration steps per IP: also bounds probing which emails have accounts (the 409 answer). */
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  forgotPerAccount: { max: 5, windowMs: 60 * 60_000 },
  forgotPerIp: { max: 20, windowMs: 60 * 60_000 },
  contactPerIp: { max: 5, windowMs: 60 * 60_000 },
  /** Wrong current passwords on change-password and email change, per user. */
  reauthFailPerUser: { max: 10, windowMs: 15 * 60_000 },
  verificationEmailsPerUser: { max: 5, windowMs: 60 * 60_000 },
  /** Inquiries and offers sent from deals' public pages: per client IP, and per deal whoever sends them. */
  dealOfferPerIp: { max: 5, windowMs: 60 * 60_000 },
  dealOfferPerDeal: { max: 30, windowMs: 60 * 60_000 },
} as const;

export type Limit = { max: number; windowMs: number };
export type ThrottleState = { limited: boolean; retryAfterSeconds: number };

const UNLIMITED: ThrottleState = { limited: false, retryAfterSeconds: 0 };

/**
 * Counts one event against `key` and answers whether it is past the limit. One statement: the upsert starts a new
 * window when the old one has passed and returns the count and window start it wrote.
 */
export async function hit(context: ServiceContext<"db" | "now">, key: string, limit: Limit): Promise<ThrottleState> {
  const { db } = context;
  const now = context.now();
  const nowMs = now.getTime();
  const row = await db.get<{ count: number; window_start: number }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${nowMs})
    on conflict (key) do update set
      count = case when ${nowMs} - window_start >= ${limit.windowMs} then 1 else count + 1 end,
      window_start = case when ${nowMs} - window_start >= ${limit.windowMs} then ${nowMs} else window_start end
    returning count, window_start`);
  if (!row || row.count <= limit.max) return UNLIMITED;
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((row.window_start + limit.windowMs - nowMs) / 1000)) };
}

/** `hit` when there is a key (an unknown IP has no bucket), else nothing to count. */
export function hitIf(context: ServiceContext<"db" | "now">, key: string | null, limit: Limit): Promise<ThrottleState> {
  return key ? hit(context, key, limit) : Promise.resolve(UNLIMITED);
}

/** The stricter of several throttle answers. */
export function worst(...states: ThrottleState[]): ThrottleState {
  return states.reduce(
    (a, b) => ({ limited: a.limited || b.limited, retryAfterSeconds: Math.max(a.retryAfterSeconds, b.retryAfterSeconds) }),
    UNLIMITED,
  );
}

/** Takes back one counted event (a sign-in that turned out right), never below zero. */
export async function forgive(context: ServiceContext<"db">, key: string | null) {
  const { db } = context;
  if (key) await db.run(sql`update rate_limits set count = max(count - 1, 0) where key = ${key}`);
}

export async function clearHits(context: ServiceContext<"db">, key: string) {
  const { db } = context;
  await db.run(sql`delete from rate_limits where key = ${key}`);
}

/**
 * The throttle key for a client IP, or null when the IP is unknown: then there is no per-IP bucket (lumping every
 * unknown client together would let one block all), and the per-account limits still apply.
 */
export function ipKey(prefix: string, ip: string | null): string | null {
  return ip ? `${prefix}:ip:${ip}` : null;
}

/** Failed sign-ins for one account from one client; an unknown client shares the "unknown" bucket of that account. */
export function accountClientKey(prefix: string, account: string, ip: string | null): string {
  return `${prefix}:account:${account}:client:${ip ?? "unknown"}`;
}

/** "Please try again in N minutes." */
export function retryMinutes(state: ThrottleState): string {
  const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
