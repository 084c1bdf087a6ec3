import { Form, useNavigation } from "@remix-run/react";

import { DISPO_STATUS_LABELS, DISPO_STATUSES } from "#db/enums.ts";
import { Button } from "#app/components/ui/button.tsx";
import { InputField, SelectField, type FieldMeta } from "#app/components/ui/field.tsx";

/** The form's values as shown again: the deal's stored terms, or what was typed when the post was refused. */
export type ContractFormValues = Partial<
  Record<
    "contractPrice" | "closeDate" | "inspectionDeadline" | "earnestMoney" | "assignmentFeeAsked" | "buyerPrice" | "dispoStatus",
    string
  >
>;

const FIELDS = {
  contractPrice: "Contract price",
  closeDate: "Closing date",
  inspectionDeadline: "Inspection / option deadline",
  earnestMoney: "Earnest money",
  assignmentFeeAsked: "Assignment fee asked",
  buyerPrice: "Buyer price",
} as const;

const meta = (name: keyof ContractFormValues, values: ContractFormValues, errors: Record<string, string[]> | undefined): FieldMeta => ({
  id: `contract-${name}`,
  name,
  errorId: `contract-${name}-error`,
  errors: errors?.[name],
  initialValue: values[name],
});

/** The purchase contract's terms: a Remix form, the same without JavaScript (the server's messages, not the browser's). */
export function ContractForm({ values, errors }: { values: ContractFormValues; errors?: Record<string, string[]> }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
      <InputField label={FIELDS.contractPrice} meta={meta("contractPrice", values, errors)} inputMode="decimal" />
      <InputField label={FIELDS.earnestMoney} meta={meta("earnestMoney", values, errors)} inputMode="decimal" />
      <InputField label={FIELDS.inspectionDeadline} meta={meta("inspectionDeadline", values, errors)} type="date" />
      <InputField label={FIELDS.closeDate} meta={meta("closeDate", values, errors)} type="date" />
      <InputField label={FIELDS.assignmentFeeAsked} meta={meta("assignmentFeeAsked", values, errors)} inputMode="decimal" />
      <InputField
        label={FIELDS.buyerPrice}
        meta={meta("buyerPrice", values, errors)}
        inputMode="decimal"
        hint="What the end buyer pays, once you have one"
      />
      <SelectField
        label="Disposition status"
        meta={meta("dispoStatus", values, errors)}
        options={DISPO_STATUSES.map((status) => ({ value: status, label: DISPO_STATUS_LABELS[status] }))}
        defaultValue="under_contract"
      />
      <div className="flex items-end">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save Contract"}
        </Button>
      </div>
    </Form>
  );
}
