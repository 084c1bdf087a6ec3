import type { AppLoadContext } from "@remix-run/cloudflare";

import type { UsageKind } from "#app/domain/usage/kinds.ts";
import { usagePolicy, type UsagePolicy } from "#app/domain/usage/policy.ts";

/** The deployment's usage policy: its configuration read with the providers this request runs on. */
export function policyOf(context: Pick<AppLoadContext, "config" | "providers">): UsagePolicy {
  const { mail, propertyData, ai, email } = context.providers;
  const providers: Record<UsageKind, string> = {
    letter: mail.name,
    lead: propertyData.name,
    skip_trace: propertyData.name,
    cash_buyer_page: propertyData.name,
    comp_record: propertyData.name,
    ai_call: ai.name,
    ai_tokens: ai.name,
    buyer_email: email.name,
  };
  return usagePolicy({
    limits: context.config.USAGE_LIMITS,
    unitCosts: context.config.USAGE_UNIT_COSTS,
    monthlySpendCapCents: context.config.MONTHLY_SPEND_CAP_CENTS,
    providers,
  });
}
