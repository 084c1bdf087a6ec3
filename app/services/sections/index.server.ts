import type { AppLoadContext } from "@remix-run/cloudflare";

import type { SectionId } from "#app/domain/shell/sections.ts";
import { readBesideSession, type SessionLookup, type ValidSession } from "#app/services/accounts/session.server.ts";

import * as buyerBreeze from "./buyer-breeze.server.ts";
import * as chat from "./chat.server.ts";
import * as crm from "./crm.server.ts";
import * as dashboard from "./dashboard.server.ts";
import * as documents from "./documents.server.ts";
import * as messages from "./messages.server.ts";
import * as pipeline from "./pipeline.server.ts";
import { after, beside, type SectionLoaderEntry } from "./types.ts";

const empty = async () => ({});

/**
 * Each section's loader, by the domain's section ids: a missing or extra id is a type error. The CRM (the page
 * bench:crm measures) reads beside the session lookup, in its batch; the others read once the session answered.
 */
const LOADERS = {
  chat: after(chat.load),
  crm: beside(crm.load),
  pipeline: after(pipeline.load),
  messages: after(messages.load),
  "buyer-breeze": after(buyerBreeze.load),
  "deal-talk": after(empty),
  "lock-it-up": after(empty),
  documents: after(documents.load),
  dashboard: after(dashboard.load),
} satisfies Record<SectionId, SectionLoaderEntry<unknown>>;

type DataOf<E> = E extends SectionLoaderEntry<infer T> ? T : never;
/** What section `K`'s loader answers. */
export type SectionData<K extends SectionId> = DataOf<(typeof LOADERS)[K]>;
export type SectionPayload = { [K in SectionId]: { id: K; data: SectionData<K> } }[SectionId];

/** The same table, typed by id, so a generic `K` picks its own loader's data type. */
const BY_ID: { [K in SectionId]: SectionLoaderEntry<SectionData<K>> } = LOADERS;

type Loaded<P> = { session: ValidSession; payload: P } | null;

/** Loads only the section on screen, for the session `lookup` names: null when that session is not valid. */
export function loadSection(id: SectionId, context: AppLoadContext, lookup: SessionLookup, url: URL): Promise<Loaded<SectionPayload>>;
export async function loadSection<K extends SectionId>(
  id: K,
  context: AppLoadContext,
  lookup: SessionLookup,
  url: URL,
): Promise<Loaded<{ id: K; data: SectionData<K> }>> {
  const entry = BY_ID[id];
  if (entry.reads === "beside") {
    const loaded = await readBesideSession(lookup, (reads) => entry.load(context, reads, url));
    return loaded && { session: loaded.session, payload: { id, data: loaded.value } };
  }
  const session = await lookup.session;
  if (!session) return null;
  return { session, payload: { id, data: await entry.load(context, session, url) } };
}
