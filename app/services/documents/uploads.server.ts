/**
 * Uploads: checked by extension and by content (magic bytes), capped at 10 MB, stored under the owner's prefix with
 * a key the app generates; nothing is written when a check fails.
 */
import { documents } from "#db/schema.ts";
import { documentKey } from "#app/domain/documents/file-keys.ts";
import { strippedName } from "#app/domain/shared/text.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { MULTIPART_ENVELOPE_BYTES, readFormData } from "#app/services/http/api.server.ts";

import { isDocumentType, toDocumentView, type DocumentView } from "./records.server.ts";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const FILE_TYPES = {
  pdf: { contentType: "application/pdf", magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  doc: { contentType: "application/msword", magic: [0xd0, 0xcf, 0x11, 0xe0] },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", magic: [0x50, 0x4b, 0x03, 0x04] },
  txt: { contentType: "text/plain; charset=utf-8", magic: null },
} as const;
type Extension = keyof typeof FILE_TYPES;

export const UPLOAD_MESSAGES = {
  missing: "Please choose a file to upload",
  type: "Only PDF, DOC, DOCX and TXT files are allowed",
  content: "The file's content does not match its type",
  empty: "The file is empty",
  tooLarge: "The file is larger than 10 MB",
} as const;

function extensionOf(name: string): Extension | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  const ext = match?.[1].toLowerCase();
  // TypeScript's `in` narrows the object, not the key; the key was just found in FILE_TYPES.
  return ext && ext in FILE_TYPES ? (ext as Extension) : null;
}

/** True when the bytes are what the extension claims: the format's magic bytes, or valid UTF-8 text without NULs. */
export function contentMatches(ext: Extension, bytes: Uint8Array): boolean {
  const magic = FILE_TYPES[ext].magic;
  if (magic) return magic.every((byte, index) => bytes[index] === byte);
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A display name from the uploaded file's name: no path, no control characters, at most 200 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "document";
  const printable = strippedName(base);
  return printable.trim().slice(0, 200) || "document";
}

export type UploadOutcome = { ok: true; document: DocumentView } | { ok: false; status: 400 | 413; message: string };

/** Checks and stores an uploaded file; nothing is written when a check fails. */
export async function uploadDocument(
  context: ServiceContext<"db" | "files" | "now">,
  userId: string,
  file: unknown,
  options: { type?: unknown },
): Promise<UploadOutcome> {
  if (!(file instanceof File) || !file.name) return { ok: false, status: 400, message: UPLOAD_MESSAGES.missing };
  const ext = extensionOf(file.name);
  if (!ext) return { ok: false, status: 400, message: UPLOAD_MESSAGES.type };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge };
  if (file.size === 0) return { ok: false, status: 400, message: UPLOAD_MESSAGES.empty };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatches(ext, bytes)) return { ok: false, status: 400, message: UPLOAD_MESSAGES.content };
  const type = isDocumentType(options.type) ? options.type : "template";
  const now = context.now();
  const id = crypto.randomUUID();
  const key = documentKey(userId, ext);
  const contentType = FILE_TYPES[ext].contentType;
  await context.files.put(key, bytes, { httpMetadata: { contentType } });
  const [row] = await context.db
    .insert(documents)
    .values({
      id,
      userId,
      name: cleanName(file.name),
      type,
      status: "draft",
      filePath: key,
      contentType,
      sizeBytes: bytes.byteLength,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { ok: true, document: toDocumentView(row) };
}

/**
 * Reads a multipart upload (field `file`, optional `type`) and stores it. The body is counted while it streams and
 * cut past the cap (413), with or without a Content-Length, so a chunked or lying upload is never buffered whole.
 */
export async function readUpload(
  request: Request,
  context: ServiceContext<"db" | "files" | "now">,
  userId: string,
): Promise<UploadOutcome> {
  let form: FormData;
  try {
    form = await readFormData(request, MAX_UPLOAD_BYTES + MULTIPART_ENVELOPE_BYTES);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 413) return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge };
    return { ok: false, status: 400, message: UPLOAD_MESSAGES.missing };
  }
  return uploadDocument(context, userId, form.get("file"), { type: form.get("type") });
}
