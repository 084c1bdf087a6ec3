import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { SwitchSchema } from "#app/domain/workspaces/members.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, plainMethodNotAllowed, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { switchWorkspace } from "#app/services/workspaces/members.server.ts";

/** The shell's workspace switcher (a form, without JavaScript too): the session works in the chosen workspace. */
export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const parsed = SwitchSchema.safeParse(Object.fromEntries(await readFormData(request)));
  const outcome = parsed.success ? await switchWorkspace(context, session, parsed.data.workspaceId) : null;
  if (!outcome?.ok)
    return redirectWithToast("/", { title: "Not switched", description: outcome?.message ?? "Choose a workspace.", variant: "error" });
  const name = session.memberships.find((membership) => membership.workspaceId === parsed.data?.workspaceId)?.name ?? "the workspace";
  return redirectWithToast("/", { title: "Workspace switched", description: `You now work in ${name}.`, variant: "success" });
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => plainMethodNotAllowed(["POST"]);
