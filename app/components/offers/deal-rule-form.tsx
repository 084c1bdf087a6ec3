/**
 * Profile's "Deal Rule" tab: the tier percentages (Fair's is the max-offer rule), the default repair rate and the
 * default assignment fee. A Remix <Form> posting to /profile; the server checks it (and says what is wrong on the
 * fields) with or without JavaScript.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";

import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, InputField } from "#app/components/ui/field.tsx";
import { DEFAULT_DEAL_RULE, type DealRule } from "#app/domain/offers/deal-rule.ts";

export const DEAL_RULE_TAB = "deals";

export function DealRuleForm({ rule, lastResult }: { rule: DealRule; lastResult?: SubmissionResult<string[]> }) {
  const validate = useZodValidation(() => import("#app/domain/offers/deal-rule-form.ts").then((module) => module.DealRuleSchema));
  const [form, fields] = useForm({
    id: "profile-deals",
    lastResult,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === DEAL_RULE_TAB;
  const d = DEFAULT_DEAL_RULE;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormError id={form.errorId} messages={form.errors} />
      <p className="text-sm text-slate-600">
        Each offer is a share of the ARV less the repairs and your assignment fee. Fair is your max offer (the rule); Likely sits above it
        and is always flagged.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          label="Aggressive (% of ARV)"
          meta={fields.aggressivePct}
          inputMode="numeric"
          defaultValue={String(rule.aggressivePct)}
          hint={`Default ${d.aggressivePct}`}
        />
        <InputField
          label="Fair = max offer (% of ARV)"
          meta={fields.fairPct}
          inputMode="numeric"
          defaultValue={String(rule.fairPct)}
          hint={`Default ${d.fairPct}`}
        />
        <InputField
          label="Likely (% of ARV)"
          meta={fields.likelyPct}
          inputMode="numeric"
          defaultValue={String(rule.likelyPct)}
          hint={`Default ${d.likelyPct}`}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Default repairs (% of ARV)"
          meta={fields.repairRatePct}
          inputMode="numeric"
          defaultValue={String(rule.repairRatePct)}
          hint={`Used until you enter a property's repairs. Default ${d.repairRatePct}`}
        />
        <InputField
          label="Default assignment fee ($)"
          meta={fields.assignmentFee}
          inputMode="numeric"
          defaultValue={String(rule.assignmentFee)}
          hint={`Used until you enter a property's fee. Default ${d.assignmentFee}`}
        />
      </div>
      <p className="text-xs text-slate-500">Saving recomputes the max offer of every property that uses these defaults.</p>
      <Button type="submit" name="intent" value={DEAL_RULE_TAB} disabled={busy}>
        {busy ? "Saving..." : "Save Deal Rule"}
      </Button>
    </Form>
  );
}
