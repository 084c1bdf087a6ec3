import { listPropertyOptions } from "#app/services/documents/contracts.server.ts";
import { isDocumentType, listDocuments } from "#app/services/documents/records.server.ts";
import type { SectionLoader } from "#app/services/shell/section-loaders.ts";

export const load = (async (context, session, url) => {
  const requested = url.searchParams.get("type");
  const type = isDocumentType(requested) ? requested : null;
  const [documents, properties] = await Promise.all([
    listDocuments(context, session.workspaceId, type),
    url.searchParams.get("generate") === "1" ? listPropertyOptions(context, session.workspaceId) : Promise.resolve(null),
  ]);
  // Without JavaScript, Delete asks for the confirmation on the page: `delete=<id>` of one of the listed documents.
  const deleting = url.searchParams.get("delete");
  return {
    type: type ?? "all",
    documents,
    confirmDeleteId: documents.some((document) => document.id === deleting) ? deleting : null,
    generating: properties !== null,
    properties: properties ?? [],
    now: context.now().toISOString(),
  };
}) satisfies SectionLoader<unknown>;
