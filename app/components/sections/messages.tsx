import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError, InputField, SelectField, TextareaField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SectionHeader } from "~/components/ui/section-header";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/components/use-hydrated";
import { relativeTime } from "~/domain/format";
import { MESSAGE_MAX, NewMessageFormSchema, ReplyFormSchema, type MessageActionData } from "~/domain/message-forms";
import type { load } from "~/services/sections/messages.server";

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
      {data.composing ? <NewMessage contacts={data.contacts} query={data.query} /> : null}
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
            <p className="p-6 text-center text-sm text-slate-500">{data.totalConversations === 0 ? "No conversations yet" : "No conversations match your search"}</p>
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
                        <span className="truncate font-medium text-slate-900">{conversation.contactName ?? conversation.title ?? "Conversation"}</span>
                        <span className="shrink-0 text-xs text-slate-500">{relativeTime(conversation.updatedAt, now)}</span>
                      </span>
                      {conversation.propertyAddress ? <span className="block truncate text-xs text-slate-500">{conversation.propertyAddress}</span> : null}
                      <span className="mt-1 block truncate text-sm text-slate-600">{conversation.lastMessage || "No messages yet"}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <Detail data={data} now={now} />
      </div>
    </div>
  );
}

type FormComponent = typeof Form;
type Contacts = Data["contacts"];

/**
 * "New Message": a contact and an optional first message, posted to /messages/send. Validated in the browser by the
 * server's schema; without JavaScript the server's field errors come back on the /messages/send page.
 */
export function NewMessageForm({
  FormAs,
  contacts,
  lastResult,
  busy,
  cancel,
}: {
  FormAs: FormComponent;
  contacts: Contacts;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
  cancel?: ReactNode;
}) {
  const [form, fields] = useForm({
    id: "new-message",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewMessageFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (contacts.length === 0) {
    return <p className="text-sm text-slate-600">You have no contacts yet. Contacts come with the leads in your CRM.</p>;
  }
  return (
    // noValidate: the schema's messages, not the browser's, with or without JavaScript.
    <FormAs method="post" action="/messages/send" {...getFormProps(form)} noValidate className="grid gap-3 sm:grid-cols-[16rem_1fr_auto] sm:items-start">
      <input type="hidden" name="intent" value="new" />
      <FormError id={form.errorId} messages={form.errors} />
      <SelectField
        label="Contact"
        meta={fields.contactId}
        placeholder="Choose a contact"
        options={contacts.map((contact) => ({ value: contact.id, label: contact.address ? `${contact.name} — ${contact.address}` : contact.name }))}
      />
      <InputField label="First message" meta={fields.content} maxLength={MESSAGE_MAX} autoComplete="off" />
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" disabled={busy}>
          {busy ? "Starting..." : "Start Conversation"}
        </Button>
        {cancel}
      </div>
    </FormAs>
  );
}

function NewMessage({ contacts, query }: { contacts: Contacts; query: string }) {
  const fetcher = useFetcher<MessageActionData>();
  return (
    <section aria-labelledby="new-message-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="new-message-heading" className="mb-3 text-lg font-semibold text-slate-900">
        New Message
      </h2>
      <NewMessageForm
        FormAs={fetcher.Form}
        contacts={contacts}
        lastResult={fetcher.data?.intent === "new" ? fetcher.data.result : undefined}
        busy={fetcher.state !== "idle"}
        cancel={
          <Link to={href({ q: query || undefined })} className={buttonClass("secondary")}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}

function Detail({ data, now }: { data: Data; now: Date }) {
  const selected = data.selected;
  if (!selected) {
    return (
      <section aria-label="Conversation" className="flex min-h-64 items-center justify-center rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-500 shadow-sm">
        No conversation selected
      </section>
    );
  }
  return (
    <section aria-labelledby="conversation-heading" className="flex min-h-64 flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
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
                <div className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${mine ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"}`}>
                  <p className="whitespace-pre-wrap">{message.content}</p>
                  <p className={`mt-1 flex gap-2 text-xs ${mine ? "text-brand-100" : "text-slate-500"}`}>
                    <span>{relativeTime(message.createdAt, now)}</span>
                    {message.isAiGenerated ? (
                      <span className={`rounded px-1.5 font-medium ${mine ? "bg-white/20" : "bg-violet-100 text-violet-800"}`}>AI generated</span>
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

/**
 * The reply box of a conversation: Send posts to /messages/send; AI Assist drafts a reply (in place with JavaScript,
 * through /messages/assist and back with the draft without it).
 */
export function ReplyForm({
  FormAs,
  conversationId,
  draft = "",
  lastResult,
  busy,
}: {
  FormAs: FormComponent;
  conversationId: string;
  draft?: string;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const toast = useToast();
  const [form, fields] = useForm({
    id: `reply-${conversationId}`,
    lastResult,
    defaultValue: { content: draft },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReplyFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const text = useRef<HTMLTextAreaElement>(null);
  const [aiDraft, setAiDraft] = useState(Boolean(draft));
  const [assisting, setAssisting] = useState(false);

  async function assist(event: React.MouseEvent) {
    if (!hydrated) return;
    event.preventDefault();
    setAssisting(true);
    try {
      const body = new FormData();
      body.set("conversationId", conversationId);
      body.set("format", "json");
      const response = await fetch("/messages/assist", { method: "POST", body });
      const answer = (await response.json()) as { success?: boolean; draft?: string; message?: string };
      if (!response.ok || !answer.draft) throw new Error(answer.message ?? "AI Assist failed");
      if (text.current) {
        text.current.value = answer.draft;
        text.current.focus();
      }
      setAiDraft(true);
    } catch (error) {
      toast({ title: "Error", description: error instanceof Error ? error.message : "AI Assist failed", variant: "error" });
    } finally {
      setAssisting(false);
    }
  }

  return (
    <FormAs method="post" action="/messages/send" preventScrollReset {...getFormProps(form)} noValidate className="border-t border-slate-200 p-3">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="conversationId" value={conversationId} />
      <input type="hidden" name="isAiGenerated" value={aiDraft ? "true" : "false"} />
      <FormError id={form.errorId} messages={form.errors} />
      <TextareaField
        ref={text}
        label="Message"
        hideLabel
        meta={fields.content}
        rows={3}
        maxLength={MESSAGE_MAX}
        defaultValue={draft}
        placeholder="Type your message..."
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button type="submit" variant="secondary" formAction="/messages/assist" formNoValidate onClick={assist} disabled={assisting}>
          {assisting ? "Drafting..." : "AI Assist"}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send"}
        </Button>
      </div>
    </FormAs>
  );
}

function Composer({ conversationId, draft }: { conversationId: string; draft: string }) {
  const fetcher = useFetcher<MessageActionData>();
  return (
    <ReplyForm
      FormAs={fetcher.Form}
      conversationId={conversationId}
      draft={draft}
      lastResult={fetcher.data?.intent === "send" ? fetcher.data.result : undefined}
      busy={fetcher.state !== "idle"}
    />
  );
}
