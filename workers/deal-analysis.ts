import { DurableObject } from "cloudflare:workers";

/**
 * One instance per (user, property): runs a deal analysis and streams its progress to every connected client.
 * SQLite-backed (see the wrangler migrations). No Remix imports: the Worker, the dev helper and the tests share it.
 */
export class DealAnalysis extends DurableObject<Env> {
  /** Liveness for GET /api/health: a storage write and read inside the object, so it proves more than routing. */
  async health(): Promise<{ ok: true; checks: number }> {
    const checks = ((await this.ctx.storage.get<number>("health-checks")) ?? 0) + 1;
    await this.ctx.storage.put("health-checks", checks);
    return { ok: true, checks };
  }
}
