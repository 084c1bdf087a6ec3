import { relativeTime } from "#app/domain/shared/format.ts";
import type { load } from "#app/services/messages/messages-section.server.ts";

import { Composer } from "./reply-form.tsx";

type Data = Awaited<ReturnType<typeof load>>;

/** The open conversation: its contact and property, the messages, and the reply box. */
export function Conversation({ data, now }: { data: Data; now: Date }) {
  const selected = data.selected;
  if (!selected) {
    return (
      <section
        aria-label="Conversation"
        className="flex min-h-64 items-center justify-center rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-500 shadow-sm"
      >
        No conversation selected
      </section>
    );
  }
  return (
    <section
      aria-labelledby="conversation-heading"
      className="flex min-h-64 flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-200 px-4 py-3">
        <h2 id="conversation-heading" className="font-semibold text-slate-900">
          {selected.contactName ?? selected.title ?? "Conversation"}
        </h2>
        <p className="text-sm text-slate-600">{selected.propertyAddress ?? "No property linked"}</p>
      </header>
      {data.messages.length === 0 ? (
        <p className="flex-1 p-6 text-center text-sm text-slate-500">No messages in this conversation</p>
      ) : (
        <ol aria-label="Messages" className="max-h-[28rem] flex-1 space-y-3 overflow-y-auto p-4">
          {data.messages.map((message) => {
            const mine = message.role === "user";
            return (
              <li key={message.id} className={`flex ${mine ? "justify-end" : "justify-start"}`}>
                <div
                  className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${mine ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"}`}
                >
                  <p className="whitespace-pre-wrap">{message.content}</p>
                  <p className={`mt-1 flex gap-2 text-xs ${mine ? "text-brand-100" : "text-slate-600"}`}>
                    <span>{relativeTime(message.createdAt, now)}</span>
                    {message.isAiGenerated ? (
                      <span className={`rounded px-1.5 font-medium ${mine ? "bg-brand-900" : "bg-violet-100 text-violet-800"}`}>
                        AI generated
                      </span>
                    ) : null}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Composer key={`${selected.id}:${data.draft}:${data.messages.length}`} conversationId={selected.id} draft={data.draft} />
    </section>
  );
}
