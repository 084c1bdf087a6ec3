/** Serving a stored document from R2, only through the authorised view and download routes. */
import type { ServiceContext } from "#app/services/context.server.ts";

import { findDocument } from "./records.server.ts";

/**
 * A document's file for the authorised view and download routes: null for a foreign or unknown id or a missing
 * file. PDFs may be shown inline when viewed; everything else is always an attachment, never sniffed.
 */
export async function documentFileResponse(
  context: ServiceContext<"db" | "files">,
  userId: string,
  id: string,
  mode: "view" | "download",
): Promise<Response | null> {
  const row = await findDocument(context, userId, id);
  if (!row?.filePath) return null;
  const object = await context.files.get(row.filePath);
  if (!object) return null;
  const contentType = row.contentType ?? "application/octet-stream";
  const inline = mode === "view" && contentType === "application/pdf";
  const ascii = row.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (object.size) headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
