/** GET /api/ping: the cheapest answer the Worker gives (no bindings); the benchmarks' baseline and a liveness probe. */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
