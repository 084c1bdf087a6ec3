/**
 * The deal analysis result as a zod schema: what a model must answer in structured output, and what the
 * server checks before it stores an analysis. Strict-mode friendly (every property required, no extra ones; nothing
 * optional), so `zodResponseFormat` can send it to OpenAI as is.
 */
import { z } from "zod";

import { RISK_LEVELS } from "#db/enums.ts";

import type { DealAnalysisResult } from "./analysis.ts";

export const DEAL_STRATEGIES = ["wholesale", "fix_and_flip", "buy_and_hold", "pass"] as const;

export const DealAnalysisSchema = z
  .object({
    address: z.string().min(1),
    strategy: z.enum(DEAL_STRATEGIES),
    is_deal: z.boolean(),
    arv: z.number().min(0),
    rehab_cost: z.number().min(0),
    max_offer_price: z.number().min(0),
    profit_margin_pct: z.number().min(-100).max(100),
    risk_level: z.enum(RISK_LEVELS),
    confidence: z.number().min(0).max(1),
    key_assumptions: z.array(z.string().min(1)).max(12),
    comp_summary: z.string(),
    next_actions: z.array(z.string().min(1)).max(12),
  })
  .strict() satisfies z.ZodType<DealAnalysisResult>;
