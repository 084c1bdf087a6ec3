/**
 * Documents (spec 01 §2 "Document Storage", §7): rows in D1, files in R2 under the owner's prefix with keys the app
 * generates. Uploads are checked by extension and by content (magic bytes), capped at 10 MB.
 */
import { and, desc, eq } from "drizzle-orm";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { z } from "zod";
import type { Db } from "@db/client";
import { DOCUMENT_STATUSES, DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from "@db/enums";
import { companyProfiles, documents, properties, users } from "@db/schema";
import { contractText, type ContractKind } from "../domain/contract-text";
import { documentKey } from "../domain/file-keys";
import { readFormData } from "./api.server";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === "string" && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

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
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200) || "document";
}

export type DocumentView = {
  id: string;
  name: string;
  type: DocumentType;
  typeLabel: string;
  status: string;
  propertyId: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  hasFile: boolean;
  createdAt: string;
  updatedAt: string;
};

function view(row: typeof documents.$inferSelect): DocumentView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    typeLabel: DOCUMENT_TYPE_LABELS[row.type],
    status: row.status,
    propertyId: row.propertyId,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    hasFile: Boolean(row.filePath),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's documents, most recently updated first, optionally of one type. */
export async function listDocuments(db: Db, userId: string, type?: DocumentType | null): Promise<DocumentView[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(type ? and(eq(documents.userId, userId), eq(documents.type, type)) : eq(documents.userId, userId))
    .orderBy(desc(documents.updatedAt));
  return rows.map(view);
}

async function findDocument(db: Db, userId: string, id: string) {
  const [row] = await db.select().from(documents).where(and(eq(documents.id, id), eq(documents.userId, userId))).limit(1);
  return row ?? null;
}

type FileCtx = { db: Db; files: R2Bucket };

export type UploadOutcome = { ok: true; document: DocumentView } | { ok: false; status: 400 | 413; message: string };

/** Checks and stores an uploaded file; nothing is written when a check fails. */
export async function uploadDocument(ctx: FileCtx, userId: string, file: unknown, options: { type?: unknown; now: Date }): Promise<UploadOutcome> {
  if (!(file instanceof File) || !file.name) return { ok: false, status: 400, message: UPLOAD_MESSAGES.missing };
  const ext = extensionOf(file.name);
  if (!ext) return { ok: false, status: 400, message: UPLOAD_MESSAGES.type };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge };
  if (file.size === 0) return { ok: false, status: 400, message: UPLOAD_MESSAGES.empty };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatches(ext, bytes)) return { ok: false, status: 400, message: UPLOAD_MESSAGES.content };
  const type = isDocumentType(options.type) ? options.type : "template";
  const now = options.now;
  const id = crypto.randomUUID();
  const key = documentKey(userId, ext);
  const contentType = FILE_TYPES[ext].contentType;
  await ctx.files.put(key, bytes, { httpMetadata: { contentType } });
  const [row] = await ctx.db
    .insert(documents)
    .values({ id, userId, name: cleanName(file.name), type, status: "draft", filePath: key, contentType, sizeBytes: bytes.byteLength, createdAt: now, updatedAt: now })
    .returning();
  return { ok: true, document: view(row) };
}

/**
 * A document's file for the authorised view and download routes: null for a foreign or unknown id or a missing
 * file. PDFs may be shown inline when viewed; everything else is always an attachment, never sniffed.
 */
export async function documentFileResponse(ctx: FileCtx, userId: string, id: string, mode: "view" | "download"): Promise<Response | null> {
  const row = await findDocument(ctx.db, userId, id);
  if (!row?.filePath) return null;
  const object = await ctx.files.get(row.filePath);
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

// --- Managing documents ---------------------------------------------------------------------------------------

export const DOCUMENT_NOT_FOUND = "Document not found";
export const DOCUMENT_DELETED = "The document has been deleted.";

export const DocumentPatchSchema = z
  .object({
    status: z.enum(DOCUMENT_STATUSES, { error: "Status must be draft, pending, signed or completed" }).optional(),
    name: z.string({ error: "Name must be text" }).trim().min(1, "Name is required").max(200, "Name must be at most 200 characters").optional(),
    type: z.enum(DOCUMENT_TYPES, { error: "Type must be one of the document categories" }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), { message: "Nothing to update", path: ["form"] });
export type DocumentPatch = z.infer<typeof DocumentPatchSchema>;

/** One of the user's documents, or null. */
export async function getDocument(db: Db, userId: string, id: string): Promise<DocumentView | null> {
  const row = await findDocument(db, userId, id);
  return row ? view(row) : null;
}

/** Renames, recategorises or moves a document along draft → pending → signed → completed; null when not the user's. */
export async function updateDocument(db: Db, userId: string, id: string, patch: DocumentPatch, now: Date): Promise<DocumentView | null> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const [row] = await db
    .update(documents)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning();
  return row ? view(row) : null;
}

/**
 * Deletes one of the user's documents and its file. The row goes first: a failure between the two leaves an
 * unreachable file under the user's prefix, never a card whose file is gone. False when not the user's.
 */
export async function deleteDocument(ctx: FileCtx, userId: string, id: string): Promise<boolean> {
  const [row] = await ctx.db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ filePath: documents.filePath });
  if (!row) return false;
  if (row.filePath) await ctx.files.delete(row.filePath);
  return true;
}

// --- Generate Contract ---------------------------------------------------------------------------------------

/** The user's properties, for the contract form's select. */
export async function listPropertyOptions(db: Db, userId: string) {
  return db
    .select({ id: properties.id, address: properties.address, city: properties.city, state: properties.state })
    .from(properties)
    .where(eq(properties.userId, userId))
    .orderBy(desc(properties.createdAt))
    .limit(500);
}

/** Helvetica in pdf-lib speaks WinAnsi only: keep printable Latin-1 and replace the rest. */
const winAnsi = (text: string) => text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, "-").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

export async function renderContractPdf(text: ReturnType<typeof contractText>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(text.title);
  pdf.setProducer("Breeze");
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 60;
  let page = pdf.addPage([612, 792]);
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;

  const write = (raw: string, font = regular, size = 11, gap = 6) => {
    const words = winAnsi(raw).split(/\s+/);
    let line = "";
    const lines: string[] = [];
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const item of lines) {
      if (y < margin + size) {
        page = pdf.addPage([612, 792]);
        y = page.getHeight() - margin;
      }
      page.drawText(item, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
      y -= size + 4;
    }
    y -= gap;
  };

  write(text.title.toUpperCase(), bold, 18, 14);
  for (const paragraph of text.parties) write(paragraph);
  y -= 6;
  for (const section of text.sections) {
    write(section.heading, bold, 12, 2);
    write(section.body);
  }
  y -= 18;
  for (const signature of text.signatures) write(signature, regular, 10, 18);
  return pdf.save();
}

export type GenerateOutcome = { ok: true; document: DocumentView } | { ok: false; status: 400 | 404; message: string };

/** Renders the chosen contract for one of the user's properties and stores it as a draft document. */
export async function generateContract(ctx: FileCtx, userId: string, input: { propertyId: string; kind: ContractKind }, now: Date): Promise<GenerateOutcome> {
  const [property] = await ctx.db
    .select()
    .from(properties)
    .where(and(eq(properties.id, input.propertyId), eq(properties.userId, userId)))
    .limit(1);
  if (!property) return { ok: false, status: 404, message: "Property not found" };
  const [owner] = await ctx.db
    .select({ email: users.email, fullName: users.fullName, firstName: users.firstName, lastName: users.lastName, company: companyProfiles })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const company = owner?.company;
  const signerName = owner?.fullName || [owner?.firstName, owner?.lastName].filter(Boolean).join(" ") || owner?.email || "";
  const companyAddress = company
    ? [company.addressStreet1, company.addressStreet2, [company.addressCity, company.addressState].filter(Boolean).join(", "), company.addressPostalCode].filter(Boolean).join(", ") || null
    : null;
  const text = contractText({
    kind: input.kind,
    date: now,
    property: {
      address: property.address,
      city: property.city,
      state: property.state,
      zipCode: property.zipCode,
      ownerName: property.ownerName,
      price: property.maxOffer ?? property.price ?? null,
      apn: property.apn,
    },
    company: {
      companyName: company?.companyName || signerName,
      title: company?.title ?? null,
      signerName,
      email: company?.offerContactEmail ?? owner?.email ?? null,
      phone: company?.offerContactPhoneE164 ?? null,
      address: companyAddress,
    },
  });
  const bytes = await renderContractPdf(text);
  const key = documentKey(userId, "pdf");
  await ctx.files.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  const [row] = await ctx.db
    .insert(documents)
    .values({
      userId,
      propertyId: property.id,
      name: text.fileName,
      type: input.kind,
      status: "draft",
      content: [text.title, ...text.parties, ...text.sections.map((s) => `${s.heading}\n${s.body}`), ...text.signatures].join("\n\n"),
      filePath: key,
      contentType: "application/pdf",
      sizeBytes: bytes.byteLength,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { ok: true, document: view(row) };
}

/** The multipart envelope (boundaries, part headers, the `type` field) around a file at the cap. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/**
 * Reads a multipart upload (field `file`, optional `type`) and stores it. The body is counted while it streams and
 * cut past the cap (413), with or without a Content-Length, so a chunked or lying upload is never buffered whole.
 */
export async function readUpload(request: Request, ctx: FileCtx & { now: () => Date }, userId: string): Promise<UploadOutcome> {
  let form: FormData;
  try {
    form = await readFormData(request, MAX_UPLOAD_BYTES + MULTIPART_ENVELOPE_BYTES);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 413) return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge };
    return { ok: false, status: 400, message: UPLOAD_MESSAGES.missing };
  }
  return uploadDocument(ctx, userId, form.get("file"), { type: form.get("type"), now: ctx.now() });
}
