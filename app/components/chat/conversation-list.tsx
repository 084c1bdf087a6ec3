/**
 * The chat's conversation list: the open agent's conversations (on Terry's screen, Terry's), newest
 * first, each a link; New opens an empty one.
 */
import { Link } from "@remix-run/react";

import { buttonClass } from "#app/components/ui/button.tsx";
import { relativeTime } from "#app/domain/shared/format.ts";
import type { ChatData } from "#app/services/chat/chat-section.server.ts";

export function ConversationList({
  title,
  conversations,
  activeId,
  hrefOf,
  now,
}: {
  /** Whose conversations: the agent's label, or Terry's title. */
  title: string;
  conversations: ChatData["conversations"];
  activeId: string | null;
  /** A conversation's link (`"new"`: an empty one). */
  hrefOf: (id: string) => string;
  now: Date;
}) {
  return (
    <section aria-labelledby="conversations-heading" className="self-start rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id="conversations-heading" className="font-semibold text-slate-900">
          {title} conversations
        </h2>
        <Link to={hrefOf("new")} className={buttonClass("ghost", "", "sm")}>
          New
        </Link>
      </div>
      {conversations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No conversations yet</p>
      ) : (
        <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto lg:max-h-[32rem]">
          {conversations.map((conversation) => {
            const active = conversation.id === activeId;
            return (
              <li key={conversation.id}>
                <Link
                  to={hrefOf(conversation.id)}
                  aria-current={active ? "true" : undefined}
                  className={`block rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 ${active ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700"}`}
                >
                  <span className="block truncate">{conversation.title || "Untitled conversation"}</span>
                  <span className="block text-xs font-normal text-slate-500">{relativeTime(conversation.updatedAt, now)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
