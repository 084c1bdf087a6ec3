import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";

import { AddLeadForm } from "#app/components/crm/add-lead.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { CancelLink, FormPage } from "#app/components/ui/form-page.tsx";
import { leadOwnerOf } from "#app/domain/leads/assignee.ts";
import { ALREADY_IN_CRM } from "#app/domain/leads/labels.ts";
import { PropertyInputSchema } from "#app/domain/leads/lead-forms.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { createProperty } from "#app/services/leads/property-writes.server.ts";

export const meta: MetaFunction = () => [{ title: "Add Lead — Breeze" }];

/**
 * The form lives in the CRM section; this page shows it on its own (after a failed post without JavaScript, or on
 * a reload of that page). No redirect here: Remix runs the loaders to render a document POST's answer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

/**
 * Add Lead: validates with the schema the browser uses, refuses the same address, city and state twice ("Already
 * in CRM"), stores the lead and goes back to the CRM with a toast (post/redirect/get, with or without JavaScript).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: PropertyInputSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await createProperty(context, leadOwnerOf(session), submission.value);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { address: [ALREADY_IN_CRM] }, formErrors: [ALREADY_IN_CRM] }) },
      { status: 409 },
    );
  }
  return redirectWithToast("/?section=crm", {
    title: "Lead added",
    description: `${outcome.property.address} was added to your CRM.`,
    variant: "success",
  });
}

/** Without JavaScript, a form with errors comes back here: the form again, with them next to the fields. */
export default function AddLeadPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <FormPage title="Add Lead" backTo="/?section=crm" backLabel="Back to CRM">
      <AddLeadForm
        FormAs={Form}
        // Remix's useActionData serializes the type (JsonifyObject), which Conform's SubmissionResult no longer matches.
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        busy={navigation.state === "submitting"}
        cancel={<CancelLink to="/?section=crm" />}
      />
    </FormPage>
  );
}

/** A thrown response or failure renders in this page's frame, with the way back. */
export function ErrorBoundary() {
  return <PageError backTo="/?section=crm" backLabel="Back to CRM" />;
}
