/** "Start follow-up sequence" on a lead: a plain Remix <Form> posting to /today (works without JavaScript). */
import { Form, Link } from "@remix-run/react";

import { buttonClass } from "#app/components/ui/button.tsx";
import { DEFAULT_SEQUENCE_NAME } from "#app/domain/sequences/steps.ts";

import { TODAY_PATH } from "./sequence-control.tsx";

export function StartSequenceForm({ propertyId, className = "" }: { propertyId: string; className?: string }) {
  return (
    <Form method="post" action={TODAY_PATH} className={className}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="propertyId" value={propertyId} />
      <button type="submit" className={buttonClass("secondary", "", "sm")}>
        Start follow-up sequence ({DEFAULT_SEQUENCE_NAME})
      </button>
    </Form>
  );
}

/** The dashboard's first line: the way to Today's follow-ups. */
export function TodayLink() {
  return (
    <Link
      to={TODAY_PATH}
      className="mb-4 block rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm font-semibold text-brand-900 hover:bg-brand-100"
    >
      Today: your follow-ups due and overdue <span aria-hidden="true">→</span>
    </Link>
  );
}
