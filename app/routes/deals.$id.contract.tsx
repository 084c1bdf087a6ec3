import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { ContractForm, type ContractFormValues } from "#app/components/dispo/contract-form.tsx";
import { DealFormPage } from "#app/components/dispo/deal-form-page.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { ContractSchema, dayText } from "#app/domain/dispo/contract.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { DEAL_NOT_FOUND, getDeal } from "#app/services/deals/deals.server.ts";
import { putUnderContract } from "#app/services/dispo/contract.server.ts";
import { allowMethods, fieldErrors, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

export const meta: MetaFunction = () => [{ title: "Under Contract — Breeze" }];

const FORM_FIELDS = [
  "contractPrice",
  "closeDate",
  "inspectionDeadline",
  "earnestMoney",
  "assignmentFeeAsked",
  "buyerPrice",
  "dispoStatus",
] as const;
const text = (value: number | null) => (value === null ? undefined : String(value));

/** The deal's stored terms (its value as the contract price until one is given); 404 for a foreign or unknown deal. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const deal = await getDeal(context, session.workspaceId, params.id ?? "");
  if (!deal) throw new Response(DEAL_NOT_FOUND, { status: 404 });
  const values: ContractFormValues = {
    contractPrice: text(deal.contractPrice ?? deal.dealValue),
    closeDate: deal.contractPrice === null ? undefined : (dayText(deal.closeDate) ?? undefined),
    inspectionDeadline: dayText(deal.inspectionDeadline) ?? undefined,
    earnestMoney: text(deal.earnestMoney),
    assignmentFeeAsked: text(deal.assignmentFeeAsked),
    buyerPrice: text(deal.buyerPrice),
    dispoStatus: deal.dispoStatus ?? undefined,
  };
  return { address: deal.property?.address ?? "The deal", underContract: deal.contractPrice !== null, values };
}

/** Saves the terms and puts the deal under contract (the Closing stage), or answers 400 with each field's message. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const userId = session.workspaceId;
  const dealId = params.id ?? "";
  // A foreign deal is a 404 before the form is judged: nothing about it leaks through validation.
  if (!(await getDeal(context, userId, dealId))) throw new Response(DEAL_NOT_FOUND, { status: 404 });
  const form = await readFormData(request);
  const raw = Object.fromEntries(FORM_FIELDS.map((name) => [name, form.get(name) ?? undefined]));
  const parsed = ContractSchema.safeParse(raw);
  if (!parsed.success) {
    const values = Object.fromEntries(FORM_FIELDS.map((name) => [name, String(raw[name] ?? "").slice(0, 40)])) as ContractFormValues;
    return data({ errors: fieldErrors(parsed.error.issues), values }, { status: 400 });
  }
  const deal = await putUnderContract(context, { userId, dealId, contract: parsed.data });
  if (!deal) throw new Response(DEAL_NOT_FOUND, { status: 404 });
  return redirectWithToast("/?section=pipeline", {
    title: "Under contract",
    description: `${deal.property?.address ?? "The deal"} is under contract.`,
    variant: "success",
  });
}

/** /deals/{id}/contract: what moving a deal to "Under Contract" asks for, and where its terms are changed later. */
export default function ContractPage() {
  const { address, underContract, values } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <DealFormPage
      title={underContract ? "Contract details" : "Under Contract"}
      lead={
        <>{address}: the signed purchase contract&apos;s terms. The deal card counts down the inspection deadline and the closing date.</>
      }
    >
      <ContractForm values={refused?.values ?? values} errors={refused?.errors} />
    </DealFormPage>
  );
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=pipeline" backLabel="Back to the pipeline" />;
}
