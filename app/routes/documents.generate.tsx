import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { GenerateContractForm } from "#app/components/documents/generate-contract.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { CancelLink, FormPage } from "#app/components/ui/form-page.tsx";
import { CONTRACT_KINDS } from "#app/domain/documents/contract-text.ts";
import { GenerateContractSchema, type GenerateContractActionData } from "#app/domain/documents/document-forms.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { generateContract, listPropertyOptions } from "#app/services/documents/contracts.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

export const meta: MetaFunction = () => [{ title: "Generate Contract — Breeze" }];

/** The form on its own page: after a failed post without JavaScript (with its errors), or on a plain visit. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  return { properties: await listPropertyOptions(context, session.workspaceId) };
}

/**
 * "Generate Contract": renders the chosen contract as a PDF (pdf-lib) and stores it as a draft document, then goes
 * to its category with a toast. Invalid input answers 400, a property that is not the user's 404, with the messages
 * next to the fields.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: GenerateContractSchema });
  if (submission.status !== "success") return data({ result: submission.reply() } satisfies GenerateContractActionData, { status: 400 });
  const outcome = await generateContract(context, session.workspaceId, submission.value);
  if (!outcome.ok) {
    const fieldErrors = outcome.status === 404 ? { propertyId: [outcome.message] } : undefined;
    return data(
      {
        result: submission.reply({ fieldErrors, formErrors: fieldErrors ? undefined : [outcome.message] }),
      } satisfies GenerateContractActionData,
      { status: outcome.status },
    );
  }
  return redirectWithToast(`/?section=documents&type=${submission.value.kind}`, {
    title: "Contract Generated",
    description: `${CONTRACT_KINDS[submission.value.kind]} saved as a draft.`,
    variant: "success",
  });
}

/** Without JavaScript, a form with errors comes back here: the form again, with them next to the fields. */
export default function GenerateContractPage() {
  const { properties } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <FormPage title="Generate Contract" backTo="/?section=documents" backLabel="Back to Documents">
      <GenerateContractForm
        FormAs={Form}
        properties={properties}
        lastResult={actionData?.result}
        busy={busy}
        cancel={<CancelLink to="/?section=documents" />}
      />
    </FormPage>
  );
}

/** A thrown response or failure renders in this page's frame, with the way back. */
export function ErrorBoundary() {
  return <PageError backTo="/?section=documents" backLabel="Back to Documents" />;
}
