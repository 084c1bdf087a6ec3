import { env } from "cloudflare:test";

/**
 * A D1 binding that records each statement it runs with its bound values, and the plan SQLite makes of one — for
 * the query-plan tests (market-query-plans, valuation-query-plans): a partial index is used only when SQLite sees
 * the value, so a plan is asked for with the statement's own values.
 */
export type Sent = { sql: string; params: unknown[] };

class RecordedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    readonly params: unknown[],
    private readonly sent: Sent[],
  ) {}

  bind(...values: unknown[]) {
    return new RecordedStatement(this.inner.bind(...values), this.sql, values, this.sent);
  }

  private record() {
    this.sent.push({ sql: this.sql, params: this.params });
  }

  all() {
    this.record();
    return this.inner.all();
  }

  raw(options?: { columnNames?: boolean }) {
    this.record();
    return options?.columnNames ? this.inner.raw({ columnNames: true }) : this.inner.raw();
  }

  first(column?: string) {
    this.record();
    return column === undefined ? this.inner.first() : this.inner.first(column);
  }

  run() {
    this.record();
    return this.inner.run();
  }
}

export function recordingD1(sent: Sent[]): D1Database {
  const recording = {
    prepare: (text: string) => new RecordedStatement(env.DB.prepare(text), text, [], sent),
    batch: (statements: RecordedStatement[]) => {
      for (const statement of statements) sent.push({ sql: statement.sql, params: statement.params });
      return env.DB.batch(statements.map((statement) => statement.inner));
    },
  };
  return {
    ...recording,
    exec: (text: string) => env.DB.exec(text),
    // The Worker reads through one D1 Session per request (db/d1-session.ts): the session records the same way.
    withSession: () => ({ ...recording, getBookmark: () => null }),
  } as unknown as D1Database;
}

export type PlanRow = { id: number; parent: number; detail: string };

export async function planOf(statement: Sent): Promise<PlanRow[]> {
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<PlanRow>();
  return plan.results;
}
