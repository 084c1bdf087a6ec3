/**
 * An AI call metered like every paid action (docs/decisions/080-usage-ledger-and-caps.md): counted against the AI
 * caps before it is made, given back when it fails, and charged by ledger rows the caller writes in the same batch as
 * what the call produced — the call, and the tokens the API's `usage` reports (0 on the local provider).
 */
import type { BatchItem } from "drizzle-orm/batch";

import type { AiUsage } from "#app/providers/ai/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { countUsage, releaseUsage, reserveUsage, type CapRefusal, type Reservation } from "./caps.server.ts";
import { usageEntry } from "./ledger.server.ts";

export type Metered<T> = { ok: true; value: T; charges: BatchItem<"sqlite">[] };

type UsageContext = ServiceContext<"db" | "config" | "providers">;

export async function meteredAiCall<T extends { usage: AiUsage }>(
  context: UsageContext & ServiceContext<"now">,
  userId: string,
  call: () => Promise<T>,
): Promise<Metered<T> | CapRefusal> {
  const now = context.now();
  const reserved = await reserveUsage({ ...context, now: () => now }, userId, "ai_call", 1);
  if (!reserved.ok) return reserved;
  let value: T;
  try {
    value = await call();
  } catch (error) {
    await releaseUsage(context, reserved.reservation);
    throw error;
  }
  return { ok: true, value, charges: await aiCharges({ ...context, now: () => now }, reserved.reservation, value.usage) };
}

/**
 * The ledger rows of one finished AI call: the call, and its tokens when the model reported any. The tokens are
 * counted toward their caps after the fact (the call already happened), so the next call past the cap is refused.
 */
export async function aiCharges(
  context: UsageContext & ServiceContext<"now">,
  call: Reservation,
  usage: AiUsage,
): Promise<BatchItem<"sqlite">[]> {
  const now = context.now();
  const charges: BatchItem<"sqlite">[] = [usageEntry({ db: context.db, now: () => now }, call, 1, null)];
  const tokens = usage.promptTokens + usage.completionTokens;
  if (tokens > 0)
    charges.push(
      usageEntry(
        { db: context.db, now: () => now },
        await countUsage(
          { ...context, now: () => now },
          { spender: { workspaceId: call.userId, memberId: call.memberId }, kind: "ai_tokens", quantity: tokens },
        ),
        tokens,
        null,
      ),
    );
  return charges;
}
