import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";

import { ComposerForm } from "#app/components/chat/composer.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { FormPage } from "#app/components/ui/form-page.tsx";
import { AGENTS } from "#app/domain/chat/agents.ts";
import { ChatSendSchema, type ChatSendActionData } from "#app/domain/chat/chat-forms.ts";
import { chatHref } from "#app/domain/chat/wizard.ts";
import { MESSAGE_MAX } from "#app/domain/messages/limits.ts";
import { CONVERSATION_NOT_FOUND } from "#app/domain/messages/message-forms.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { sendChatMessage } from "#app/services/chat/chat.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { formWasRefused, refuseForm } from "#app/services/http/form-refusal.server.ts";

export const meta: MetaFunction = () => [{ title: "Agent chat — Breeze" }];

/** The text box lives in the chat; this page shows it on its own after a refused post without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return formWasRefused(context) ? null : redirect(chatHref("lead-finder", null));
}

/**
 * A message typed into the agent chat: stores it and the assistant's reply (the AI provider's) in the conversation
 * `c`, or in a new one with the agent, then goes back to the conversation (post/redirect/get, with or without
 * JavaScript). An empty or too long message answers 400 with its field message; a conversation that is not the
 * user's 404. Nothing is written on a refusal.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ChatSendSchema });
  const back = {
    content: String(formData.get("content") ?? "").slice(0, MESSAGE_MAX),
    conversationId: String(formData.get("c") ?? "").slice(0, 64) || null,
    agent: AGENTS.find((agent) => agent.id === formData.get("agent"))?.id ?? "lead-finder",
  };
  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    const form = Object.entries(errors).find(([field]) => field !== "content")?.[1]?.[0];
    return refuseForm(context, { ...back, errors: { content: errors.content?.[0], form } } satisfies ChatSendActionData, 400);
  }
  const sent = await sendChatMessage(context, session.workspaceId, submission.value);
  if (!sent) return refuseForm(context, { ...back, errors: { form: CONVERSATION_NOT_FOUND } } satisfies ChatSendActionData, 404);
  if ("refused" in sent)
    return refuseForm(
      context,
      {
        ...back,
        errors: { form: sent.refused.message },
        status: sent.refused.status,
        retryAfterSeconds: sent.refused.retryAfterSeconds,
      } satisfies ChatSendActionData,
      sent.refused.status,
    );
  return redirect(chatHref(submission.value.agent, sent.conversationId));
}

/** Without JavaScript, a refused message comes back here: the box again, with what was wrong. */
export default function ChatSendPage() {
  const actionData = useActionData<typeof action>() as ChatSendActionData | undefined;
  const busy = useNavigation().state === "submitting";
  const agent = actionData?.agent ?? "lead-finder";
  return (
    <FormPage title="Message" backTo={chatHref(agent, actionData?.conversationId ?? null)} backLabel="Back to the chat">
      <ComposerForm
        FormAs={Form}
        agent={agent}
        conversationId={actionData?.conversationId ?? null}
        placeholder="Type your message..."
        busy={busy}
        error={actionData?.errors.content ?? actionData?.errors.form}
        initial={actionData?.content ?? ""}
      />
    </FormPage>
  );
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=chat" backLabel="Back to the chat" />;
}
