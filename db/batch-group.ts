/**
 * A D1 binding whose batches are held until `send()`: every `batch()` made through it before then goes to D1 as one
 * batch (one round trip) and each caller gets its own statements' results. Statements are prepared by the binding it
 * wraps, so queries built on the request's usual client can be sent through `createDb(group)`.
 *
 * A failing statement fails a whole D1 batch: the group then sends each caller's statements on their own, so one
 * caller's bad query fails that caller only. Batches made after `send()` go to D1 at once.
 */
export class D1BatchGroup implements D1Database {
  private readonly held: Held[] = [];
  private sent = false;

  constructor(private readonly inner: D1Database) {}

  prepare(query: string): D1PreparedStatement {
    return this.inner.prepare(query);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    if (this.sent) return this.inner.batch<T>(statements);
    return new Promise((resolve, reject) => this.held.push({ statements, resolve, reject }));
  }

  /** Sends every held batch as one D1 batch (again one by one if it fails). */
  async send(): Promise<void> {
    this.sent = true;
    const held = this.held.splice(0);
    if (held.length === 0) return;
    try {
      // `never` rows: D1 does not check a batch's row type, and each caller reads its own as the type it asked for.
      const results = await this.inner.batch<never>(held.flatMap((entry) => entry.statements));
      let at = 0;
      for (const entry of held) {
        entry.resolve(results.slice(at, at + entry.statements.length));
        at += entry.statements.length;
      }
    } catch (error) {
      if (held.length === 1) held[0].reject(error);
      else for (const entry of held) this.inner.batch<never>(entry.statements).then(entry.resolve, entry.reject);
    }
  }

  exec(query: string): Promise<D1ExecResult> {
    return this.inner.exec(query);
  }

  withSession(constraintOrBookmark?: D1SessionBookmark | D1SessionConstraint): D1DatabaseSession {
    return this.inner.withSession(constraintOrBookmark);
  }

  dump(): Promise<ArrayBuffer> {
    return this.inner.dump();
  }
}

type Held = {
  statements: D1PreparedStatement[];
  resolve: (results: D1Result<never>[]) => void;
  reject: (error: unknown) => void;
};
