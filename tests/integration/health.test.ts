import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { DealAnalysis } from "#workers/deal-analysis.ts";
import { loader as apiNotFound } from "#app/routes/api.$.ts";
import { loader as healthLoader } from "#app/routes/api.health.ts";
import { loader as pingLoader } from "#app/routes/api.ping.ts";
import { checkHealth } from "#app/services/platform/health.server.ts";

import { ApiClient } from "./api-client.ts";
import { testContext } from "./context.ts";

describe("GET /api/health", () => {
  it("answers 200 with every binding ok: D1, R2 and the Durable Object", async () => {
    const response = await new ApiClient().send(healthLoader, "GET", "/api/health");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; checks: Record<string, { ok: boolean; ms: number }> };
    expect(body.ok).toBe(true);
    expect(Object.keys(body.checks).sort()).toEqual(["d1", "durableObject", "r2"]);
    for (const check of Object.values(body.checks)) expect(check.ok).toBe(true);
  });

  it("leaves no object behind in R2", async () => {
    await new ApiClient().send(healthLoader, "GET", "/api/health");
    const listed = await env.FILES.list({ prefix: "health/" });
    expect(listed.objects).toHaveLength(0);
  });

  it("answers 503 and names the failing check when a binding fails", async () => {
    const context = testContext();
    const brokenFiles = { ...context.files, put: () => Promise.reject(new Error("R2 is down")) } as unknown as R2Bucket;
    const report = await checkHealth({ ...context, files: brokenFiles });
    expect(report.ok).toBe(false);
    expect(report.checks.r2).toMatchObject({ ok: false, error: "R2 did not answer" });
    expect(report.checks.d1.ok).toBe(true);
  });
});

describe("the DealAnalysis Durable Object", () => {
  it("answers health over RPC and keeps its count in its own storage", async () => {
    const stub = env.DEAL_ANALYSIS.get(env.DEAL_ANALYSIS.idFromName("test-health"));
    expect(await stub.health()).toEqual({ ok: true, checks: 1 });
    expect(await stub.health()).toEqual({ ok: true, checks: 2 });
    const stored = await runInDurableObject(stub, async (instance, state) => {
      expect(instance).toBeInstanceOf(DealAnalysis);
      return state.storage.get<number>("health-checks");
    });
    expect(stored).toBe(2);
  });
});

describe("baseline and unknown API routes", () => {
  it("GET /api/ping answers a tiny ok without touching bindings", async () => {
    const response = await new ApiClient().send(pingLoader, "GET", "/api/ping");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  it("an unknown /api path answers a JSON 404 in the /api failure shape", async () => {
    const response = await new ApiClient().send(apiNotFound, "GET", "/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: "Not found" });
  });
});
