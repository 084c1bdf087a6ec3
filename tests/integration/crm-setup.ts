/** What the CRM tests share: a signed-in client, the CRM section's loader, and a lead to add. */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { sessionOwner, sessionPerson, type ValidSession } from "#app/services/accounts/session.server.ts";
import { load as loadCrmSection } from "#app/services/leads/crm-section.server.ts";
import { memberOptionsOf, membersWithNames } from "#app/services/workspaces/roster.server.ts";

import { db } from "./db.ts";

export { db };

/** The CRM section as the shell runs it: scoped by the session's user in SQL, read in one batch. */
export const loadCrm = (context: AppLoadContext, session: ValidSession, url: URL) =>
  loadCrmSection(
    context,
    {
      userId: sessionOwner(session.sid),
      person: sessionPerson(session.sid),
      batch: (queries) => db.batch(queries),
      members: async () => memberOptionsOf(await membersWithNames({ db }, session.workspaceId)),
    },
    url,
  );

export const LEAD = { address: "4127 N 38th St", city: "Phoenix", state: "AZ", zipCode: "85018" };
