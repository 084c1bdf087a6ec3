/** Pause, resume or stop a lead's sequence: a one-button Remix <Form> posting to /today (works without JavaScript). */
import { Form } from "@remix-run/react";

import { buttonClass } from "#app/components/ui/button.tsx";
import { SEQUENCE_ACTION_LABELS, type SequenceAction } from "#app/domain/sequences/steps.ts";

/** Where every Today form posts (app/routes/today.tsx). */
export const TODAY_PATH = "/today";

export function SequenceControl({ propertyId, action }: { propertyId: string; action: SequenceAction }) {
  return (
    <Form method="post" action={TODAY_PATH}>
      <input type="hidden" name="propertyId" value={propertyId} />
      <button type="submit" name="intent" value={action} className={buttonClass(action === "resume" ? "secondary" : "ghost", "", "sm")}>
        {SEQUENCE_ACTION_LABELS[action]}
      </button>
    </Form>
  );
}
