/**
 * One request's D1 Session (the Sessions API behind D1 read replication): every query of the request goes through
 * the same session, so it reads its own writes, and the bookmark it ends on is handed back to the browser so the
 * user's next request starts at least as fresh as this one ended, whichever replica answers it.
 * docs/decisions/094-d1-sessions.md.
 */

/** Where a request with no bookmark may start: any replica, since it has written nothing yet. */
export const FIRST_QUERY_CONSTRAINT = "first-unconstrained" satisfies D1SessionConstraint;

/**
 * A bookmark as D1 writes it: four hex groups, e.g. `00000000-00000011-00000000-0000…0000` (8-8-8-32). Anything else
 * from the cookie is ignored rather than handed to D1, where a malformed bookmark would fail every query.
 */
const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isBookmark(value: string | null | undefined): value is string {
  return typeof value === "string" && BOOKMARK_PATTERN.test(value);
}

/**
 * The session as a D1 binding, so drizzle and the batch group (db/batch-group.ts) take it as they take the binding.
 * Only `prepare` and `batch` exist on a session; `exec` and `dump` are for migrations and backups, never a request.
 */
export class D1SessionDatabase implements D1Database {
  constructor(
    private readonly session: D1DatabaseSession,
    /** The database binding the session reads; the same object for every request of an isolate. */
    readonly binding: D1Database,
  ) {}

  static open(binding: D1Database, bookmark: string | null): D1SessionDatabase {
    return new D1SessionDatabase(binding.withSession(isBookmark(bookmark) ? bookmark : FIRST_QUERY_CONSTRAINT), binding);
  }

  prepare(query: string): D1PreparedStatement {
    return this.session.prepare(query);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return this.session.batch<T>(statements);
  }

  /** The latest bookmark this request's queries reached, or null when it ran none. */
  bookmark(): string | null {
    return this.session.getBookmark();
  }

  exec(): Promise<D1ExecResult> {
    return Promise.reject(new Error("exec is for migrations, not a request's D1 session"));
  }

  withSession(): D1DatabaseSession {
    return this.session;
  }

  dump(): Promise<ArrayBuffer> {
    return Promise.reject(new Error("dump is not available on a D1 session"));
  }
}

/**
 * The database a client reads: the binding behind a request's session, else the client itself. A per-isolate cache
 * of data that does not change while the Worker runs keys on it; keyed on the session, it would miss on every request.
 */
export function databaseOf(client: D1Database): D1Database {
  return client instanceof D1SessionDatabase ? client.binding : client;
}
