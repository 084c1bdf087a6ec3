import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";

import Wizard from "#app/components/chat/wizard.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { FormPage } from "#app/components/ui/form-page.tsx";
import { WizardSearchSchema, type WizardActionData } from "#app/domain/chat/chat-forms.ts";
import { chatHref, firstInvalidStep, isWizardKind, readAnswers, WIZARD_TITLES, type WizardErrors } from "#app/domain/chat/wizard.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { runWizardSearch } from "#app/services/chat/chat.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { formWasRefused, refuseForm } from "#app/services/http/form-refusal.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

export const meta: MetaFunction = () => [{ title: "Lead search — Breeze" }];

/** The wizards live in the chat; this page shows one on its own after a refused search without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return formWasRefused(context) ? null : redirect(chatHref("lead-finder", null));
}

/**
 * Find Properties / Find Cash Buyers posted by a wizard's form (without JavaScript; with it the wizard calls the
 * /api routes): the search runs on the server, its request, answer and cards are posted into the chat, and the
 * answer redirects — sellers to the Lead Workbench, buyers back to the chat with the cards. A refused step answers
 * 400 with the wizard at that step and its messages, a conversation that is not the user's 404; neither writes.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: WizardSearchSchema });
  const wizard = formData.get("wizard");
  const kind = isWizardKind(wizard) ? wizard : "seller";
  const answers = readAnswers(formData);
  const refused = (errors: WizardErrors, step = firstInvalidStep(kind, answers)?.step ?? 1) =>
    refuseForm(
      context,
      {
        kind,
        step,
        answers,
        errors,
        conversationId: String(formData.get("c") ?? "").slice(0, 64) || null,
        agent: "lead-finder",
      } satisfies WizardActionData,
      400,
    );
  if (submission.status !== "success") {
    const errors: WizardErrors = {};
    for (const [field, messages] of Object.entries(submission.reply().error ?? {})) {
      // Conform's reply() keys its errors by any string; the schema's fields are the wizard's.
      if (messages?.[0]) errors[field as keyof WizardErrors] = messages[0];
    }
    return refused(errors);
  }
  const outcome = await runWizardSearch(context, session.workspaceId, submission.value);
  if (!outcome.ok && outcome.status === 404) throw new Response(outcome.message, { status: 404 });
  if (!outcome.ok) return refused(outcome.errors, 1);
  return outcome.toast ? redirectWithToast(outcome.redirect, outcome.toast) : redirect(outcome.redirect);
}

/** Without JavaScript, a refused search comes back here: the wizard at the refused step, with its messages. */
export default function WizardSearchPage() {
  const actionData = useActionData<typeof action>();
  if (!actionData) return null;
  const back = chatHref(actionData.agent, actionData.conversationId);
  return (
    <FormPage title={WIZARD_TITLES[actionData.kind]} backTo={back} backLabel="Back to the chat">
      <Wizard
        view={{ kind: actionData.kind, step: actionData.step, answers: actionData.answers, errors: actionData.errors, count: null }}
        agent={actionData.agent}
        conversationId={actionData.conversationId}
        closeHref={back}
        interactive={false}
      />
    </FormPage>
  );
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=chat" backLabel="Back to the chat" />;
}
