import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";

import { PageError } from "#app/components/shell/route-error.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { INVITATION_USED, TokenSchema } from "#app/domain/workspaces/members.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { acceptInvitation, invitationWorkspace } from "#app/services/workspaces/members.server.ts";

export const meta: MetaFunction = () => [{ title: "Join a workspace — Breeze" }];

/**
 * The emailed link: a signed-out visitor signs in (or signs up) first and comes back here; the page names the
 * workspace and offers Join.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const token = TokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  const invitation = token.success ? await invitationWorkspace(context, token.data) : null;
  return { token: token.success ? token.data : "", workspace: invitation?.name ?? null, email: session.user.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const token = TokenSchema.safeParse((await readFormData(request)).get("token"));
  const outcome = token.success
    ? await acceptInvitation(context, session, token.data)
    : { ok: false as const, status: 400, message: INVITATION_USED };
  if (!outcome.ok) return redirectWithToast("/", { title: "Could not join", description: outcome.message, variant: "error" });
  return redirectWithToast("/today", {
    title: "Welcome to the team",
    description: "You now work in the new workspace.",
    variant: "success",
  });
}

export default function JoinWorkspacePage() {
  const { token, workspace, email } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{workspace ? `Join ${workspace}` : "Join a workspace"}</h1>
      {workspace ? (
        <p className="text-sm text-slate-600">You are signed in as {email}. The invitation works for the address it was sent to.</p>
      ) : (
        <p className="text-sm text-slate-600">{INVITATION_USED}</p>
      )}
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={buttonClass("primary")} disabled={!workspace}>
          Join
        </button>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <PageError backTo="/" backLabel="Home" />;
}
