import { Form } from "@remix-run/react";

import { Button } from "#app/components/ui/button.tsx";
import { InputField, TextareaField, type FieldMeta } from "#app/components/ui/field.tsx";

export type OfferFormValues = Partial<Record<"name" | "email" | "phone" | "amount" | "earnestMoney" | "closeDate" | "message", string>>;

const meta = (name: keyof OfferFormValues, values: OfferFormValues, errors: Record<string, string[]> | undefined): FieldMeta => ({
  id: `offer-${name}`,
  name,
  errorId: `offer-${name}-error`,
  errors: errors?.[name],
  initialValue: values[name],
});

/**
 * "I'm interested / make an offer": a plain form post (the page loads no JavaScript). `stamp` is the signed time the
 * form was served; the "website" field is hidden from people and left empty by them.
 */
export function OfferForm({ stamp, values, errors }: { stamp: string; values: OfferFormValues; errors?: Record<string, string[]> }) {
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="stamp" value={stamp} />
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="offer-website">Website</label>
        <input id="offer-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <InputField label="Name" meta={meta("name", values, errors)} autoComplete="name" required />
      <InputField label="Email" meta={meta("email", values, errors)} type="email" autoComplete="email" required />
      <InputField label="Phone" meta={meta("phone", values, errors)} type="tel" autoComplete="tel" />
      <InputField label="Offer amount" meta={meta("amount", values, errors)} inputMode="decimal" hint="Leave blank to just ask about it" />
      <InputField label="Earnest money" meta={meta("earnestMoney", values, errors)} inputMode="decimal" />
      <InputField label="Closing date" meta={meta("closeDate", values, errors)} type="date" />
      <TextareaField label="Message" meta={meta("message", values, errors)} rows={3} className="sm:col-span-2" />
      <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
        <input type="checkbox" name="proofOfFunds" value="yes" className="h-4 w-4" />I have proof of funds
      </label>
      <div className="sm:col-span-2">
        <Button type="submit">Send</Button>
      </div>
    </Form>
  );
}
