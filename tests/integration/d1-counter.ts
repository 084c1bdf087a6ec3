/**
 * A D1 binding that counts what a request costs the database: every round trip (each statement's
 * `all`/`first`/`run`/`raw`, each `batch` and `exec`) and, what latency is made of, the sequential ones.
 *
 * A round trip's depth is one more than the deepest round trip that had *finished* when it started: calls that start
 * while others are in flight (Promise.all, a batch, the root and route loaders Remix runs side by side) share a
 * depth; a call that waited for an answer goes one deeper. `sequential` is the deepest depth reached: the length of
 * the longest chain of round trips that ran one after the other, however the code is structured.
 */
export type RoundTrip = { sql: string; depth: number };

export class D1Counter {
  /** Every round trip since the last reset, in the order they started. */
  readonly calls: RoundTrip[] = [];
  /** The deepest depth among the round trips that have answered. */
  private finishedDepth = 0;
  readonly db: D1Database;

  constructor(private readonly inner: D1Database) {
    this.db = new CountedDatabase(inner, this) as unknown as D1Database;
  }

  get roundTrips(): number {
    return this.calls.length;
  }

  /** The longest chain of round trips that ran one after the other. */
  get sequential(): number {
    return Math.max(0, ...this.calls.map((call) => call.depth));
  }

  /** The statements of each depth, for failure messages: which query waited for which. */
  describe(): string {
    return this.calls.map((call) => `  ${call.depth}: ${call.sql.replace(/\s+/g, " ").slice(0, 140)}`).join("\n");
  }

  /** Forgets everything counted so far (the setup's writes), e.g. right before the request under test. */
  reset(): void {
    this.calls.length = 0;
    this.finishedDepth = 0;
  }

  /** Runs one round trip and records it. */
  async track<T>(sql: string, run: () => Promise<T>): Promise<T> {
    const call = { sql, depth: this.finishedDepth + 1 };
    this.calls.push(call);
    try {
      return await run();
    } finally {
      this.finishedDepth = Math.max(this.finishedDepth, call.depth);
    }
  }
}

class CountedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly counter: D1Counter,
    readonly sql: string,
  ) {}

  bind(...values: unknown[]): CountedStatement {
    return new CountedStatement(this.inner.bind(...values), this.counter, this.sql);
  }

  first(column?: string) {
    return this.counter.track(this.sql, () => (column === undefined ? this.inner.first() : this.inner.first(column)));
  }

  run() {
    return this.counter.track(this.sql, () => this.inner.run());
  }

  all() {
    return this.counter.track(this.sql, () => this.inner.all());
  }

  raw(options?: { columnNames?: boolean }) {
    return this.counter.track(this.sql, () =>
      options?.columnNames ? this.inner.raw({ columnNames: true }) : this.inner.raw(options as { columnNames?: false }),
    );
  }
}

class CountedDatabase {
  constructor(
    private readonly inner: D1Database,
    private readonly counter: D1Counter,
  ) {}

  prepare(sql: string): CountedStatement {
    return new CountedStatement(this.inner.prepare(sql), this.counter, sql);
  }

  batch(statements: CountedStatement[]) {
    const label = `batch of ${statements.length}: ${statements.map((statement) => statement.sql).join(" | ")}`;
    return this.counter.track(label, () => this.inner.batch(statements.map((statement) => statement.inner)));
  }

  exec(sql: string) {
    return this.counter.track(sql, () => this.inner.exec(sql));
  }

  /** The Worker opens one D1 Session per request (db/d1-session.ts): its round trips count like the binding's. */
  withSession(constraintOrBookmark?: string) {
    const session = this.inner.withSession(constraintOrBookmark);
    // A session has the binding's prepare and batch, which is all CountedDatabase forwards to.
    const counted = new CountedDatabase(session as unknown as D1Database, this.counter);
    return Object.assign(counted, { getBookmark: () => session.getBookmark() });
  }

  dump(): never {
    throw new Error("D1Counter does not support dump()");
  }
}
