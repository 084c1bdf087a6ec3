/** What the CRM tests share: a signed-in client, the CRM section's loader, and a lead to add. */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { getSession } from "#app/services/accounts/auth.server.ts";
import { sessionOwner, type ValidSession } from "#app/services/accounts/session.server.ts";
import { load as loadCrmSection } from "#app/services/leads/crm-section.server.ts";

import { registerClient } from "./api-client.ts";
import { db } from "./db.ts";

export { db };

export async function signedIn() {
  const { client } = await registerClient("crm");
  const session = await getSession(client.request("GET", "/"), client.context);
  return { client, userId: session!.user.id, session: session! };
}

/** The CRM section as the shell runs it: scoped by the session's user in SQL, read in one batch. */
export const loadCrm = (context: AppLoadContext, session: ValidSession, url: URL) =>
  loadCrmSection(context, { userId: sessionOwner(session.sid), batch: (queries) => db.batch(queries) }, url);

export const LEAD = { address: "4127 N 38th St", city: "Phoenix", state: "AZ", zipCode: "85018" };
