import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { requireUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, plainMethodNotAllowed, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { deleteBuyerLead, REMOVE_FAILED, REMOVED } from "#app/services/leads/buyer-leads.server.ts";

/** Removal without JavaScript (after the confirmation step): back to where the list was, with the spec's toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const form = await readFormData(request);
  const back = form.get("returnTo") === "/buyer-breeze" ? "/buyer-breeze" : "/?section=buyer-breeze";
  const removed = await deleteBuyerLead(context, session.workspaceId, String(form.get("id") ?? ""));
  return redirectWithToast(
    back,
    removed
      ? { title: "Success", description: REMOVED, variant: "success" }
      : { title: "Error", description: REMOVE_FAILED, variant: "error" },
  );
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => plainMethodNotAllowed(["POST"]);
