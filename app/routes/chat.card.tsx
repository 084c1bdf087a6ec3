import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";

import { PageError } from "#app/components/shell/route-error.tsx";
import { CardActionSchema } from "#app/domain/chat/chat-forms.ts";
import { chatHref } from "#app/domain/chat/wizard.ts";
import { leadOwnerOf } from "#app/domain/leads/assignee.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { runCardAction } from "#app/services/chat/chat.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

export const meta: MetaFunction = () => [{ title: "Agent chat — Breeze" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return redirect(chatHref("lead-finder", null));
}

/**
 * A card's write action without JavaScript (with it the card calls the /api routes): Add to CRM from a seller-lead
 * or property card, Save to Buyer Breeze from a buyer card, read from the stored card. Back to the card with the
 * outcome as a toast ('Already in CRM', 'Validation error: …', the success). A card that is not the user's answers
 * 404; a bad form 400.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const parsed = CardActionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? "Card not found", { status: 400 });
  const outcome = await runCardAction(context, leadOwnerOf(session), parsed.data);
  if (!outcome.ok) throw new Response(outcome.message, { status: outcome.status });
  return redirectWithToast(outcome.redirect, outcome.toast);
}

export default function ChatCardPage() {
  return null;
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=chat" backLabel="Back to the chat" />;
}
