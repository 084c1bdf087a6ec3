import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Link, useFetcher, type Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FormError, InputField, SelectField } from "#app/components/ui/field.tsx";
import { MESSAGE_MAX } from "#app/domain/messages/limits.ts";
import type { MessageActionData } from "#app/domain/messages/message-forms.ts";
import type { load } from "#app/services/messages/messages-section.server.ts";

type Data = Awaited<ReturnType<typeof load>>;

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
  const validate = useZodValidation(() => import("#app/domain/messages/message-forms.ts").then((module) => module.NewMessageFormSchema));
  const [form, fields] = useForm({
    id: "new-message",
    lastResult,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (contacts.length === 0) {
    return <p className="text-sm text-slate-600">You have no contacts yet. Contacts come with the leads in your CRM.</p>;
  }
  return (
    // noValidate: the schema's messages, not the browser's, with or without JavaScript.
    <FormAs
      method="post"
      action="/messages/send"
      {...getFormProps(form)}
      noValidate
      className="grid gap-3 sm:grid-cols-[16rem_1fr_auto] sm:items-start"
    >
      <input type="hidden" name="intent" value="new" />
      <FormError id={form.errorId} messages={form.errors} />
      <SelectField
        label="Contact"
        meta={fields.contactId}
        placeholder="Choose a contact"
        options={contacts.map((contact) => ({
          value: contact.id,
          label: contact.address ? `${contact.name} — ${contact.address}` : contact.name,
        }))}
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

/** The form in the section, posted by a fetcher: the list stays, errors come back next to the fields. */
export function NewMessage({ contacts, cancelHref }: { contacts: Contacts; cancelHref: string }) {
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
          <Link to={cancelHref} className={buttonClass("secondary")}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}
