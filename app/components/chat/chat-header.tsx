/**
 * The chat's header: the welcome, the open agent's title, and the agent selector (Deal Analyzer opens
 * the CRM section; the others their chat).
 */
import { Link } from "@remix-run/react";

import { AGENTS } from "#app/domain/chat/agents.ts";

export function ChatHeader({ agent, userName }: { agent: (typeof AGENTS)[number]; userName: string }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome, {userName}</h1>
        <p className="mt-1 text-slate-600">
          {agent.title} <span aria-hidden="true">·</span>{" "}
          <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800">GPT-4 powered</span>
        </p>
      </div>
      <nav aria-label="Agents">
        <ul className="flex flex-wrap gap-2">
          {AGENTS.map((item) => {
            const href = item.id === "deal-analyzer" ? "/?section=crm" : `/?section=chat&agent=${item.id}`;
            const current = item.id === agent.id;
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
    </header>
  );
}
