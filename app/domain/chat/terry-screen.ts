/**
 * The Target Market Finder screen (the spec's "Target Market Finder chat (Terry)"): what the chat section and the
 * screen's chunk share — the starter prompts, Terry's greeting, the agent type Terry's conversations are stored
 * under and the screen's URLs. Zod-free and small: the chat section (first load) imports it.
 */
/** The `agent_type` of Terry's conversations: kept apart from the agent selector's four agents. */
export const TERRY_AGENT = "terry";

export const TERRY_TITLE = "Target Market Finder";

export const TERRY_STARTERS = [
  "What does the market look like in 85004?",
  "How many high-equity and pre-foreclosure owners are in Phoenix, AZ?",
  "Which ZIPs in Mesa, AZ have the most homes, and what do they sell for?",
] as const;

export const TERRY_GREETING =
  "Hi, I'm Terry. Name a ZIP or a city and state, and I'll tell you what our records say about it: homes, values, equity, absentee owners, seller types and recent sales.";

/**
 * The Terry screen in the chat's URL: `conversationId` opens that conversation, "new" starts a new chat, null
 * opens the most recent one.
 */
export function terryHref(conversationId: string | null): string {
  // As chat-wizard's chatHref builds it; not imported, so the AI providers' imports of this module stay alias-free.
  const params = new URLSearchParams({ section: "chat", agent: "lead-finder", terry: "1" });
  if (conversationId) params.set("c", conversationId);
  return `/?${params}`;
}

/** Whether the chat's URL asks for the Terry screen (`terry=1`). */
export function wantsTerry(params: URLSearchParams): boolean {
  return params.get("terry") === "1";
}
