import type { AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";

import { getLoadContext } from "#workers/load-context.ts";
import type { Fetch } from "#app/providers/http.server.ts";
import { createProviders } from "#app/providers/index.server.ts";

/**
 * The same load context the Worker builds, over the test's isolated bindings; `vars` override configuration and
 * `bindings` replace bindings (a counted D1, see d1-counter.ts). `fetch` is what the real providers' clients call
 * (a fake from tests/fakes), so a test can switch a provider on by its variables and answer it with a fake.
 */
export function testContext(vars: Record<string, string> = {}, bindings: Partial<Env> = {}, deps: { fetch?: Fetch } = {}): AppLoadContext {
  const request = new Request("http://127.0.0.1/");
  const context = getLoadContext({
    request,
    context: { cloudflare: { env: { ...env, ...vars, ...bindings } as Env, ctx: createExecutionContext() } },
  });
  if (deps.fetch) context.providers = createProviders(context.config, { db: context.db, files: context.files, fetch: deps.fetch });
  return context;
}
