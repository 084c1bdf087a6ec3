/**
 * An offer's warnings and its "Confirm anyway": why the offer deserves a second look, in words, and
 * a form that posts the same step again with `confirm=1`. The server answers it to a post without `confirm`, so it
 * works the same with and without JavaScript; the user confirms once.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { Button } from "#app/components/ui/button.tsx";

export type Confirmation = {
  intent: string;
  title: string;
  message: string;
  warnings: { code: string; message: string }[];
  resubmit: Record<string, string>;
};

export function OfferConfirmation({ confirmation, action, cancel }: { confirmation: Confirmation; action: string; cancel?: ReactNode }) {
  return (
    <section role="alert" aria-label={confirmation.title} className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold text-amber-900">{confirmation.title}</h3>
      <p className="mt-1 text-sm text-amber-900">{confirmation.message}</p>
      <ul className="mt-2 list-disc pl-5 text-sm text-amber-900">
        {confirmation.warnings.map((warning) => (
          <li key={warning.code}>{warning.message}</li>
        ))}
      </ul>
      <Form method="post" action={action} className="mt-3 flex flex-wrap justify-end gap-2">
        {Object.entries(confirmation.resubmit).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value="1" />
        {cancel}
        <Button type="submit" name="intent" value={confirmation.intent}>
          Confirm anyway
        </Button>
      </Form>
    </section>
  );
}
