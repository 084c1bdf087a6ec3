import type { AppLoadContext } from "@remix-run/cloudflare";

import type { SessionReads, ValidSession } from "#app/services/accounts/session.server.ts";

/** Each section's server loader: everything it shows, for the signed-in user only. */
export type SectionLoader<T> = (context: AppLoadContext, session: ValidSession, url: URL) => Promise<T>;

/** A section loader whose reads need only the user's id: they join the session lookup's batch (sections.server.ts `sectionReads`). */
export type EarlySectionLoader<T> = (context: AppLoadContext, reads: SessionReads, url: URL) => Promise<T>;

/** When a section reads: beside the session lookup, in its batch, or once the session answered. */
export type SectionLoaderEntry<T> = { reads: "beside"; load: EarlySectionLoader<T> } | { reads: "after"; load: SectionLoader<T> };

export const beside = <T>(load: EarlySectionLoader<T>) => ({ reads: "beside" as const, load });
export const after = <T>(load: SectionLoader<T>) => ({ reads: "after" as const, load });
