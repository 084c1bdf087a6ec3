import { useFetcher, type Form } from "@remix-run/react";
import { useEffect, useState } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { AI_MESSAGE_MAX } from "#app/domain/chat/ai-bounds.ts";
import type { ChatSendActionData } from "#app/domain/chat/chat-forms.ts";
import { capRefusalToast } from "#app/domain/usage/refusal-toast.ts";

type FormComponent = typeof Form;

/**
 * The chat's text box: posts to /chat/send, which stores the message and the assistant's reply and comes back to
 * the conversation (post/redirect/get, with or without JavaScript). Send is disabled while the box is empty or a
 * message is on its way; without JavaScript the server says what is wrong instead.
 */
export function ComposerForm({
  FormAs,
  agent,
  conversationId,
  placeholder,
  busy,
  error,
  initial = "",
  onSending,
}: {
  FormAs: FormComponent;
  agent: string;
  conversationId: string | null;
  placeholder: string;
  busy: boolean;
  error?: string;
  initial?: string;
  /** The text on its way (shown in the conversation until the reply comes). */
  onSending?: (text: string) => void;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState(initial);
  const empty = text.trim() === "";
  return (
    <FormAs
      method="post"
      action="/chat/send"
      preventScrollReset
      noValidate
      onSubmit={(event) => {
        if (!hydrated) return;
        if (empty || busy) {
          event.preventDefault();
          return;
        }
        onSending?.(text.trim());
        // The form's data is read as this event ends, before React renders: the box empties for the next message.
        setText("");
      }}
      className="border-t border-slate-200 p-3"
    >
      <input type="hidden" name="agent" value={agent} />
      {conversationId ? <input type="hidden" name="c" value={conversationId} /> : null}
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="chat-message" className="sr-only">
            Message
          </label>
          <input
            id="chat-message"
            name="content"
            type="text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={AI_MESSAGE_MAX}
            autoComplete="off"
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "chat-message-error" : undefined}
            className={inputClass()}
          />
          {error ? (
            <p id="chat-message-error" className="mt-1 text-sm text-red-700">
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

/** The text box under the conversation, posted by a fetcher; `loading` also covers a search posting its cards. */
export function Composer({
  agent,
  conversationId,
  placeholder,
  loading,
  onSending,
}: {
  agent: string;
  conversationId: string | null;
  placeholder: string;
  loading: boolean;
  onSending: (text: string | null) => void;
}) {
  const fetcher = useFetcher<ChatSendActionData>();
  const busy = fetcher.state !== "idle";
  const toast = useToast();
  useEffect(() => {
    if (!busy) onSending(null);
  }, [busy, onSending]);
  // A cap's refusal (429/402) is a toast, as every paid action's; the box keeps other refusals under it.
  const refused = fetcher.data;
  const capped = refused?.errors.form ? capRefusalToast({ ...refused, message: refused.errors.form }) : null;
  useEffect(() => {
    if (capped) toast(capped);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer: `refused` is a new object for each one
  }, [refused]);
  return (
    <ComposerForm
      FormAs={fetcher.Form}
      agent={agent}
      conversationId={conversationId}
      placeholder={placeholder}
      busy={busy || loading}
      error={fetcher.data?.errors.content ?? (capped ? undefined : fetcher.data?.errors.form)}
      onSending={onSending}
    />
  );
}
