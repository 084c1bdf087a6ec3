import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// Built by `remix vite:build`; wrangler bundles it into the Worker.
// The file exists only after the build, so neither @ts-expect-error nor a plain import fits both states.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import * as build from "../build/server";
import { apiError } from "../app/services/api.server";
import { isCrossSiteRequest } from "../app/services/request.server";
import { withCookies } from "../app/services/session.server";
import { getLoadContext } from "./load-context";
import { createDb } from "../db/client";
import { sweepExpired } from "../app/services/maintenance.server";

export { DealAnalysis } from "./deal-analysis";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const loadContext = getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf, caches } } });
    // CSRF: every state-changing request must come from our own pages.
    if (isCrossSiteRequest(request, [new URL(loadContext.config.APP_ORIGIN).origin])) {
      return apiError(403, "Cross-site request refused");
    }
    const response = await handleRemixRequest(request, loadContext);
    return withCookies(response, loadContext.responseCookies);
  },
  /** Hourly (wrangler.jsonc `triggers.crons`): expired sessions, links, drafts and throttle rows are deleted. */
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(sweepExpired(createDb(env.DB), new Date()).then((swept) => console.log("[sweep]", JSON.stringify(swept))));
  },
} satisfies ExportedHandler<Env>;
