import { Form, Link, useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";

import { Button } from "#app/components/ui/button.tsx";
import type { MoveIntent } from "#app/domain/workbench/workbench-forms.ts";
import {
  ALL_LEADS_REVIEWED,
  SELLER_WIZARD_HREF,
  WORKBENCH_PATH,
  workbenchAction,
  type BarButtons,
} from "#app/domain/workbench/workbench-rules.ts";

type Props = {
  leadId: string;
  vendor: string;
  index: number;
  buttons: BarButtons;
  /** The search whose queue the page shows, when it is not the latest (`?request=`). */
  request?: string | null;
  /** With JavaScript, Next Lead and Pass move on in the page; without it they post and the server redirects. */
  onMove?: (intent: MoveIntent) => void;
  /** All Leads Reviewed's way back: the wizard with the queue's search filled in. */
  wizardHref?: string;
};

const BUSY_LABELS: Record<string, string> = { save: "Saving...", work: "Saving...", pass: "Passing...", next: "Loading..." };

/**
 * "Fixed bottom bar": one form whose buttons say what to do with the lead on screen. Without JavaScript each button
 * posts to the page's action; with it, Save for Later and Let's Work It still post (and the page reloads its data),
 * while Next Lead and Pass move on at once.
 */
export function ActionBar({ leadId, vendor, index, buttons, request, onMove, wizardHref = SELLER_WIZARD_HREF }: Props) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formAction?.startsWith(WORKBENCH_PATH) ? navigation.formData?.get("intent") : null;
  const busy = typeof pending === "string";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // React types a form's nativeEvent as a plain Event; a submit event is the DOM's SubmitEvent.
    const { submitter } = event.nativeEvent as SubmitEvent;
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : undefined;
    if (!onMove || (intent !== "next" && intent !== "pass")) return;
    event.preventDefault();
    onMove(intent);
  }

  const label = (intent: string, text: string) => (pending === intent ? BUSY_LABELS[intent] : text);

  return (
    // `bottom-bar`: the toast sits above it (tailwind.css).
    <div className="bottom-bar fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur">
      <Form
        method="post"
        action={workbenchAction(request)}
        onSubmit={onSubmit}
        aria-label="Lead actions"
        className="mx-auto flex w-full max-w-4xl flex-wrap items-center justify-end gap-2 px-4 py-3 sm:px-6"
      >
        <input type="hidden" name="leadId" value={leadId} />
        <input type="hidden" name="vendor" value={vendor} />
        <input type="hidden" name="index" value={index} />
        {buttons.end ? (
          <p role="status" className="mr-auto text-sm text-slate-700">
            <strong className="font-semibold text-slate-900">{ALL_LEADS_REVIEWED.title}</strong> {ALL_LEADS_REVIEWED.description}
          </p>
        ) : null}
        {buttons.pass ? (
          <Button type="submit" name="intent" value="pass" variant="ghost" disabled={busy} className="flex-1 sm:flex-none">
            {label("pass", "Pass")}
          </Button>
        ) : null}
        {buttons.save ? (
          <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy} className="flex-1 sm:flex-none">
            {label("save", "Save for Later")}
          </Button>
        ) : null}
        {buttons.work ? (
          <Button type="submit" name="intent" value="work" disabled={busy} className="flex-1 sm:flex-none">
            {label("work", "Let's Work It")}
          </Button>
        ) : null}
        {buttons.next ? (
          <Button type="submit" name="intent" value="next" disabled={busy} className="flex-1 sm:flex-none">
            {label("next", "Next Lead")}
          </Button>
        ) : null}
        {buttons.end ? (
          <Link to={wizardHref} className="text-sm font-semibold text-brand-800 underline">
            Find More Leads
          </Link>
        ) : null}
      </Form>
    </div>
  );
}
