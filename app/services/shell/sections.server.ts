import type { AppLoadContext } from "@remix-run/cloudflare";

import { sectionOf, type SectionId } from "#app/domain/shell/sections.ts";
import { authorize, getSession, readDeclared } from "#app/services/accounts/auth.server.ts";
import { declareSessionReads, type SessionReads, type SessionReadsArgs, type ValidSession } from "#app/services/accounts/session.server.ts";
import * as chat from "#app/services/chat/chat-section.server.ts";
import * as dashboard from "#app/services/dashboard/dashboard-section.server.ts";
import * as pipeline from "#app/services/deals/pipeline-section.server.ts";
import * as documents from "#app/services/documents/documents-section.server.ts";
import * as buyerBreeze from "#app/services/leads/buyer-breeze-section.server.ts";
import * as crm from "#app/services/leads/crm-section.server.ts";
import * as messages from "#app/services/messages/messages-section.server.ts";

import { after, beside, type SectionLoaderEntry } from "./section-loaders.ts";

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

/**
 * What the page's section reads beside the session lookup (the CRM), or null for a section that reads once the
 * session answered. `_index`'s loader carries it (`withSessionReads`): the Worker entry starts it with the lookup.
 */
export const sectionReads = declareSessionReads(({ request, context }, reads): Promise<SectionPayload | null> => {
  const url = new URL(request.url);
  return besidePayload(sectionOf(url.searchParams.get("section")), context, reads, url);
});

function besidePayload(id: SectionId, context: AppLoadContext, reads: SessionReads, url: URL): Promise<SectionPayload | null>;
async function besidePayload<K extends SectionId>(
  id: K,
  context: AppLoadContext,
  reads: SessionReads,
  url: URL,
): Promise<{ id: K; data: SectionData<K> } | null> {
  const entry = BY_ID[id];
  return entry.reads === "beside" ? { id, data: await entry.load(context, reads, url) } : null;
}

/** Loads only the section on screen (`id`, from the request's URL): null without a valid session. */
export function loadSection(id: SectionId, args: SessionReadsArgs, url: URL): Promise<Loaded<SectionPayload>>;
export async function loadSection<K extends SectionId>(
  id: K,
  args: SessionReadsArgs,
  url: URL,
): Promise<Loaded<{ id: K; data: SectionData<K> }>> {
  const entry = BY_ID[id];
  if (entry.reads === "after") {
    const session = await getSession(args.request, args.context);
    if (session) authorize(args.request, session);
    return session && { session, payload: { id, data: await entry.load(args.context, session, url) } };
  }
  const loaded = await readDeclared(args, sectionReads);
  if (!loaded) return null;
  // The declaration read the same request's section, so its payload is this `K`'s.
  if (loaded.value?.id !== id) throw new Error(`Section ${id}: its reads beside the session answered another section`);
  return { session: loaded.session, payload: loaded.value as { id: K; data: SectionData<K> } };
}
