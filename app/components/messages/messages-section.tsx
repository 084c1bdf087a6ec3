/**
 * The messages section: the conversation list with its search, the open conversation, and New Message. The forms
 * and the conversation view live in components/messages/.
 */
import { Form, Link } from "@remix-run/react";

import { Conversation } from "#app/components/messages/conversation.tsx";
import { NewMessage } from "#app/components/messages/new-message.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { SectionHeader } from "#app/components/ui/section-header.tsx";
import { relativeTime } from "#app/domain/shared/format.ts";
import type { load } from "#app/services/messages/messages-section.server.ts";

type Data = Awaited<ReturnType<typeof load>>;

function href(params: Record<string, string | undefined>) {
  const search = new URLSearchParams({ section: "messages" });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return `/?${search}`;
}

export default function MessagesSection({ data }: { data: Data }) {
  const now = new Date(data.now);
  return (
    <div className="space-y-4">
      <SectionHeader
        align="center"
        title="Messages"
        description="Conversations with sellers, buyers and agents."
        actions={
          <Link to={href({ new: "1", q: data.query || undefined })} className={buttonClass("primary")}>
            New Message
          </Link>
        }
      />
      {data.composing ? <NewMessage contacts={data.contacts} cancelHref={href({ q: data.query || undefined })} /> : null}
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <section aria-labelledby="conversations-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <h2 id="conversations-heading" className="sr-only">
            Conversations
          </h2>
          <Form method="get" action="/" role="search" className="border-b border-slate-200 p-3">
            <input type="hidden" name="section" value="messages" />
            <label htmlFor="conversation-search" className="sr-only">
              Search conversations
            </label>
            <Input id="conversation-search" type="search" name="q" defaultValue={data.query} placeholder="Search conversations..." />
          </Form>
          {data.conversations.length === 0 ? (
            <p className="p-6 text-center text-sm text-slate-500">
              {data.totalConversations === 0 ? "No conversations yet" : "No conversations match your search"}
            </p>
          ) : (
            <ul className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto">
              {data.conversations.map((conversation) => {
                const active = conversation.id === data.selected?.id;
                return (
                  <li key={conversation.id}>
                    <Link
                      to={href({ c: conversation.id, q: data.query || undefined })}
                      aria-current={active ? "true" : undefined}
                      preventScrollReset
                      className={`block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 ${active ? "bg-brand-50" : ""}`}
                    >
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="truncate font-medium text-slate-900">
                          {conversation.contactName ?? conversation.title ?? "Conversation"}
                        </span>
                        <span className="shrink-0 text-xs text-slate-500">{relativeTime(conversation.updatedAt, now)}</span>
                      </span>
                      {conversation.propertyAddress ? (
                        <span className="block truncate text-xs text-slate-500">{conversation.propertyAddress}</span>
                      ) : null}
                      <span className="mt-1 block truncate text-sm text-slate-600">{conversation.lastMessage || "No messages yet"}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <Conversation data={data} now={now} />
      </div>
    </div>
  );
}
