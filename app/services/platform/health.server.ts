import { sql } from "drizzle-orm";

import type { ServiceContext } from "#app/services/context.server.ts";

export type CheckResult = { ok: boolean; ms: number; error?: string };
export type HealthReport = { ok: boolean; checks: { d1: CheckResult; r2: CheckResult; durableObject: CheckResult } };

/** A failed check answers a fixed sentence; the raw error (which may name bindings or internals) goes to the log. */
async function timed(name: string, check: () => Promise<void>): Promise<CheckResult> {
  const started = performance.now();
  try {
    await check();
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    console.error(`[health] ${name} check failed:`, error instanceof Error ? error.message : error);
    return { ok: false, ms: Math.round(performance.now() - started), error: `${name} did not answer` };
  }
}

/**
 * Who may run the deep checks (an R2 write and a Durable Object call per request): a caller with the health token
 * (`Authorization: Bearer $HEALTH_TOKEN`, compared in constant time), or anyone while the app runs locally.
 * Everyone else gets the liveness answer, which touches no binding.
 */
export function mayRunDeepChecks(request: Request, healthToken: string | undefined, local: boolean): boolean {
  if (local) return true;
  const presented = request.headers.get("Authorization")?.match(/^Bearer (.+)$/)?.[1];
  if (!healthToken || !presented) return false;
  const a = new TextEncoder().encode(presented);
  const b = new TextEncoder().encode(healthToken);
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}

/** Proves each binding answers: a D1 query against the migrated schema, an R2 round trip, a Durable Object RPC. */
export async function checkHealth(context: ServiceContext<"db" | "files" | "dealAnalysis">): Promise<HealthReport> {
  const [d1, r2, durableObject] = await Promise.all([
    timed("D1", async () => {
      const row = await context.db.get<{ n: number }>(sql`select count(*) as n from users`);
      if (typeof row?.n !== "number") throw new Error("D1 answered no row");
    }),
    timed("R2", async () => {
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
    timed("Durable Object", async () => {
      const stub = context.dealAnalysis.get(context.dealAnalysis.idFromName("health"));
      const answer = await stub.health();
      if (!answer.ok) throw new Error("Durable Object answered not ok");
    }),
  ]);
  return { ok: d1.ok && r2.ok && durableObject.ok, checks: { d1, r2, durableObject } };
}
