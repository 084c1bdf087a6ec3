import { and, desc, eq } from "drizzle-orm";

import { conversations } from "@db/schema";
import { AGENTS, type AgentId } from "~/domain/agents";

import type { SectionLoader } from "./types";

/** The agent workspace's start: the chosen agent and the user's conversations with it. */
export const load: SectionLoader<{ agent: AgentId; conversations: { id: string; title: string | null; updatedAt: string }[] }> = async (
  context,
  session,
  url,
) => {
  const requested = url.searchParams.get("agent");
  const agent = AGENTS.find((a) => a.id === requested)?.id ?? "lead-finder";
  const rows = await context.db
    .select({ id: conversations.id, title: conversations.title, updatedAt: conversations.updatedAt })
    .from(conversations)
    .where(and(eq(conversations.userId, session.user.id), eq(conversations.agentType, agent)))
    .orderBy(desc(conversations.updatedAt))
    .limit(50);
  return { agent, conversations: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })) };
};
