import type { DealAnalysisInput, DealAnalysisResult } from "../../domain/deal-analysis";

/** The AI agents' brain: structured deal analysis now; chat arrives with the agent workspace. */
export interface AiProvider {
  readonly name: "local";
  analyzeDeal(input: DealAnalysisInput): Promise<DealAnalysisResult>;
}
