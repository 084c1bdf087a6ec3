import type { AppLoadContext } from "@remix-run/cloudflare";

import { readBesideSession, type SessionLookup, type ValidSession } from "#app/services/accounts/session.server.ts";

import * as buyerBreeze from "./buyer-breeze.server.ts";
import * as chat from "./chat.server.ts";
import * as crm from "./crm.server.ts";
import * as dashboard from "./dashboard.server.ts";
import * as documents from "./documents.server.ts";
import * as messages from "./messages.server.ts";
import * as pipeline from "./pipeline.server.ts";
import type { SectionId } from "./types.ts";

const empty = async () => ({});

const LOADERS = {
  chat: chat.load,
  pipeline: pipeline.load,
  messages: messages.load,
  documents: documents.load,
  dashboard: dashboard.load,
  "buyer-breeze": buyerBreeze.load,
  "lock-it-up": empty,
  "deal-talk": empty,
};

type Loaded = { [K in Exclude<SectionId, "crm">]: Awaited<ReturnType<(typeof LOADERS)[K]>> } & {
  crm: Awaited<ReturnType<typeof crm.load>>;
};
export type SectionPayload = { [K in SectionId]: { id: K; data: Loaded[K] } }[SectionId];

/**
 * Loads only the section on screen, for the session `lookup` names: null when that session is not valid. The CRM (an
 * `EarlySectionLoader`: the page bench:crm measures) reads beside the lookup, in its batch; the other sections read
 * once the session answered.
 */
export async function loadSection(
  id: SectionId,
  context: AppLoadContext,
  lookup: SessionLookup,
  url: URL,
): Promise<{ session: ValidSession; payload: SectionPayload } | null> {
  if (id === "crm") {
    const loaded = await readBesideSession(lookup, (reads) => crm.load(context, reads, url));
    return loaded && { session: loaded.session, payload: { id: "crm", data: loaded.value } };
  }
  const session = await lookup.session;
  if (!session) return null;
  const loader = LOADERS[id as Exclude<SectionId, "crm">];
  return { session, payload: { id, data: await loader(context, session, url) } as SectionPayload };
}
