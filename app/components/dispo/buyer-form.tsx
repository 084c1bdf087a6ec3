import { Form, useNavigation } from "@remix-run/react";

import { PROPERTY_TYPES, REPAIR_LEVEL_LABELS, REPAIR_LEVELS } from "#db/enums.ts";
import { Button } from "#app/components/ui/button.tsx";
import { InputField, type FieldMeta } from "#app/components/ui/field.tsx";
import { inputClass } from "#app/components/ui/input.tsx";

export const BUYERS_PATH = "/buyers";

const TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  single_family: "Single-family",
  multi_family: "Multi-family",
  condo: "Condo",
  townhouse: "Townhouse",
  mobile_home: "Mobile home",
  land: "Land",
};

export type BuyerFormErrors = Record<string, string[]>;

const meta = (name: string, errors: BuyerFormErrors | undefined): FieldMeta => ({
  id: `buyer-${name}`,
  name,
  errorId: `buyer-${name}-error`,
  errors: errors?.[name],
});

/** Add a buyer by hand: who they are, their buy-box and whether they agreed to email. A Remix form, the same without JavaScript. */
export function BuyerForm({ errors }: { errors?: BuyerFormErrors }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  return (
    <Form method="post" action={BUYERS_PATH} className="grid gap-3 sm:grid-cols-2" aria-labelledby="add-buyer-heading">
      <input type="hidden" name="intent" value="add" />
      <InputField label="Name" meta={meta("name", errors)} required maxLength={200} autoComplete="off" />
      <InputField label="Company" meta={meta("company", errors)} maxLength={200} />
      <InputField label="Email" type="email" meta={meta("email", errors)} maxLength={200} />
      <InputField label="Phone" type="tel" meta={meta("phone", errors)} maxLength={30} />
      <InputField label="Markets" meta={meta("markets", errors)} hint='Cities or ZIPs, separated by ";" (Phoenix, AZ; 85019)' />
      <InputField label="Minimum beds" type="number" min={0} max={20} meta={meta("minBeds", errors)} />
      <InputField label="Minimum price" inputMode="decimal" meta={meta("priceMin", errors)} />
      <InputField label="Maximum price" inputMode="decimal" meta={meta("priceMax", errors)} />
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Property types</legend>
        <div className="flex flex-wrap gap-3">
          {PROPERTY_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-1 text-sm text-slate-700">
              <input type="checkbox" name="propertyTypes" value={type} /> {TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="buyer-maxRepairLevel" className="mb-1 block text-sm font-medium text-slate-800">
          Repairs they take
        </label>
        <select id="buyer-maxRepairLevel" name="maxRepairLevel" className={inputClass()} defaultValue="">
          <option value="">Not said</option>
          {REPAIR_LEVELS.map((level) => (
            <option key={level} value={level}>
              Up to {REPAIR_LEVEL_LABELS[level].toLowerCase()}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="emailConsent"
            value="yes"
            aria-describedby={errors?.emailConsent ? "buyer-emailConsent-error" : undefined}
          />
          They agreed to receive deals by email
        </label>
      </div>
      {errors?.emailConsent ? (
        <p id="buyer-emailConsent-error" className="text-sm text-red-700 sm:col-span-2">
          {errors.emailConsent.join(" ")}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Adding..." : "Add Buyer"}
        </Button>
      </div>
    </Form>
  );
}
