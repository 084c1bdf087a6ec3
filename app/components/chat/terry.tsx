/**
 * The Target Market Finder chat (the spec's "Target Market Finder chat (Terry)"): Terry's conversation, three
 * starter prompts while it is empty, a text box sent by Enter or Send, Start New Chat and Back to Wizards, and the spec's
 * trouble text when Terry cannot answer. Without JavaScript every form posts to /chat/terry, which stores the
 * message and the answer and comes back here; with it the message goes to POST /api/terry/chat and the page reloads
 * the conversation. A chunk of its own: the chat loads it when the screen is opened.
 */
import { Form, Link, useNavigate, useRevalidator, type Form as RemixForm } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { AI_MESSAGE_MAX } from "#app/domain/chat/ai-bounds.ts";
import { AI_TROUBLE_TEXT } from "#app/domain/chat/intent.ts";
import { chatBodyText, type ChatMessage } from "#app/domain/chat/messages.ts";
import { TERRY_GREETING, TERRY_STARTERS, TERRY_TITLE, terryHref } from "#app/domain/chat/terry-screen.ts";
import { chatHref } from "#app/domain/chat/wizard.ts";
import { relativeTime } from "#app/domain/shared/format.ts";
import { capRefusalToast, retryAfterOf } from "#app/domain/usage/refusal-toast.ts";

type FormComponent = typeof RemixForm;

/** Terry's text box: a form posting to /chat/terry (used on its own by that route after a refused post). */
export function TerryForm({
  FormAs,
  conversationId,
  initial = "",
  error,
  busy,
  onSend,
}: {
  FormAs: FormComponent;
  conversationId: string | null;
  initial?: string;
  error?: string | null;
  busy: boolean;
  /** With JavaScript: sends the text in place (the form's own post is cancelled). */
  onSend?: (text: string) => void;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState(initial);
  const empty = text.trim() === "";
  return (
    <FormAs
      method="post"
      action="/chat/terry"
      preventScrollReset
      noValidate
      onSubmit={(event) => {
        if (!hydrated || !onSend) return;
        event.preventDefault();
        if (empty || busy) return;
        onSend(text.trim());
        setText("");
      }}
      className="border-t border-slate-200 p-3"
    >
      {conversationId ? <input type="hidden" name="c" value={conversationId} /> : null}
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="terry-message" className="sr-only">
            Ask Terry
          </label>
          <input
            id="terry-message"
            name="message"
            type="text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={AI_MESSAGE_MAX}
            autoComplete="off"
            placeholder="Ask Terry about a ZIP or a city, e.g. Phoenix, AZ"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "terry-message-error" : undefined}
            className={inputClass()}
          />
          {error ? (
            <p id="terry-message-error" role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={hydrated && (empty || busy)}>
          Send
        </Button>
      </div>
    </FormAs>
  );
}

function Bubble({ mine, text, aiGenerated, time }: { mine: boolean; text: string; aiGenerated?: boolean; time?: string }) {
  return (
    <div className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${mine ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"}`}>
        <p className={`mb-0.5 text-xs font-semibold ${mine ? "text-brand-100" : "text-slate-600"}`}>{mine ? "You" : "Terry"}</p>
        <p className="whitespace-pre-wrap">{text}</p>
        {time || aiGenerated ? (
          <p className={`mt-1 flex gap-2 text-xs ${mine ? "text-brand-100" : "text-slate-600"}`}>
            {time ? <span>{time}</span> : null}
            {aiGenerated ? <span className="rounded bg-violet-100 px-1.5 font-medium text-violet-800">AI generated</span> : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export default function TerryScreen({
  conversationId,
  title,
  messages,
  now,
}: {
  conversationId: string | null;
  title: string | null;
  messages: ChatMessage[];
  now: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  // The message on its way stays on screen until the stored conversation (with Terry's answer) arrives.
  const [shownMessages, setShownMessages] = useState(messages);
  if (shownMessages !== messages) {
    setShownMessages(messages);
    setPending(null);
  }

  const end = useRef<HTMLDivElement>(null);
  const count = messages.length + (pending ? 1 : 0);
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) end.current?.scrollIntoView({ block: "nearest" });
    seen.current = count;
  }, [count]);

  async function send(text: string) {
    setPending(text);
    setError(null);
    try {
      const response = await fetch("/api/terry/chat", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: text, conversationId }),
      });
      // zod reads the answer: loaded with the first answer, not with the page.
      const { readApiAnswer } = await import("#app/domain/shared/api-answer.ts");
      const answer = await readApiAnswer(response);
      const stored = answer.conversationId;
      if (stored) {
        // Stored (Terry's answer, or the spec's trouble text when the model failed): show the conversation as saved.
        if (stored === conversationId) void revalidator.revalidate();
        else navigate(terryHref(stored), { replace: true, preventScrollReset: true });
        return;
      }
      setPending(null);
      // A cap's refusal (429/402) is a toast with when to try again, like every paid action's; the message box stays.
      const capped = capRefusalToast({
        status: response.status,
        message: answer.message ?? AI_TROUBLE_TEXT,
        retryAfterSeconds: retryAfterOf(response.headers),
      });
      if (capped) toast(capped);
      else setError(answer.message ?? AI_TROUBLE_TEXT);
    } catch {
      setPending(null);
      setError(AI_TROUBLE_TEXT);
    }
  }

  const nowDate = new Date(now);
  const busy = pending !== null;
  return (
    <section aria-labelledby="terry-heading" className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0">
          <h2 id="terry-heading" className="font-semibold text-slate-900">
            {TERRY_TITLE}
          </h2>
          <p className="truncate text-sm text-slate-600">{title ?? "Terry answers from our property and sales records."}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={terryHref("new")} preventScrollReset className={buttonClass("secondary", "", "sm")}>
            Start New Chat
          </Link>
          <Link to={chatHref("lead-finder", null)} className={buttonClass("ghost", "", "sm")}>
            Back to Wizards
          </Link>
        </div>
      </div>

      <div className="space-y-4 p-4">
        <ol aria-label="Messages with Terry" className="space-y-3">
          <li>
            <Bubble mine={false} text={TERRY_GREETING} />
          </li>
          {messages.map((message) => (
            <li key={message.id}>
              <Bubble
                mine={message.role === "user"}
                text={chatBodyText(message.body)}
                aiGenerated={message.isAiGenerated}
                time={relativeTime(message.createdAt, nowDate)}
              />
            </li>
          ))}
          {pending ? (
            <li>
              <Bubble mine text={pending} />
            </li>
          ) : null}
        </ol>
        {pending ? (
          <p role="status" className="text-sm text-slate-600">
            Terry is thinking...
          </p>
        ) : null}
        <div ref={end} />

        {messages.length === 0 && !pending ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-700">Try one of these</h3>
            <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {TERRY_STARTERS.map((starter) => (
                <li key={starter}>
                  <Form
                    method="post"
                    action="/chat/terry"
                    preventScrollReset
                    onSubmit={(event) => {
                      if (!hydrated) return;
                      event.preventDefault();
                      if (!busy) void send(starter);
                    }}
                  >
                    {conversationId ? <input type="hidden" name="c" value={conversationId} /> : null}
                    <button
                      type="submit"
                      name="message"
                      value={starter}
                      className={buttonClass("secondary", "h-full text-left whitespace-normal", "sm")}
                    >
                      {starter}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <TerryForm FormAs={Form} conversationId={conversationId} busy={busy} error={error} onSend={(text) => void send(text)} />
    </section>
  );
}
