import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";

import { getLoadContext } from "../../workers/load-context";

/** The same load context the Worker builds, over the test's isolated bindings; `vars` override configuration. */
export function testContext(vars: Record<string, string> = {}): AppLoadContext {
  const request = new Request("http://127.0.0.1/");
  return getLoadContext({
    request,
    context: { cloudflare: { env: { ...env, ...vars } as Env, ctx: createExecutionContext() } },
  });
}
