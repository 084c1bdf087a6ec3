import { Form, Link, useFetcher } from "@remix-run/react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";

import { Button, buttonClass } from "./button.tsx";
import { Dialog, DialogClose } from "./dialog.tsx";

/** What a destructive action posts and how it asks first. */
export type ConfirmActionProps = {
  /** "Remove buyer lead", "Delete document". */
  title: string;
  /** The spec's question, e.g. "Are you sure you want to remove this buyer lead?". */
  question: string;
  /** What is being removed, shown under the question. */
  subject: string;
  /** The form route that does it (post/redirect/get with a toast). */
  action: string;
  fields: Record<string, string>;
  /** The trigger's visible text and accessible name. */
  triggerText: string;
  triggerLabel: string;
  confirmText: string;
  pendingText: string;
  /** Without JavaScript the trigger is a link to the same page asking for the confirmation (ConfirmStep). */
  noScriptHref: string;
};

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/**
 * A destructive action behind a confirmation: a Radix dialog with JavaScript, whose confirm button posts the form
 * route through a fetcher (its redirect carries the toast); without JavaScript a link to the ConfirmStep.
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  if (!hydrated) {
    return (
      <Link to={props.noScriptHref} aria-label={props.triggerLabel} preventScrollReset className={buttonClass("ghost", "text-red-700")}>
        {props.triggerText}
      </Link>
    );
  }
  return (
    <Dialog
      width="sm"
      title={props.title}
      description={props.question}
      trigger={
        <Button variant="ghost" className="text-red-700" aria-label={props.triggerLabel}>
          {props.triggerText}
        </Button>
      }
    >
      <p className="text-sm font-medium break-words text-slate-800">{props.subject}</p>
      <fetcher.Form method="post" action={props.action} className="mt-6 flex justify-end gap-2">
        <HiddenFields fields={props.fields} />
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? props.pendingText : props.confirmText}
        </Button>
      </fetcher.Form>
    </Dialog>
  );
}

/** The confirmation without JavaScript: a panel at the top of the list with the same question and a real form. */
export function ConfirmStep({
  title,
  question,
  subject,
  action,
  fields,
  cancelHref,
  confirmText,
}: Pick<ConfirmActionProps, "title" | "question" | "subject" | "action" | "fields"> & { cancelHref: string; confirmText: string }) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-step-heading"
      aria-describedby="confirm-step-text"
      className="rounded-xl border border-red-200 bg-red-50 p-4"
    >
      <h2 id="confirm-step-heading" className="font-semibold text-slate-900">
        {title}
      </h2>
      <p id="confirm-step-text" className="mt-1 text-sm break-words text-slate-700">
        {question} <strong>{subject}</strong>
      </p>
      <Form method="post" action={action} className="mt-3 flex gap-2">
        <HiddenFields fields={fields} />
        <Button type="submit" variant="danger">
          {confirmText}
        </Button>
        <Link to={cancelHref} className={buttonClass("secondary")}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
