import type { AppLoadContext } from "@remix-run/cloudflare";

import { createDb, type Db } from "#db/client.ts";
import { D1SessionDatabase } from "#db/d1-session.ts";
import { parseEnv, type AppEnv } from "#app/providers/env.server.ts";
import { createProviders, type Providers } from "#app/providers/index.server.ts";
import type { SessionLookup } from "#app/services/accounts/session.server.ts";
import { createNonce } from "#app/services/http/security-headers.server.ts";

import { readBookmark } from "./d1-bookmark.ts";

export type Cloudflare = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: unknown;
  caches?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** The parsed, validated configuration. */
    config: AppEnv;
    db: Db;
    files: R2Bucket;
    dealAnalysis: Env["DEAL_ANALYSIS"];
    providers: Providers;
    /** The clock every service reads, so tests can move time (reset links expire, throttle windows pass). */
    now: () => Date;
    /** Cookies the Worker entry adds to the response, whatever the route answers (a renewed session's cookie). */
    responseCookies: string[];
    /** This request's Content-Security-Policy nonce: the header and every inline script carry the same one. */
    cspNonce: string;
    /**
     * This request's session lookups by cookie token: Remix runs the root and route loaders side by side, each with
     * its own copy of the Request, and they share one lookup through here (auth.server.ts `getSession`).
     */
    sessionLookups: Map<string, SessionLookup>;
    /** The D1 Session bookmark this request's queries reached (workers/d1-bookmark.ts hands it back as a cookie). */
    d1Bookmark: () => string | null;
  }
}

/** What a load context holds for one request only: a context reused for another request needs a fresh copy. */
export function requestState(): Pick<AppLoadContext, "sessionLookups"> {
  return { sessionLookups: new Map() };
}

/** `cspNonce` comes from whoever sets the CSP header (the Worker entry, the dev middleware); else a fresh one. */
type GetLoadContextArgs = { request: Request; context: { cloudflare: Cloudflare; cspNonce?: string } };

/** The one dependency-injection seam: bindings and configuration come in, services go out, once per request. */
export function getLoadContext({ request, context }: GetLoadContextArgs): AppLoadContext {
  const { env } = context.cloudflare;
  const config = parseEnv(env);
  // One D1 Session per request, started from the browser's last bookmark: read replicas never show a user older
  // data than their own last request wrote (docs/decisions/094-d1-sessions.md).
  const d1 = D1SessionDatabase.open(env.DB, readBookmark(request));
  const db = createDb(d1);
  return {
    cloudflare: context.cloudflare,
    config,
    db,
    files: env.FILES,
    dealAnalysis: env.DEAL_ANALYSIS,
    providers: createProviders(config, { db, files: env.FILES }),
    now: () => new Date(),
    responseCookies: [],
    cspNonce: context.cspNonce ?? createNonce(),
    d1Bookmark: () => d1.bookmark(),
    ...requestState(),
  };
}
