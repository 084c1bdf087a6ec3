import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher, type Form } from "@remix-run/react";
import { useRef, useState } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, TextareaField } from "#app/components/ui/field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { MESSAGE_MAX } from "#app/domain/messages/limits.ts";
import type { MessageActionData } from "#app/domain/messages/message-forms.ts";

type FormComponent = typeof Form;

type ReplyFormProps = {
  FormAs: FormComponent;
  conversationId: string;
  draft?: string;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
};

/**
 * The reply box of a conversation: Send posts to /messages/send; AI Assist drafts a reply (in place with JavaScript,
 * through /messages/assist and back with the draft without it).
 */
export function ReplyForm({ FormAs, conversationId, draft = "", lastResult, busy }: ReplyFormProps) {
  const hydrated = useHydrated();
  const toast = useToast();
  const validate = useZodValidation(() => import("#app/domain/messages/message-forms.ts").then((module) => module.ReplyFormSchema));
  const [form, fields] = useForm({
    id: `reply-${conversationId}`,
    lastResult,
    defaultValue: { content: draft },
    onValidate: validate,
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
      // zod reads the answer: loaded with the first answer, not with the page.
      const { readApiAnswer } = await import("#app/domain/shared/api-answer.ts");
      const answer = await readApiAnswer(response);
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
    <FormAs
      method="post"
      action="/messages/send"
      preventScrollReset
      {...getFormProps(form)}
      noValidate
      className="border-t border-slate-200 p-3"
    >
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

/** The reply box under an open conversation, posted by a fetcher. */
export function Composer({ conversationId, draft }: { conversationId: string; draft: string }) {
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
