/** The agent selector's agents (spec 02 §1); Deal Analyzer opens the CRM section. */
export const AGENTS = [
  { id: "lead-finder", label: "Lead Finder" },
  { id: "deal-analyzer", label: "Deal Analyzer" },
  { id: "negotiation", label: "Negotiation" },
  { id: "lock-it-up", label: "Lock It Up" },
] as const;
export type AgentId = (typeof AGENTS)[number]["id"];
