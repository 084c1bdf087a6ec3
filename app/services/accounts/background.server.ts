/** Account work that runs after the response is sent (emails). */
import type { ServiceContext } from "#app/services/context.server.ts";

/**
 * Work the answer need not wait for (emails): it runs after the response is sent, and a failure is logged, never
 * shown. Answering before the email is sent also keeps an existing account from answering slower than none.
 */
export function inBackground(context: ServiceContext<"cloudflare">, label: string, work: () => Promise<unknown>) {
  context.cloudflare.ctx.waitUntil(
    work().catch((error: unknown) => console.error(`${label} failed:`, error instanceof Error ? error.message : error)),
  );
}
