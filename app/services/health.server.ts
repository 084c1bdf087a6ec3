import { sql } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";

export type CheckResult = { ok: boolean; ms: number; error?: string };
export type HealthReport = { ok: boolean; checks: { d1: CheckResult; r2: CheckResult; durableObject: CheckResult } };

async function timed(check: () => Promise<void>): Promise<CheckResult> {
  const started = performance.now();
  try {
    await check();
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    // Name the failure without leaking internals (no stack, no binding details).
    const message = error instanceof Error ? error.message.slice(0, 200) : "failed";
    return { ok: false, ms: Math.round(performance.now() - started), error: message };
  }
}

/** Proves each binding answers: a D1 query against the migrated schema, an R2 round trip, a Durable Object RPC. */
export async function checkHealth(context: Pick<AppLoadContext, "db" | "files" | "dealAnalysis">): Promise<HealthReport> {
  const [d1, r2, durableObject] = await Promise.all([
    timed(async () => {
      const row = await context.db.get<{ n: number }>(sql`select count(*) as n from users`);
      if (typeof row?.n !== "number") throw new Error("D1 answered no row");
    }),
    timed(async () => {
      const key = `health/${crypto.randomUUID()}`;
      const body = `ok ${key}`;
      await context.files.put(key, body);
      try {
        const read = await context.files.get(key);
        if ((await read?.text()) !== body) throw new Error("R2 read back different content");
      } finally {
        await context.files.delete(key);
      }
    }),
    timed(async () => {
      const stub = context.dealAnalysis.get(context.dealAnalysis.idFromName("health"));
      const answer = await stub.health();
      if (!answer.ok) throw new Error("Durable Object answered not ok");
    }),
  ]);
  return { ok: d1.ok && r2.ok && durableObject.ok, checks: { d1, r2, durableObject } };
}
