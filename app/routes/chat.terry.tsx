import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";

import { TerryForm } from "#app/components/chat/terry.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { FormPage } from "#app/components/ui/form-page.tsx";
import { TerryFormSchema, type TerryFormActionData } from "#app/domain/chat/terry-forms.ts";
import { terryHref } from "#app/domain/chat/terry-screen.ts";
import { MESSAGE_MAX } from "#app/domain/messages/limits.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { terryChat } from "#app/services/chat/terry.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { formWasRefused, refuseForm } from "#app/services/http/form-refusal.server.ts";

export const meta: MetaFunction = () => [{ title: "Target Market Finder — Breeze" }];

/** Terry's text box lives on the Terry screen; this page shows it on its own after a refused post without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return formWasRefused(context) ? null : redirect(terryHref(null));
}

/**
 * A message (typed, or a starter prompt) posted to Terry without JavaScript: stores it and Terry's answer — the spec's
 * trouble text when the AI provider fails — in the Terry conversation `c`, or in a new one, then goes back to the
 * Terry screen on that conversation (post/redirect/get). An empty or too long message answers 400 with its message;
 * a conversation that is not the user's Terry conversation 404. Nothing is written on a refusal.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: TerryFormSchema });
  const back = {
    message: String(formData.get("message") ?? "").slice(0, MESSAGE_MAX),
    conversationId: String(formData.get("c") ?? "").slice(0, 64) || null,
  };
  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    const error = errors.message?.[0] ?? Object.values(errors).flat()[0] ?? "Message is required";
    return refuseForm(context, { ...back, error } satisfies TerryFormActionData, 400);
  }
  const outcome = await terryChat(context, session.workspaceId, {
    message: submission.value.message,
    conversationId: submission.value.c,
    history: [],
  });
  // Not found, too long, or past an AI cap: the form again with why (nothing was written).
  if (!outcome.ok && outcome.status !== 502)
    return refuseForm(context, { ...back, error: outcome.message } satisfies TerryFormActionData, outcome.status);
  return redirect(terryHref(outcome.conversationId));
}

/** Without JavaScript, a refused message comes back here: Terry's box again, with what was wrong. */
export default function TerryPage() {
  const actionData = useActionData<typeof action>() as TerryFormActionData | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <FormPage title="Ask Terry" backTo={terryHref(actionData?.conversationId ?? null)} backLabel="Back to Terry">
      <TerryForm
        FormAs={Form}
        conversationId={actionData?.conversationId ?? null}
        busy={busy}
        error={actionData?.error}
        initial={actionData?.message ?? ""}
      />
    </FormPage>
  );
}

export function ErrorBoundary() {
  return <PageError backTo={terryHref(null)} backLabel="Back to Terry" />;
}
