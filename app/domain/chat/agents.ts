/**
 * The four AI agents, once: the workspace's agent selector uses `id` and `label`, the landing page's
 * cards `title` and `text`. Deal Analyzer's work happens in the CRM section.
 */
export const AGENTS = [
  {
    id: "lead-finder",
    label: "Lead Finder",
    title: "Lead Finder",
    text: "Finds off-market properties with motivated sellers — preforeclosures, absentee owners, high equity, inherited homes — and the cash buyers who will take the deal.",
  },
  {
    id: "deal-analyzer",
    label: "Deal Analyzer",
    title: "Deal Analyzer",
    text: "Values each property from comparable sales, estimates repairs and works out your maximum offer with the 70% rule.",
  },
  {
    id: "negotiation",
    label: "Negotiation",
    title: "Negotiation Agent",
    text: "Drafts offers and follow-ups, turns your numbers into a Letter of Intent and mails it to the owner.",
  },
  {
    id: "lock-it-up",
    label: "Lock It Up",
    title: "Closing Agent",
    text: "Keeps the contract, the paperwork and every deadline together until the deal is locked up.",
  },
] as const;
export type AgentId = (typeof AGENTS)[number]["id"];
