import { analyzeDeal } from "../../domain/deal-analysis";
import type { AiProvider } from "./types";

/** The embedded default: the rule-based analysis of app/domain, no network and no key. */
export function createLocalAi(): AiProvider {
  return { name: "local", analyzeDeal: async (input) => analyzeDeal(input) };
}
