/**
 * A vendor's fake with a fault in front of it: every vendor's client goes through `fetch`, so one
 * wrapper makes any of them answer 500, 429 with Retry-After, never answer (until the caller's timeout aborts it), a
 * 200 whose body is not JSON, or a connection dropped — the last two after the vendor acted (a letter made, a search
 * run), as when the answer, not the request, is lost.
 */
import type { Fetch } from "#app/providers/http.server.ts";

export const FAULTS = ["500", "429", "timeout", "malformed", "dropped"] as const;
export type Fault = (typeof FAULTS)[number];

/** The Retry-After a 429 fault sends. */
export const FAULT_RETRY_AFTER = "1";

/** `times`: how many of the next requests get the fault (every one when left out). */
export type FaultyFetch = { fetch: Fetch; set(fault: Fault | null, times?: number): void; calls: number };

/** `only`: the requests the fault applies to (and that `calls` counts); the others reach the fake untouched. */
export function faultyFetch(inner: Fetch, only: (url: string) => boolean = () => true): FaultyFetch {
  let current: Fault | null = null;
  let left = Infinity;
  const faulty: FaultyFetch = {
    calls: 0,
    set(next, times = Infinity) {
      current = next;
      left = times;
    },
    async fetch(input, init) {
      const url = input instanceof Request ? input.url : String(input);
      if (!only(url)) return inner(input, init);
      faulty.calls += 1;
      const fault = left > 0 ? current : null;
      left -= 1;
      if (fault === "500") return Response.json({ error: { message: "Internal server error" } }, { status: 500 });
      if (fault === "429")
        return Response.json({ error: { message: "Too many requests" } }, { status: 429, headers: { "Retry-After": FAULT_RETRY_AFTER } });
      if (fault === "timeout") {
        const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
        return new Promise<Response>((_, reject) => {
          if (!signal) return;
          const abort = () =>
            reject(signal.reason instanceof Error ? signal.reason : new DOMException("The operation was aborted.", "AbortError"));
          if (signal.aborted) abort();
          else signal.addEventListener("abort", abort, { once: true });
        });
      }
      if (fault === "malformed" || fault === "dropped") {
        // The vendor acts; its answer is lost on the way back.
        await inner(input, init).catch(() => undefined);
        if (fault === "dropped") throw new TypeError("Network connection lost.");
        return new Response('{"id": "truncated', { status: 200, headers: { "Content-Type": "application/json" } });
      }
      return inner(input, init);
    },
  };
  return faulty;
}
