import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";

import { createDb } from "#db/client.ts";
import { sweepExpired } from "#app/services/platform/maintenance.server.ts";

// Built by `remix vite:build`; wrangler bundles it into the Worker.
// The file exists only after the build, so neither @ts-expect-error nor a plain import fits both states.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import * as build from "../build/server";
import { createFetchHandler } from "./handle-request.ts";

export { DealAnalysis } from "./deal-analysis.ts";

// The build is imported untyped (the @ts-ignore above: it exists only after a build); Remix wants a ServerBuild.
const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  // CSRF check, security headers, 405s and the 500 fallback wrap every request: see handle-request.ts.
  fetch: createFetchHandler((request, loadContext) => handleRemixRequest(request, loadContext)),
  /** Hourly (wrangler.jsonc `triggers.crons`): expired sessions, links, drafts and throttle rows are deleted. */
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(sweepExpired(createDb(env.DB), new Date()).then((swept) => console.log("[sweep]", JSON.stringify(swept))));
  },
} satisfies ExportedHandler<Env>;
