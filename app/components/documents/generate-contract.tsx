import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Link, useFetcher, type Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FormError, SelectField } from "#app/components/ui/field.tsx";
import { CONTRACT_KINDS } from "#app/domain/documents/contract-text.ts";
import { type GenerateContractActionData } from "#app/domain/documents/document-forms.ts";

type FormComponent = typeof Form;
type PropertyOptions = { id: string; address: string; city: string | null; state: string | null }[];

/**
 * "Generate Contract": a property of the user's and a contract type, posted to /documents/generate. Validated in the
 * browser by the server's schema; without JavaScript the server's errors come back on the /documents/generate page.
 */
export function GenerateContractForm({
  FormAs,
  properties,
  lastResult,
  busy,
  cancel,
}: {
  FormAs: FormComponent;
  properties: PropertyOptions;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
  cancel?: ReactNode;
}) {
  const validate = useZodValidation(() =>
    import("#app/domain/documents/document-forms.ts").then((module) => module.GenerateContractSchema),
  );
  const [form, fields] = useForm({
    id: "generate-contract",
    lastResult,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (properties.length === 0) {
    return (
      <p className="text-sm text-slate-600">Add a property in the CRM first; the contract is filled from it and your company profile.</p>
    );
  }
  return (
    // noValidate: the schema's messages, not the browser's, with or without JavaScript.
    <FormAs
      method="post"
      action="/documents/generate"
      {...getFormProps(form)}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-start"
    >
      <FormError id={form.errorId} messages={form.errors} />
      <SelectField
        label="Property"
        meta={fields.propertyId}
        options={properties.map((property) => ({
          value: property.id,
          label: [property.address, property.city, property.state].filter(Boolean).join(", "),
        }))}
      />
      <SelectField
        label="Contract type"
        meta={fields.kind}
        options={Object.entries(CONTRACT_KINDS).map(([value, label]) => ({ value, label }))}
      />
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" disabled={busy}>
          {busy ? "Generating..." : "Generate PDF"}
        </Button>
        {cancel}
      </div>
    </FormAs>
  );
}

/** The form in the section, posted by a fetcher: the list stays, errors come back next to the fields. */
export function GenerateContract({ properties, cancelHref }: { properties: PropertyOptions; cancelHref: string }) {
  const fetcher = useFetcher<GenerateContractActionData>();
  return (
    <section aria-labelledby="generate-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="generate-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Generate Contract
      </h2>
      <GenerateContractForm
        FormAs={fetcher.Form}
        properties={properties}
        lastResult={fetcher.data?.result}
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
