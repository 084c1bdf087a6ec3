import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";

import { getLoadContext } from "../../workers/load-context";

/**
 * The same load context the Worker builds, over the test's isolated bindings; `vars` override configuration and
 * `bindings` replace bindings (a counted D1, see d1-counter.ts).
 */
export function testContext(vars: Record<string, string> = {}, bindings: Partial<Env> = {}): AppLoadContext {
  const request = new Request("http://127.0.0.1/");
  return getLoadContext({
    request,
    context: { cloudflare: { env: { ...env, ...vars, ...bindings } as Env, ctx: createExecutionContext() } },
  });
}
