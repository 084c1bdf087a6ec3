/**
 * An AI call metered like every paid action (docs/decisions/080-usage-ledger-and-caps.md): counted against the AI
 * caps before it is made, given back when it fails, and charged by a ledger row the caller writes in the same batch
 * as the messages the call produced.
 */
import type { BatchItem } from "drizzle-orm/batch";

import type { ServiceContext } from "#app/services/context.server.ts";

import { releaseUsage, reserveUsage, type CapRefusal } from "./caps.server.ts";
import { usageEntry } from "./ledger.server.ts";

export type Metered<T> = { ok: true; value: T; charges: BatchItem<"sqlite">[] };

export async function meteredAiCall<T>(
  context: ServiceContext<"db" | "config" | "providers">,
  userId: string,
  now: Date,
  call: () => Promise<T>,
): Promise<Metered<T> | CapRefusal> {
  const reserved = await reserveUsage(context, userId, "ai_call", 1, now);
  if (!reserved.ok) return reserved;
  try {
    const value = await call();
    return { ok: true, value, charges: [usageEntry(context.db, reserved.reservation, 1, now, null)] };
  } catch (error) {
    await releaseUsage(context, reserved.reservation);
    throw error;
  }
}
