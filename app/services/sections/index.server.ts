import type { AppLoadContext } from "@remix-run/cloudflare";

import type { ValidSession } from "~/services/session.server";

import * as buyerBreeze from "./buyer-breeze.server";
import * as chat from "./chat.server";
import * as crm from "./crm.server";
import * as dashboard from "./dashboard.server";
import * as documents from "./documents.server";
import * as messages from "./messages.server";
import * as pipeline from "./pipeline.server";
import type { SectionId } from "./types";

const empty = async () => ({});

const LOADERS = {
  chat: chat.load,
  crm: crm.load,
  pipeline: pipeline.load,
  messages: messages.load,
  documents: documents.load,
  dashboard: dashboard.load,
  "buyer-breeze": buyerBreeze.load,
  "lock-it-up": empty,
  "deal-talk": empty,
};

export type SectionPayload = { [K in SectionId]: { id: K; data: Awaited<ReturnType<(typeof LOADERS)[K]>> } }[SectionId];

/** Loads only the section on screen. */
export async function loadSection(id: SectionId, context: AppLoadContext, session: ValidSession, url: URL): Promise<SectionPayload> {
  return { id, data: await LOADERS[id](context, session, url) } as SectionPayload;
}
