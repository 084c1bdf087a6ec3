import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";

// Built by `remix vite:build`; wrangler bundles it into the Worker.
// The file exists only after the build, so neither @ts-expect-error nor a plain import fits both states.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the build output exists only after the build
// @ts-ignore
import * as build from "../build/server";
import { createFetchHandler } from "./handle-request.ts";
import { runScheduled } from "./scheduled.ts";

export { DealAnalysis } from "./deal-analysis.ts";

// The build is imported untyped (the @ts-ignore above: it exists only after a build); Remix wants a ServerBuild.
const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild);

export default {
  // CSRF check, security headers, 405s and the 500 fallback wrap every request: see handle-request.ts.
  // It also starts the reads the request's loaders declare beside the session lookup: see session-reads.ts.
  fetch: createFetchHandler((request, loadContext) => handleRemixRequest(request, loadContext), serverBuild),
  /** The hourly sweep and the monthly models' refresh (wrangler.jsonc `triggers.crons`), by `controller.cron`: see scheduled.ts. */
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(controller.cron, env, new Date()));
  },
} satisfies ExportedHandler<Env>;
