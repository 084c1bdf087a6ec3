import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

/**
 * Fixed-window throttling in D1. Counted: failed sign-ins (per IP and per account), sign-ups, reset requests and
 * contact messages; never successful sign-ins, so a user who signs in often is never blocked.
 */
export const LIMITS = {
  loginFailPerAccount: { max: 10, windowMs: 15 * 60_000 },
  loginFailPerIp: { max: 50, windowMs: 15 * 60_000 },
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  forgotPerAccount: { max: 5, windowMs: 60 * 60_000 },
  forgotPerIp: { max: 20, windowMs: 60 * 60_000 },
  contactPerIp: { max: 5, windowMs: 60 * 60_000 },
} as const;

export type Limit = { max: number; windowMs: number };
export type ThrottleState = { limited: boolean; retryAfterSeconds: number };

/** Reads without counting: is `key` already at its limit? */
export async function isThrottled(db: Db, key: string, limit: Limit, now: Date): Promise<ThrottleState> {
  const row = await db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`).get();
  if (!row || now.getTime() - row.windowStart.getTime() >= limit.windowMs) return { limited: false, retryAfterSeconds: 0 };
  const retryAfterSeconds = Math.ceil((row.windowStart.getTime() + limit.windowMs - now.getTime()) / 1000);
  return { limited: row.count >= limit.max, retryAfterSeconds };
}

/** Counts one event against `key` (one atomic upsert), starting a new window when the old one has passed. */
export async function recordHit(db: Db, key: string, limit: Limit, now: Date): Promise<void> {
  const nowMs = now.getTime();
  await db.run(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${nowMs})
    on conflict (key) do update set
      count = case when ${nowMs} - window_start >= ${limit.windowMs} then 1 else count + 1 end,
      window_start = case when ${nowMs} - window_start >= ${limit.windowMs} then ${nowMs} else window_start end`);
}

/** Checks, then counts: for events counted whether or not they succeed (sign-ups, reset requests, contact). */
export async function consume(db: Db, key: string, limit: Limit, now: Date): Promise<ThrottleState> {
  const state = await isThrottled(db, key, limit, now);
  if (!state.limited) await recordHit(db, key, limit, now);
  return state;
}

/**
 * The throttle key for a client IP, or null when the IP is unknown: then there is no per-IP bucket (lumping every
 * unknown client together would let one block all), and the per-account limits still apply.
 */
export function ipKey(prefix: string, ip: string | null): string | null {
  return ip ? `${prefix}:ip:${ip}` : null;
}

const UNLIMITED: ThrottleState = { limited: false, retryAfterSeconds: 0 };

/** `consume` when there is a key, else nothing to count. */
export function consumeIf(db: Db, key: string | null, limit: Limit, now: Date) {
  return key ? consume(db, key, limit, now) : Promise.resolve(UNLIMITED);
}

export function isThrottledIf(db: Db, key: string | null, limit: Limit, now: Date) {
  return key ? isThrottled(db, key, limit, now) : Promise.resolve(UNLIMITED);
}

export async function recordHitIf(db: Db, key: string | null, limit: Limit, now: Date) {
  if (key) await recordHit(db, key, limit, now);
}

export async function clearHits(db: Db, key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
