/**
 * Documents (the spec's "Document Storage"): the rows in D1, scoped to the user. Files live in R2 under the
 * owner's prefix (uploads.server.ts stores them, files.server.ts serves them, contracts.server.ts generates them).
 */
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";

import { DOCUMENT_STATUSES, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from "#db/enums.ts";
import { documents, letterMailings, properties } from "#db/schema.ts";
import { DOCUMENT_STAGE_LABELS, documentStage, type DocumentStage } from "#app/domain/documents/document-status.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export function isDocumentType(value: unknown): value is DocumentType {
  return isOneOf(DOCUMENT_TYPES, value);
}

export type DocumentView = {
  id: string;
  name: string;
  type: DocumentType;
  typeLabel: string;
  status: string;
  /** Where it is: draft, mailed (a letter of intent sent), signed… (document-status.ts), and its label. */
  stage: DocumentStage;
  stageLabel: string;
  propertyId: string | null;
  /** Its lead's status (shown with the CRM filter it is found under), when it has a lead. */
  leadStatus: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  hasFile: boolean;
  createdAt: string;
  updatedAt: string;
};

export function toDocumentView(
  row: typeof documents.$inferSelect,
  /** What the list reads beside the row: whether a letter of it was mailed, and its lead's status. */
  extra: { mailed?: boolean; leadStatus?: string | null } = {},
): DocumentView {
  const stage = documentStage({ type: row.type, status: row.status, mailed: extra.mailed ?? false });
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    typeLabel: DOCUMENT_TYPE_LABELS[row.type],
    status: row.status,
    stage,
    stageLabel: DOCUMENT_STAGE_LABELS[stage],
    propertyId: row.propertyId,
    leadStatus: extra.leadStatus ?? null,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    hasFile: Boolean(row.filePath),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 1 when a letter of the document was mailed (its mailing confirmed). */
const mailedLetter = sql<number>`exists (select 1 from ${letterMailings} where ${letterMailings.documentId} = ${documents.id} and ${letterMailings.userId} = ${documents.userId} and ${letterMailings.status} = 'mailed')`;

/** The user's documents, most recently updated first, optionally of one type. */
export async function listDocuments(context: ServiceContext<"db">, userId: string, type?: DocumentType | null): Promise<DocumentView[]> {
  const { db } = context;
  const rows = await db
    .select({ ...getTableColumns(documents), mailed: mailedLetter, leadStatus: properties.status })
    .from(documents)
    .leftJoin(properties, and(eq(properties.id, documents.propertyId), eq(properties.userId, userId)))
    .where(type ? and(eq(documents.userId, userId), eq(documents.type, type)) : eq(documents.userId, userId))
    .orderBy(desc(documents.updatedAt));
  return rows.map(({ mailed, leadStatus, ...row }) => toDocumentView(row, { mailed: Boolean(mailed), leadStatus }));
}

export async function findDocument(context: ServiceContext<"db">, userId: string, id: string) {
  const { db } = context;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .limit(1);
  return row ?? null;
}

export const DOCUMENT_NOT_FOUND = "Document not found";
export const DOCUMENT_DELETED = "The document has been deleted.";

export const DocumentPatchSchema = z
  .object({
    status: z.enum(DOCUMENT_STATUSES, { error: "Status must be draft, pending, signed or completed" }).optional(),
    name: z
      .string({ error: "Name must be text" })
      .trim()
      .min(1, "Name is required")
      .max(200, "Name must be at most 200 characters")
      .optional(),
    type: z.enum(DOCUMENT_TYPES, { error: "Type must be one of the document categories" }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: "Nothing to update", path: ["form"] });
export type DocumentPatch = z.infer<typeof DocumentPatchSchema>;

/** One of the user's documents, or null. */
export async function getDocument(context: ServiceContext<"db">, userId: string, id: string): Promise<DocumentView | null> {
  const row = await findDocument(context, userId, id);
  return row ? toDocumentView(row) : null;
}

/** Renames, recategorises or moves a document along draft → pending → signed → completed; null when not the user's. */
export async function updateDocument(
  context: ServiceContext<"db" | "now">,
  userId: string,
  id: string,
  patch: DocumentPatch,
): Promise<DocumentView | null> {
  const { db } = context;
  const now = context.now();
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const [row] = await db
    .update(documents)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning();
  return row ? toDocumentView(row) : null;
}

/**
 * Deletes one of the user's documents and its file. The row goes first: a failure between the two leaves an
 * unreachable file under the user's prefix, never a card whose file is gone. False when not the user's.
 */
export async function deleteDocument(context: ServiceContext<"db" | "files">, userId: string, id: string): Promise<boolean> {
  const [row] = await context.db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ filePath: documents.filePath });
  if (!row) return false;
  if (row.filePath) await context.files.delete(row.filePath);
  return true;
}
