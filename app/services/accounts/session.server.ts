import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";

import { D1BatchGroup } from "#db/batch-group.ts";
import { createDb } from "#db/client.ts";
import type { WorkspaceRole } from "#db/enums.ts";
import { sessions, users, workspaceMembers } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { readCookie } from "#app/services/http/cookies.server.ts";

import {
  membershipsOf,
  membersOf,
  sessionQuery,
  type CompanyProfile,
  type Membership,
  type SessionRow,
  type SessionUser,
  type WorkspaceMember,
} from "./session-row.server.ts";

/**
 * Server-side sessions (The Copenhagen Book): a 160-bit random token in an HttpOnly cookie; only its SHA-256 is
 * stored, so a database leak reveals no usable session. A new session at every sign-in (the browser's previous
 * one ends); sliding expiry, capped by an absolute lifetime counted from sign-in (ASVS 5.0 V7.3.1, V7.3.2).
 */
export const SESSION_COOKIE = "breeze_session";
/** "Remember me": 30 days, renewed while used. Otherwise the cookie ends with the browser and the server keeps 1 day. */
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;
/** However active, a session ends this long after its sign-in: 90 days with "Remember me", else 7 days. */
export const REMEMBER_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
export const BROWSER_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

export type { CompanyProfile, Membership, SessionUser, WorkspaceMember } from "./session-row.server.ts";
export { memberName } from "./session-row.server.ts";

/**
 * A valid session. `workspaceId` is whose business records every query of the request reads and writes (the
 * `user_id` of those tables); `user` is the person acting (their own id is `user.id`), `role` theirs in that
 * workspace, and `memberships` every workspace they belong to (the shell's switcher).
 */
export type ValidSession = {
  sid: string;
  user: SessionUser;
  workspaceId: string;
  role: WorkspaceRole;
  memberships: Membership[];
  remember: boolean;
  expire: Date;
  renewed: boolean;
};

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/**
 * The workspace a new session opens in: the person's own if they still belong to it, else the one they joined first.
 * None (a person in no workspace) leaves the session unusable: its lookup finds no membership.
 */
function openingWorkspace(context: ServiceContext<"db">, userId: string) {
  return sql`(${context.db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`${workspaceMembers.workspaceId} = ${userId} desc`, workspaceMembers.createdAt)
    .limit(1)})`;
}

/**
 * A new session for `userId`, in `workspaceId` or else its opening workspace. `replaces` is the token of the session
 * this browser held, if any: it ends in the same batch, so signing in while signed in never leaves the old session usable.
 */
export async function createSession(
  context: ServiceContext<"db" | "now">,
  userId: string,
  options: {
    remember: boolean;
    ip?: string;
    userAgent?: string;
    replaces?: string | null;
    timeZone?: string | null;
    workspaceId?: string;
  },
): Promise<{ token: string; expire: Date }> {
  const { db } = context;
  const token = generateToken();
  const now = context.now();
  const expire = new Date(now.getTime() + (options.remember ? REMEMBER_MS : BROWSER_SESSION_MS));
  const insert = db.insert(sessions).values({
    sid: hashToken(token),
    userId,
    workspaceId: options.workspaceId ?? openingWorkspace(context, userId),
    expire,
    createdAt: now,
    sess: { remember: options.remember, ip: options.ip, userAgent: options.userAgent?.slice(0, 200) },
  });
  // The browser's zone becomes the user's on the first sign-in that knows it (ADR 096); a stored one is kept.
  const zone = options.timeZone
    ? db
        .update(users)
        .set({ preferences: sql`json_set(${users.preferences}, '$.timeZone', ${options.timeZone})` })
        .where(and(eq(users.id, userId), sql`json_extract(${users.preferences}, '$.timeZone') is null`))
    : null;
  const replaced = options.replaces ? db.delete(sessions).where(eq(sessions.sid, hashToken(options.replaces))) : null;
  const rest = [replaced, zone].filter((statement) => statement !== null);
  if (rest.length > 0) await db.batch([insert, ...rest]);
  else await insert;
  return { token, expire };
}

/** Read queries that can go into one D1 batch. */
export type BatchQueries = Readonly<[BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>;
/** Sends queries as one D1 batch: `db.batch`, or a session lookup's (`SessionReads`). */
export type SendBatch = <T extends BatchQueries>(queries: T) => Promise<BatchResponse<T>>;

/**
 * The session's workspace id as SQL: `(select workspace_id from sessions where sid = ?)`, what business tables' `user_id`
 * holds. Queries scoped by it read the workspace's data in the same D1 batch as the session itself (see
 * `readBesideSession`), before the lookup has answered; whoever reads them uses the rows only once the session
 * validated (its membership included). An unknown sid matches nothing.
 */
export type SessionOwner = SQL;
/** Whose data a query reads: a user id, or the session's user as SQL. */
export type UserRef = string | SessionOwner;
export function sessionOwner(sid: string): SessionOwner {
  return sql`(select ${sessions.workspaceId} from ${sessions} where ${sessions.sid} = ${sid})`;
}

/** The session's person (who is acting) as SQL, for reads of what is theirs within the workspace (their Today). */
export function sessionPerson(sid: string): SQL {
  return sql`(select ${sessions.userId} from ${sessions} where ${sessions.sid} = ${sid})`;
}

/**
 * One request's lookup of one session (auth.server.ts shares it between the loaders of a request). Its D1 batch is
 * held until `send()`, so the reads a route declares beside it (`SessionReadsDeclaration`, started by the Worker entry
 * before any loader runs: workers/session-reads.ts) join it, and the lookup and a page's own reads cost one round trip
 * together; reads asked for once it was sent run as a batch of their own. A read that fails never fails the lookup
 * (db/batch-group.ts). Whoever opens a lookup sends it before handing it on, so nothing waits on a send that never comes.
 */
export type SessionLookup = {
  sid: string;
  session: Promise<ValidSession | null>;
  /**
   * The session's user as SQL and the lookup's batch. Use them through `readBesideSession`, which keeps what they read
   * from a request whose session is not valid.
   */
  reads: SessionReads;
  /** Sends the batch with what joined it so far; later reads go at once, on their own. Sending twice does nothing. */
  send: () => void;
  /** The declared reads started beside this lookup, by declaration: each runs once per request, whoever asks first. */
  declared: Map<SessionReadsDeclaration<unknown>, BesideSession<unknown>>;
};

export function lookupSession(context: ServiceContext<"db" | "now">, token: string): SessionLookup {
  const { db } = context;
  const sid = hashToken(token);
  const group = new D1BatchGroup(db.$client);
  const grouped = createDb(group);
  // The session's statement is built when the batch is sent, so a read that asked for the members before then finds
  // them in its row instead of a statement of their own.
  let withMembers = false;
  let sent = false;
  let release!: (row: Promise<SessionRow | undefined>) => void;
  const row = new Promise<SessionRow | undefined>((resolve) => (release = resolve));
  const session = row.then((found) => checkSession(context, sid, found));
  const membersIn = (found: SessionRow | undefined) => (found?.members ? membersOf(found.members) : []);
  const members = (): Promise<WorkspaceMember[]> => {
    if (sent) return grouped.batch([sessionQuery(context, sid, true)]).then(([[found]]) => membersIn(found));
    withMembers = true;
    return row.then(membersIn);
  };
  return {
    sid,
    session,
    reads: { userId: sessionOwner(sid), person: sessionPerson(sid), batch: (queries) => grouped.batch(queries), members },
    send: () => {
      if (!sent) {
        sent = true;
        release(grouped.batch([sessionQuery(context, sid, withMembers)]).then(([[found]]) => found));
      }
      void group.send();
    },
    declared: new Map(),
  };
}

/**
 * The session and its user (with the company profile) from the lookup's rows, or null: also null once the person no
 * longer belongs to the session's workspace. Renews the expiry once half of its sliding lifetime has passed, never
 * beyond the absolute lifetime; a session past either limit is deleted.
 */
async function checkSession(context: ServiceContext<"db" | "now">, sid: string, row: SessionRow | undefined): Promise<ValidSession | null> {
  const { db } = context;
  const now = context.now();
  if (!row) return null;
  const { session, user } = row;
  // The company's columns are aliased, so drizzle cannot tell an unmatched left join: its id says.
  const company = row.company.id === null ? null : (row.company as CompanyProfile);
  const memberships = membershipsOf(row.memberships);
  const current = memberships.find((membership) => membership.workspaceId === session.workspaceId);
  if (!current) return null;
  const remember = session.sess.remember === true;
  const absoluteEnd = session.createdAt.getTime() + (remember ? REMEMBER_ABSOLUTE_MS : BROWSER_ABSOLUTE_MS);
  if (session.expire.getTime() <= now.getTime() || absoluteEnd <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.sid, sid));
    return null;
  }
  const lifetime = remember ? REMEMBER_MS : BROWSER_SESSION_MS;
  let expire = session.expire;
  let renewed = false;
  if (expire.getTime() - now.getTime() < lifetime / 2) {
    const renewedTo = Math.min(now.getTime() + lifetime, absoluteEnd);
    if (renewedTo > expire.getTime()) {
      expire = new Date(renewedTo);
      renewed = true;
      await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
    }
  }
  return {
    sid,
    user: { ...user, company: company ?? null },
    workspaceId: current.workspaceId,
    role: current.role,
    memberships,
    remember,
    expire,
    renewed,
  };
}

/**
 * What a read that runs before its session answered gets: whose data to read (the session's user, as SQL) and the
 * batch to read it in (the session lookup's own).
 */
export type SessionReads = {
  userId: UserRef;
  person: UserRef;
  batch: SendBatch;
  /** The workspace's members by when they joined: asked for before the lookup is sent, a column of its own statement. */
  members: () => Promise<WorkspaceMember[]>;
};

/** What reads beside the session answer: null when the session is not valid (what they read is dropped). */
export type BesideSession<T> = Promise<{ session: ValidSession; value: T } | null>;

/**
 * Runs `read` beside the session lookup, in its batch (one round trip for both) unless it was sent, and answers what
 * it read with the session once that is valid; null when it is not. What `read` read, or the error it met, counts
 * only for a valid session, so a signed-out request sees neither.
 */
export async function readBesideSession<T>(lookup: SessionLookup, read: (reads: SessionReads) => Promise<T>): BesideSession<T> {
  let reading: Promise<T>;
  try {
    // Called now: the queries it asks for before its first await join the batch, if that was not sent yet.
    reading = read(lookup.reads);
  } catch (error) {
    reading = Promise.reject(error);
  }
  const [session, result] = await Promise.all([
    lookup.session,
    reading.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  ]);
  if (!session) return null;
  if (!result.ok) throw result.error;
  return { session, value: result.value };
}

/** What a route's declaration is given: its loader's request, params and load context. */
export type SessionReadsArgs = Pick<LoaderFunctionArgs, "request" | "params" | "context">;

/**
 * What a route reads beside the session lookup, declared on its loader (`withSessionReads`): for a GET, the Worker
 * entry matches the request to the routes whose loaders will run and starts each one's declaration before any loader
 * runs, then sends the lookup with all of them (workers/session-reads.ts); the loader takes the outcome through
 * auth.server.ts `readAsUser` / `readAsApiUser` / `readDeclared`. It asks `reads.batch` for its queries before its
 * first await; queries asked for later go as a batch of their own.
 */
export type SessionReadsDeclaration<T> = (args: SessionReadsArgs, reads: SessionReads) => Promise<T>;

/** Names a declaration's result type once, for the loader that takes it. */
export const declareSessionReads = <T>(declaration: SessionReadsDeclaration<T>) => declaration;

/** A loader that declares its reads beside the session: the Worker entry finds them as `loader.sessionReads`. */
export type DeclaringLoader<L> = L & { sessionReads: SessionReadsDeclaration<unknown> };

/**
 * Hangs `declaration` on `loader`. On the loader, not a route export of its own: Remix strips a route's loader (and
 * what only it uses) from the browser's bundle, and would keep any other export, with the server code it imports.
 */
export function withSessionReads<L extends (args: LoaderFunctionArgs) => unknown>(
  declaration: SessionReadsDeclaration<unknown>,
  loader: L,
): DeclaringLoader<L> {
  return Object.assign(loader, { sessionReads: declaration });
}

export async function deleteSession(context: ServiceContext<"db">, sid: string) {
  const { db } = context;
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

// --- the cookie ---------------------------------------------------------------------------------------------------

export function readSessionToken(request: Request): string | null {
  const value = readCookie(request, SESSION_COOKIE);
  return value !== null && /^[a-z2-7]{32}$/.test(value) ? value : null;
}

/** `Secure` always (browsers accept it on http://localhost and 127.0.0.1); `Max-Age` only with "Remember me". */
export function sessionCookie(token: string, options: { remember: boolean; expire: Date; now: Date }): string {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "Secure", "SameSite=Lax"];
  if (options.remember) parts.push(`Max-Age=${Math.floor((options.expire.getTime() - options.now.getTime()) / 1000)}`);
  return parts.join("; ");
}

export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** Adds cookies a service queued (a renewed session's) to any answer, keeping the route's own Set-Cookie headers. */
export function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of cookies) copy.headers.append("Set-Cookie", cookie);
  return copy;
}
