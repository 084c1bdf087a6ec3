import { Link } from "@remix-run/react";

import { AGENTS } from "~/domain/agents";
import type { load } from "~/services/sections/chat.server";

/**
 * The agent workspace's start (the default section): pick an agent and see your conversations with it. Choosing
 * the Deal Analyzer takes you to the CRM, where its work happens (spec 02 §2). The chat itself arrives with the
 * agent-workspace issue.
 */
export default function ChatSection({ data, userName }: { data: Awaited<ReturnType<typeof load>>; userName: string }) {
  const agent = AGENTS.find((a) => a.id === data.agent)!;
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome, {userName}</h1>
      <p className="mt-1 text-slate-600">Choose an agent to work with.</p>

      <nav aria-label="Agents" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {AGENTS.map((item) => {
            const href = item.id === "deal-analyzer" ? "/?section=crm" : `/?section=chat&agent=${item.id}`;
            const current = item.id === data.agent;
            return (
              <li key={item.id}>
                <Link
                  to={href}
                  aria-current={current ? "page" : undefined}
                  className={`inline-block rounded-full border px-4 py-1.5 text-sm font-medium ${
                    current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-labelledby="conversations-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="conversations-heading" className="text-lg font-semibold text-slate-900">
          {agent.label} conversations
        </h2>
        {data.conversations.length === 0 ? (
          <p className="mt-2 text-slate-600">No conversations yet</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {data.conversations.map((conversation) => (
              <li key={conversation.id} className="py-2">
                <Link to={`/?section=messages&c=${conversation.id}`} className="font-medium text-brand-800 hover:underline">
                  {conversation.title || "Untitled conversation"}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
