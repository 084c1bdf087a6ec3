/** The deal page /d/{token} as a signed-out browser reaches it: the Worker entry and Remix's document rendering. */
import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";

import { createFetchHandler } from "#workers/handle-request.ts";
import * as root from "#app/root.tsx";
import * as dealPage from "#app/routes/d.$token.tsx";

import { routeBuild } from "./remix-build.ts";

/** GET `path` (or an absolute URL on the app's origin) with no cookie, through the Worker. */
export function browserGet(path: string) {
  const build = routeBuild({ root: { path: "", module: root }, "routes/d.$token": { path: "d/:token", module: dealPage } });
  const remix = createRequestHandler(build);
  const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context), build);
  const origin = "http://127.0.0.1:8787";
  return worker(new Request(new URL(path, origin)), { ...env, APP_ORIGIN: origin } as Env, createExecutionContext());
}
