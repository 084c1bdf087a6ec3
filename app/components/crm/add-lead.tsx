import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Link, useFetcher, useNavigate, type Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { LEAD_TYPES, PROPERTY_TYPES } from "#db/enums.ts";
import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { FormError, InputField, SelectField } from "#app/components/ui/field.tsx";
import { LEAD_STATUSES, leadTypeLabel, statusLabel } from "#app/domain/leads/labels.ts";

const FORM_STATUSES = LEAD_STATUSES.slice(0, 5);

type FormComponent = typeof Form;

/**
 * The Add Lead form (posts to /crm/leads). Validated in the browser by the same schema as the server; without
 * JavaScript the server's field errors come back on the /crm/leads page.
 */
export function AddLeadForm({
  FormAs,
  lastResult,
  busy,
  cancel,
}: {
  FormAs: FormComponent;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
  cancel?: ReactNode;
}) {
  const validate = useZodValidation(() => import("#app/domain/leads/lead-forms.ts").then((module) => module.PropertyInputSchema));
  const [form, fields] = useForm({
    id: "add-lead",
    lastResult,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    // noValidate: the schema's messages, not the browser's, with or without JavaScript.
    <FormAs method="post" action="/crm/leads" {...getFormProps(form)} noValidate className="space-y-4">
      <FormError id={form.errorId} messages={form.errors} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Property</legend>
        <InputField label="Address" meta={fields.address} autoComplete="off" maxLength={200} />
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField label="City" meta={fields.city} />
          <InputField label="State" meta={fields.state} maxLength={2} placeholder="AZ" />
          <InputField label="ZIP code" meta={fields.zipCode} inputMode="numeric" maxLength={10} />
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          <InputField label="Bedrooms" meta={fields.bedrooms} type="number" min={1} step={1} />
          <InputField label="Bathrooms" meta={fields.bathrooms} type="number" min={0.5} step={0.5} />
          <InputField label="Square feet" meta={fields.squareFeet} type="number" min={1} step={1} />
          <InputField label="Year built" meta={fields.yearBuilt} type="number" min={1800} step={1} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Property type"
            meta={fields.propertyType}
            options={PROPERTY_TYPES.map((value) => ({ value, label: leadTypeLabel(value) }))}
            defaultValue="single_family"
          />
          <SelectField
            label="Lead type"
            meta={fields.leadType}
            options={[{ value: "", label: "None" }, ...LEAD_TYPES.map((value) => ({ value, label: leadTypeLabel(value) }))]}
          />
          <SelectField
            label="Status"
            meta={fields.status}
            options={FORM_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
            defaultValue="new"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="ARV" meta={fields.arv} inputMode="decimal" placeholder="250000" />
          <InputField label="Max offer" meta={fields.maxOffer} inputMode="decimal" placeholder="175000" />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Owner</legend>
        <InputField label="Owner name" meta={fields.ownerName} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Owner phone" meta={fields.ownerPhone} type="tel" autoComplete="off" />
          <InputField label="Owner email" meta={fields.ownerEmail} type="email" autoComplete="off" />
        </div>
        <InputField label="Owner mailing address" meta={fields.ownerMailingAddress} autoComplete="off" />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save Lead"}
        </Button>
      </div>
    </FormAs>
  );
}

export function AddLead({ open, closeHref }: { open: boolean; closeHref: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ result: SubmissionResult<string[]> }>({ key: "add-lead" });
  const busy = fetcher.state !== "idle";
  const form = (
    <AddLeadForm
      FormAs={fetcher.Form}
      lastResult={fetcher.data?.result}
      busy={busy}
      cancel={
        <Link to={closeHref} className={buttonClass("secondary")}>
          Cancel
        </Link>
      }
    />
  );
  if (!open) return null;
  if (!hydrated) {
    return (
      <section aria-labelledby="add-lead-heading" className="mb-6 rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
        <h2 id="add-lead-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Add Lead
        </h2>
        {form}
      </section>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : navigate(closeHref, { preventScrollReset: true, replace: true }))}
      title="Add Lead"
      description="Add a property and its owner to your CRM."
    >
      {form}
    </Dialog>
  );
}
