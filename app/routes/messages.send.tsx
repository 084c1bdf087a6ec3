import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { NewMessageForm } from "#app/components/messages/new-message.tsx";
import { ReplyForm } from "#app/components/messages/reply-form.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { CancelLink, FormPage } from "#app/components/ui/form-page.tsx";
import {
  CONVERSATION_NOT_FOUND,
  NewMessageFormSchema,
  ReplyFormSchema,
  type MessageActionData,
} from "#app/domain/messages/message-forms.ts";
import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { addMessage, createConversation } from "#app/services/messages/conversation-writes.server.ts";
import { listContactOptions } from "#app/services/messages/conversations.server.ts";

export const meta: MetaFunction = () => [{ title: "Messages — Breeze" }];

const back = (conversationId?: string) => `/?section=messages${conversationId ? `&c=${encodeURIComponent(conversationId)}` : ""}`;

/**
 * The forms live in the messages section; this page shows one on its own: "New Message" on a plain visit, or the
 * form that failed when it was posted without JavaScript, with its errors next to the fields.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  return redactFor(session.role, { contacts: await listContactOptions(context, session.workspaceId) });
}

/**
 * Sends a message in a conversation (intent=send), or starts a conversation with one of the user's contacts
 * (intent=new, "New Message"), then goes back to the conversation (post/redirect/get, with or without JavaScript).
 * Invalid input answers 400 and an unknown conversation or contact 404, with the messages for the form's fields.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const userId = session.workspaceId;
  const formData = await readFormData(request);
  const now = context.now();

  if (formData.get("intent") === "new") {
    const submission = parseWithZod(formData, { schema: NewMessageFormSchema });
    if (submission.status !== "success")
      return data({ intent: "new", conversationId: null, result: submission.reply() } satisfies MessageActionData, { status: 400 });
    const created = await createConversation({ db: context.db, now: () => now }, userId, { contactId: submission.value.contactId });
    if (!created.ok) {
      return data(
        {
          intent: "new",
          conversationId: null,
          result: submission.reply({ fieldErrors: { contactId: [created.message] } }),
        } satisfies MessageActionData,
        { status: created.status },
      );
    }
    if (submission.value.content) {
      await addMessage({ db: context.db, now: () => now }, userId, created.id, {
        content: submission.value.content,
        role: "user",
        isAiGenerated: false,
      });
    }
    return redirect(back(created.id));
  }

  const submission = parseWithZod(formData, { schema: ReplyFormSchema });
  const conversationId = String(formData.get("conversationId") ?? "").slice(0, 64);
  if (submission.status !== "success")
    return data({ intent: "send", conversationId, result: submission.reply() } satisfies MessageActionData, { status: 400 });
  const { content, isAiGenerated } = submission.value;
  const message = await addMessage({ db: context.db, now: () => now }, userId, submission.value.conversationId, {
    content,
    role: "user",
    isAiGenerated: isAiGenerated === "true",
  });
  if (!message)
    return data(
      { intent: "send", conversationId, result: submission.reply({ formErrors: [CONVERSATION_NOT_FOUND] }) } satisfies MessageActionData,
      { status: 404 },
    );
  return redirect(back(submission.value.conversationId));
}

/** Without JavaScript, a form with errors comes back here: the form again, with them next to the fields. */
export default function MessageFormPage() {
  const { contacts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const replying = actionData?.intent === "send";
  const conversationId = actionData?.conversationId ?? undefined;
  return (
    <FormPage title={replying ? "Reply" : "New Message"} backTo={back(conversationId)} backLabel="Back to Messages">
      {replying ? (
        <ReplyForm FormAs={Form} conversationId={conversationId ?? ""} lastResult={actionData?.result} busy={busy} />
      ) : (
        <NewMessageForm FormAs={Form} contacts={contacts} lastResult={actionData?.result} busy={busy} cancel={<CancelLink to={back()} />} />
      )}
    </FormPage>
  );
}

/** A thrown response or failure renders in this page's frame, with the way back. */
export function ErrorBoundary() {
  return <PageError backTo="/?section=messages" backLabel="Back to Messages" />;
}
