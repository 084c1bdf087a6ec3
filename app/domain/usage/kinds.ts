/**
 * Metered actions (docs/decisions/080-usage-ledger-and-caps.md): what a user's action costs at an outside
 * vendor, counted whatever the provider (the local ones cost 0 but are still counted and capped, so a local run
 * behaves like production).
 */
import { USAGE_KINDS, type UsageKind } from "#db/enums.ts";

export { USAGE_KINDS, type UsageKind };

/** A cap per window; null is no cap for that window. */
export type KindLimits = { perMinute: number | null; perDay: number | null; perMonth: number | null };
export type UsageLimits = Record<UsageKind, KindLimits>;

const cap = (perMinute: number | null, perDay: number | null, perMonth: number | null = null): KindLimits => ({
  perMinute,
  perDay,
  perMonth,
});

/** The caps a deployment starts with (override with USAGE_LIMITS, a JSON object of the kinds to change). */
export const DEFAULT_USAGE_LIMITS: UsageLimits = {
  letter: cap(10, 100),
  lead: cap(null, 200),
  skip_trace: cap(null, 200),
  cash_buyer_page: cap(null, 60),
  ai_call: cap(20, 500),
  // Tokens are known only after a call: bounded by each call's max_completion_tokens, the call caps and the spend cap.
  ai_tokens: cap(null, null),
  // One valuation of a new subject reads at most about a hundred records; cached subjects read none.
  comp_record: cap(null, 2_000, 20_000),
  // A blast emails at most a few hundred buyers; a day's cap keeps a runaway list from burning the sending domain.
  buyer_email: cap(null, 1_000, 10_000),
};

/**
 * What one unit costs at the real vendor, in cents, before a deployment's own prices (USAGE_UNIT_COSTS): a Lob
 * first-class black-and-white letter, a BatchData property record and skip-trace match, a page of cash buyers (a
 * 25-record search), OpenAI tokens at a small model's blended price per token, and a comparable-sale record of
 * BatchData's slim `comps` dataset, and a Resend email past the plan's included ones ($1 per 1,000). The local
 * providers cost 0.
 */
export const REAL_UNIT_COST_CENTS: Record<UsageKind, number> = {
  letter: 105,
  lead: 10,
  skip_trace: 15,
  cash_buyer_page: 250,
  ai_call: 0,
  ai_tokens: 0.0002,
  comp_record: 2,
  buyer_email: 0.1,
};

/** A user's monthly spend cap on real providers before they raise it in Usage ($200). */
export const DEFAULT_MONTHLY_SPEND_CAP_CENTS = 20_000;
/** The highest monthly spend cap a user can set ($100,000): a typo must not remove the guard. */
export const MAX_MONTHLY_SPEND_CAP_CENTS = 10_000_000;

/** Concurrent deal analyses per user, and concurrent analysis streams per user. */
export const CONCURRENT_ANALYSES = 3;
export const CONCURRENT_ANALYSIS_STREAMS = 5;

/** Labels for the Usage tab and the cost previews. */
export const USAGE_KIND_LABELS: Record<UsageKind, { one: string; many: string }> = {
  letter: { one: "letter", many: "letters" },
  lead: { one: "lead", many: "leads" },
  skip_trace: { one: "skip trace", many: "skip traces" },
  cash_buyer_page: { one: "cash-buyer page", many: "cash-buyer pages" },
  ai_call: { one: "AI call", many: "AI calls" },
  ai_tokens: { one: "AI token", many: "AI tokens" },
  comp_record: { one: "comp record", many: "comp records" },
  buyer_email: { one: "buyer email", many: "buyer emails" },
};
