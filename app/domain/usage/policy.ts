/**
 * What a deployment meters and caps: the default caps with the USAGE_LIMITS overrides, and each kind's unit cost —
 * the configured price where that kind's provider is a real vendor, 0 on the embedded local providers.
 */
import { z } from "zod";

import { DEFAULT_USAGE_LIMITS, REAL_UNIT_COST_CENTS, USAGE_KINDS, type KindLimits, type UsageKind, type UsageLimits } from "./kinds.ts";

const CapSchema = z.number().int().min(1).max(10_000_000).nullable();
const KindLimitsOverride = z.strictObject({ perMinute: CapSchema, perDay: CapSchema, perMonth: CapSchema }).partial();

/** USAGE_LIMITS: `{"letter":{"perDay":50},"lead":{"perMonth":2000}}` — only the kinds and windows to change. */
export const UsageLimitsOverrideSchema = z.partialRecord(z.enum(USAGE_KINDS), KindLimitsOverride);
/** USAGE_UNIT_COSTS: `{"letter":89}` — cents a unit at the real vendor. */
export const UnitCostsOverrideSchema = z.partialRecord(z.enum(USAGE_KINDS), z.number().min(0).max(100_000));

export type UsageLimitsOverride = z.infer<typeof UsageLimitsOverrideSchema>;
export type UnitCostsOverride = z.infer<typeof UnitCostsOverrideSchema>;

/** A JSON configuration value read through a schema (an env var is text). */
export function jsonConfig<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

export type UsagePolicy = {
  limits: UsageLimits;
  unitCostCents: Record<UsageKind, number>;
  /** Which vendor a kind's charge goes to ("local" for the embedded providers). */
  provider: Record<UsageKind, string>;
  defaultMonthlySpendCapCents: number;
};

export function usagePolicy(config: {
  limits?: UsageLimitsOverride;
  unitCosts?: UnitCostsOverride;
  monthlySpendCapCents: number;
  providers: Record<UsageKind, string>;
}): UsagePolicy {
  const limits = {} as UsageLimits;
  const unitCostCents = {} as Record<UsageKind, number>;
  for (const kind of USAGE_KINDS) {
    limits[kind] = { ...DEFAULT_USAGE_LIMITS[kind], ...config.limits?.[kind] } satisfies KindLimits;
    const real = config.providers[kind] !== "local";
    unitCostCents[kind] = real ? (config.unitCosts?.[kind] ?? REAL_UNIT_COST_CENTS[kind]) : 0;
  }
  return { limits, unitCostCents, provider: config.providers, defaultMonthlySpendCapCents: config.monthlySpendCapCents };
}
