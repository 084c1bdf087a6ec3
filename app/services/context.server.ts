import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * What a service takes as its first argument, `context`: the request's load context (workers/load-context.ts),
 * narrowed to the parts the service reads, so the signature says what it needs and a test or the Durable Object can
 * pass just those (`ServiceContext<"db" | "now">`).
 */
export type ServiceContext<Needs extends keyof AppLoadContext = keyof AppLoadContext> = Pick<AppLoadContext, Needs>;

/** The context with its clock read once, so every row one request writes (and any claim it gives back) has the same time. */
export function atOneInstant<Context extends ServiceContext<"now">>(context: Context): Context {
  const now = context.now();
  return { ...context, now: () => now };
}
