import { data } from "@remix-run/cloudflare";

/**
 * Form pages whose GET only sends the visitor back to where the form lives (the chat, Terry's screen): Remix runs
 * the route's loader after its action in the same request, so a redirecting loader would turn the action's 400/404
 * into a 302 and the message would never reach a user without JavaScript. The action marks its refusal on the
 * request's load context — one object for the action and the loaders of a request (getLoadContext runs once per
 * request) — and the loader renders the page with the action's data instead of redirecting.
 */
const refused = new WeakSet<object>();

/** The action's refusal: the status and the data the page shows; the loader of this request will not redirect. */
export function refuseForm<T>(context: object, body: T, status: 400 | 402 | 404 | 409 | 413 | 422 | 429) {
  refused.add(context);
  return data(body, { status });
}

/** Whether this request's action refused its form (then the loader lets the page render the refusal). */
export function formWasRefused(context: object): boolean {
  return refused.has(context);
}
