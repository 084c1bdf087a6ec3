// Records: documents (upload, list, view, download, delete).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { documents } from "#db/schema.ts";
import { action as documentApi, loader as getDocumentApi } from "#app/routes/api.documents.$id.ts";
import { loader as listDocumentsRoute } from "#app/routes/api.documents.ts";
import { action as uploadApi } from "#app/routes/api.documents.upload.ts";
import { loader as downloadDocument } from "#app/routes/documents.$id.download.ts";
import { loader as viewDocument } from "#app/routes/documents.$id.view.ts";
import { action as generateForm } from "#app/routes/documents.generate.tsx";
import { action as documentForm } from "#app/routes/documents.update.tsx";
import { action as uploadForm } from "#app/routes/documents.upload.tsx";
import { load as loadDocuments } from "#app/services/documents/documents-section.server.ts";

import { formData, toastOf } from "./api-client.ts";
import { aProperty, db, formErrorsOf, signedUp } from "./records-setup.ts";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("documents", () => {
  it("uploads a PDF to R2 under the user's prefix, lists it, views it inline and downloads it as an attachment", async () => {
    const pat = await signedUp();
    const answer = await pat.send(uploadApi, "POST", "/api/documents/upload", {
      form: formData({ file: new Blob([PDF], { type: "application/pdf" }), type: "purchase_agreement" }, "Offer <Lopez>.pdf"),
    });
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as { success: boolean; document: { id: string; name: string; type: string; status: string } };
    expect(body).toMatchObject({ success: true, document: { name: "Offer <Lopez>.pdf", type: "purchase_agreement", status: "draft" } });
    const [row] = await db.select().from(documents).where(eq(documents.id, body.document.id));
    expect(row.filePath).toMatch(new RegExp(`^users/${pat.userId}/documents/[0-9a-f-]{36}\\.pdf$`));
    expect(new Uint8Array(await (await env.FILES.get(row.filePath ?? ""))!.arrayBuffer())).toEqual(PDF);

    const list = (await (await pat.send(listDocumentsRoute, "GET", "/api/documents")).json()) as { id: string }[];
    expect(list.map((d) => d.id)).toEqual([body.document.id]);

    const view = await pat.send(viewDocument, "GET", "/x", { params: { id: body.document.id } });
    expect(view.status).toBe(200);
    expect(view.headers.get("Content-Type")).toBe("application/pdf");
    expect(view.headers.get("Content-Disposition")).toMatch(/^inline; filename="Offer <Lopez>.pdf"/);
    expect(view.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await view.arrayBuffer())).toEqual(PDF);
    const download = await pat.send(downloadDocument, "GET", "/x", { params: { id: body.document.id } });
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment;/);

    const sam = await signedUp();
    expect((await sam.send(viewDocument, "GET", "/x", { params: { id: body.document.id } })).status).toBe(404);
    expect((await sam.send(downloadDocument, "GET", "/x", { params: { id: body.document.id } })).status).toBe(404);
    expect(await (await sam.send(listDocumentsRoute, "GET", "/api/documents")).json()).toEqual([]);
  });

  it("reads, updates and deletes a document through /api/documents/{id}, its file with it; another user gets 404", async () => {
    const pat = await signedUp();
    const uploaded = (await (
      await pat.send(uploadApi, "POST", "/x", { form: formData({ file: new Blob([PDF], { type: "application/pdf" }) }, "offer.pdf") })
    ).json()) as { document: { id: string } };
    const id = uploaded.document.id;
    const [{ filePath }] = await db.select({ filePath: documents.filePath }).from(documents).where(eq(documents.id, id));

    const read = await pat.send(getDocumentApi, "GET", "/x", { params: { id } });
    expect(await read.json()).toMatchObject({ id, name: "offer.pdf", status: "draft", type: "template" });
    const patched = await pat.send(documentApi, "PATCH", "/x", {
      params: { id },
      json: { status: "signed", name: " Signed offer.pdf ", type: "purchase_agreement" },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      success: true,
      document: { status: "signed", name: "Signed offer.pdf", type: "purchase_agreement" },
    });

    const invalid = await pat.send(documentApi, "PATCH", "/x", { params: { id }, json: { status: "archived", name: "" } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { errors: unknown }).errors).toEqual({
      status: ["Status must be draft, pending, signed or completed"],
      name: ["Name is required"],
    });
    expect((await (await pat.send(documentApi, "PATCH", "/x", { params: { id }, json: {} })).json()) as object).toMatchObject({
      errors: { form: ["Nothing to update"] },
    });
    expect((await pat.send(documentApi, "POST", "/x", { params: { id }, json: {} })).status).toBe(405);

    const sam = await signedUp();
    expect((await sam.send(getDocumentApi, "GET", "/x", { params: { id } })).status).toBe(404);
    expect((await sam.send(documentApi, "PATCH", "/x", { params: { id }, json: { status: "completed" } })).status).toBe(404);
    expect((await sam.send(documentApi, "DELETE", "/x", { params: { id } })).status).toBe(404);
    expect((await db.select().from(documents).where(eq(documents.id, id)))[0]).toMatchObject({ status: "signed" });
    expect(await env.FILES.head(filePath ?? "")).not.toBeNull();

    const deleted = await pat.send(documentApi, "DELETE", "/x", { params: { id } });
    expect(await deleted.json()).toEqual({ success: true, message: "The document has been deleted." });
    expect(await db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
    expect(await env.FILES.head(filePath ?? "")).toBeNull();
    expect((await pat.send(documentApi, "DELETE", "/x", { params: { id } })).status).toBe(404);
  });

  it("changes a status and deletes through the card's forms, back to the category with a toast", async () => {
    const pat = await signedUp();
    const uploaded = (await (
      await pat.send(uploadApi, "POST", "/x", { form: formData({ file: new Blob(["Terms"]), type: "letter_of_intent" }, "loi.txt") })
    ).json()) as { document: { id: string } };
    const id = uploaded.document.id;

    const page = await loadDocuments(pat.context, await pat.session(), new URL(`http://x/?section=documents&delete=${id}`));
    expect(page.confirmDeleteId).toBe(id);

    const status = await pat.send(documentForm, "POST", "/documents/update", {
      form: formData({ intent: "status", id, status: "pending", returnType: "letter_of_intent" }),
    });
    expect(status.headers.get("Location")).toBe("/?section=documents&type=letter_of_intent");
    expect(toastOf(status)).toEqual({ title: "Status Updated", description: "loi.txt is now Pending.", variant: "success" });
    const bogus = await pat.send(documentForm, "POST", "/documents/update", { form: formData({ intent: "status", id, status: "lost" }) });
    expect(toastOf(bogus)).toMatchObject({ title: "Error", description: "Status must be draft, pending, signed or completed" });

    const sam = await signedUp();
    const foreign = await sam.send(documentForm, "POST", "/documents/update", { form: formData({ intent: "delete", id }) });
    expect(foreign.headers.get("Location")).toBe("/?section=documents");
    expect(toastOf(foreign)).toEqual({ title: "Error", description: "Document not found", variant: "error" });
    expect((await db.select().from(documents).where(eq(documents.id, id)))[0]).toMatchObject({ status: "pending" });

    const removed = await pat.send(documentForm, "POST", "/documents/update", { form: formData({ intent: "delete", id }) });
    expect(toastOf(removed)).toEqual({ title: "Document Deleted", description: "The document has been deleted.", variant: "success" });
    expect(await db.select().from(documents).where(eq(documents.userId, pat.userId))).toEqual([]);
  });

  it("serves text files as attachments even when viewed", async () => {
    const pat = await signedUp();
    const answer = await pat.send(uploadApi, "POST", "/x", { form: formData({ file: new Blob(["Letter of intent — café"]) }, "loi.txt") });
    expect(answer.status).toBe(201);
    const { document } = (await answer.json()) as { document: { id: string; type: string } };
    expect(document.type).toBe("template");
    const view = await pat.send(viewDocument, "GET", "/x", { params: { id: document.id } });
    expect(view.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(view.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  });

  it.each([
    ["evil.html", new Uint8Array([0x3c, 0x68]), 400, "Only PDF, DOC, DOCX and TXT files are allowed"],
    ["fake.pdf", new TextEncoder().encode("<html>not a pdf</html>"), 400, "The file's content does not match its type"],
    ["fake.docx", PDF, 400, "The file's content does not match its type"],
    ["fake.doc", new Uint8Array([0x50, 0x4b, 0x03, 0x04]), 400, "The file's content does not match its type"],
    ["binary.txt", new Uint8Array([0xff, 0xfe, 0x00, 0x41]), 400, "The file's content does not match its type"],
    ["empty.pdf", new Uint8Array(), 400, "The file is empty"],
  ])("refuses %s and writes nothing", async (name, bytes, status, message) => {
    const pat = await signedUp();
    const answer = await pat.send(uploadApi, "POST", "/x", { form: formData({ file: new Blob([bytes]) }, name) });
    expect(answer.status).toBe(status);
    expect(await answer.json()).toEqual({ success: false, message });
    expect(await db.select().from(documents).where(eq(documents.userId, pat.userId))).toHaveLength(0);
    expect((await env.FILES.list({ prefix: `users/${pat.userId}/` })).objects).toHaveLength(0);
  });

  it("accepts real .doc and .docx signatures, refuses a missing file and files over 10 MB with 413", async () => {
    const pat = await signedUp();
    const doc = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const docx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
    expect((await pat.send(uploadApi, "POST", "/x", { form: formData({ file: new Blob([doc]) }, "old.doc") })).status).toBe(201);
    expect((await pat.send(uploadApi, "POST", "/x", { form: formData({ file: new Blob([docx]) }, "new.DOCX") })).status).toBe(201);
    const missing = await pat.send(uploadApi, "POST", "/x", { form: formData({ other: "x" }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ success: false, message: "Please choose a file to upload" });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooLarge = await pat.send(uploadApi, "POST", "/x", { form: formData({ file: new Blob([big]) }, "big.pdf") });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ success: false, message: "The file is larger than 10 MB" });
    expect(await db.select().from(documents).where(eq(documents.userId, pat.userId))).toHaveLength(2);
  });

  it("uploads through the form action with the spec's toasts", async () => {
    const pat = await signedUp();
    const ok = await pat.send(uploadForm, "POST", "/documents/upload?type=closing_statement", {
      form: formData({ file: new Blob([PDF]), type: "closing_statement" }, "hud.pdf"),
    });
    expect(ok.headers.get("Location")).toBe("/?section=documents&type=closing_statement");
    expect(toastOf(ok)).toEqual({
      title: "Document Uploaded",
      description: "Your document has been successfully uploaded.",
      variant: "success",
    });
    const bad = await pat.send(uploadForm, "POST", "/documents/upload", { form: formData({ file: new Blob(["x"]) }, "x.exe") });
    expect(toastOf(bad)).toEqual({
      title: "Upload Failed",
      description: "Only PDF, DOC, DOCX and TXT files are allowed",
      variant: "error",
    });
    const section = await loadDocuments(pat.context, await pat.session(), new URL("http://x/?section=documents&type=closing_statement"));
    expect(section.documents.map((d) => d.name)).toEqual(["hud.pdf"]);
    const other = await loadDocuments(pat.context, await pat.session(), new URL("http://x/?section=documents&type=template"));
    expect(other.documents).toEqual([]);
  });

  it("generates a purchase agreement PDF from the user's property and refuses a foreign property", async () => {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    const generated = await pat.send(generateForm, "POST", "/documents/generate", {
      form: formData({ propertyId: property.id, kind: "purchase_agreement" }),
    });
    expect(generated.headers.get("Location")).toBe("/?section=documents&type=purchase_agreement");
    const [row] = await db.select().from(documents).where(eq(documents.userId, pat.userId));
    expect(row).toMatchObject({
      type: "purchase_agreement",
      status: "draft",
      name: "Purchase-Agreement-4821-N-35th-Ave.pdf",
      propertyId: property.id,
      contentType: "application/pdf",
    });
    expect(row.content).toContain("Quinn Home Buyers LLC");
    expect(row.content).toContain("$182,000");
    const file = new Uint8Array(await (await env.FILES.get(row.filePath ?? ""))!.arrayBuffer());
    expect(new TextDecoder().decode(file.slice(0, 5))).toBe("%PDF-");

    const sam = await signedUp();
    const refused = await sam.send(generateForm, "POST", "/documents/generate", {
      form: formData({ propertyId: property.id, kind: "assignment_contract" }),
    });
    expect(refused.status).toBe(404);
    expect((await formErrorsOf(refused)).errors).toEqual({ propertyId: ["Property not found"] });
    const invalid = await sam.send(generateForm, "POST", "/documents/generate", { form: formData({ propertyId: "", kind: "lease" }) });
    expect(invalid.status).toBe(400);
    expect((await formErrorsOf(invalid)).errors).toEqual({ propertyId: ["Choose a property"], kind: ["Choose a contract type"] });
    expect(await db.select().from(documents).where(eq(documents.userId, sam.userId))).toHaveLength(0);
  });
});
