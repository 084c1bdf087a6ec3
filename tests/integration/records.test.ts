import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { buyerLeads, contacts, conversations, documents, messages, properties } from "#db/schema.ts";
import { seedDemoRecords } from "#db/seed/demo/records.ts";
import { loader as buyerLeadLoader, action as deleteBuyerLeadRoute } from "#app/routes/api.buyer-leads.$id.ts";
import { action as createBuyerLeadRoute, loader as listBuyerLeadsRoute } from "#app/routes/api.buyer-leads.ts";
import { loader as getMessages, action as postMessage } from "#app/routes/api.conversations.$id.messages.ts";
import { action as createConversationRoute, loader as listConversationsRoute } from "#app/routes/api.conversations.ts";
import { action as documentApi, loader as getDocumentApi } from "#app/routes/api.documents.$id.ts";
import { loader as listDocumentsRoute } from "#app/routes/api.documents.ts";
import { action as uploadApi } from "#app/routes/api.documents.upload.ts";
import { action as removeBuyerForm } from "#app/routes/buyer-breeze.remove.tsx";
import { loader as buyerBreezePage } from "#app/routes/buyer-breeze.tsx";
import { loader as downloadDocument } from "#app/routes/documents.$id.download.ts";
import { loader as viewDocument } from "#app/routes/documents.$id.view.ts";
import { action as generateForm } from "#app/routes/documents.generate.tsx";
import { action as documentForm } from "#app/routes/documents.update.tsx";
import { action as uploadForm } from "#app/routes/documents.upload.tsx";
import { action as assist } from "#app/routes/messages.assist.ts";
import { action as sendForm } from "#app/routes/messages.send.tsx";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { addMessage, createConversation } from "#app/services/messages/conversation-writes.server.ts";
import { getConversation, listConversations, replyContext } from "#app/services/messages/conversations.server.ts";
import { load as loadBuyerBreeze } from "#app/services/sections/buyer-breeze.server.ts";
import { load as loadDocuments } from "#app/services/sections/documents.server.ts";
import { load as loadMessages } from "#app/services/sections/messages.server.ts";

import { ApiClient, formData, registerClient, toastOf } from "./api-client.ts";

const db = createDb(env.DB);

/** A registered user with a cookie jar; `send` is the ApiClient's (params and any body: JSON, form, multipart). */
async function signedUp() {
  const { client, userId } = await registerClient("rec", { title: "Owner", address_city: "Phoenix", address_state: "AZ" });
  async function session() {
    const found = await getSession(client.request("GET", "/"), client.context);
    if (!found) throw new Error("no session");
    return found;
  }
  return { client, userId, context: client.context, send: client.send.bind(client), session };
}

/** A form action's 400/404 answer: conform's reply with the errors keyed by field ("" for the form). */
async function formErrorsOf(response: Response) {
  const body = (await response.json()) as { intent?: string; conversationId?: string | null; result: { error?: Record<string, string[]> } };
  return { ...(body.intent ? { intent: body.intent, conversationId: body.conversationId } : {}), errors: body.result.error ?? {} };
}

async function aProperty(userId: string, overrides: Partial<typeof properties.$inferInsert> = {}) {
  const [row] = await db
    .insert(properties)
    .values({
      userId,
      address: "4821 N 35th Ave",
      city: "Phoenix",
      state: "AZ",
      zipCode: "85019",
      ownerName: "Maria Lopez",
      maxOffer: 182000,
      ...overrides,
    })
    .returning();
  return row;
}

async function aContact(userId: string, propertyId: string | null = null, name = "Maria Lopez") {
  const [row] = await db.insert(contacts).values({ userId, propertyId, name, phone: "(602) 555-0147" }).returning();
  return row;
}

describe("conversations and messages", () => {
  it("answers 401 without a session", async () => {
    const anonymous = new ApiClient();
    expect((await anonymous.call(listConversationsRoute, "GET", "/api/conversations")).status).toBe(401);
  });

  it("creates a conversation, stores messages, and lists them with a 50-character preview", async () => {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    const contact = await aContact(pat.userId, property.id);
    const created = await pat.send(createConversationRoute, "POST", "/api/conversations", {
      json: { agentType: "negotiation", title: "Lopez", contactId: contact.id },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const long = "I might sell if the price is right, but the roof needs some work first.";
    const posted = await pat.send(postMessage, "POST", `/api/conversations/${id}/messages`, {
      params: { id },
      json: { content: long, role: "assistant", isAiGenerated: false },
    });
    expect(posted.status).toBe(201);
    const ai = await pat.send(postMessage, "POST", `/api/conversations/${id}/messages`, {
      params: { id },
      json: { content: "Draft reply", role: "user", isAiGenerated: true },
    });
    expect(ai.status).toBe(201);

    const list = (await (await pat.send(listConversationsRoute, "GET", "/api/conversations")).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id,
      title: "Lopez",
      contactName: "Maria Lopez",
      propertyAddress: "4821 N 35th Ave, Phoenix, AZ",
      lastMessage: "Draft reply",
    });

    const thread = (await (await pat.send(getMessages, "GET", `/api/conversations/${id}/messages`, { params: { id } })).json()) as Record<
      string,
      unknown
    >[];
    expect(thread.map((m) => [m.content, m.role, m.isAiGenerated])).toEqual([
      [long, "assistant", false],
      ["Draft reply", "user", true],
    ]);

    await pat.send(postMessage, "POST", `/api/conversations/${id}/messages`, {
      params: { id },
      json: { content: long, role: "assistant" },
    });
    const again = (await (await pat.send(listConversationsRoute, "GET", "/api/conversations")).json()) as { lastMessage: string }[];
    expect(again[0].lastMessage).toBe(`${long.slice(0, 50)}...`);
  });

  it("refuses another user's conversation with 404 and writes nothing", async () => {
    const pat = await signedUp();
    const sam = await signedUp();
    const created = await pat.send(createConversationRoute, "POST", "/api/conversations", { json: { title: "Mine" } });
    const { id } = (await created.json()) as { id: string };
    expect((await sam.send(getMessages, "GET", "/x", { params: { id } })).status).toBe(404);
    expect((await sam.send(postMessage, "POST", "/x", { params: { id }, json: { content: "Hi", role: "user" } })).status).toBe(404);
    expect((await sam.send(getMessages, "GET", "/x", { params: { id: crypto.randomUUID() } })).status).toBe(404);
    const foreignContact = await aContact(pat.userId);
    expect((await sam.send(createConversationRoute, "POST", "/api/conversations", { json: { contactId: foreignContact.id } })).status).toBe(
      404,
    );
    expect(await db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(0);
    expect(await db.select().from(conversations).where(eq(conversations.userId, sam.userId))).toHaveLength(0);
  });

  it("validates a message: empty content is refused with 400 and nothing is stored", async () => {
    const pat = await signedUp();
    const { id } = (await (await pat.send(createConversationRoute, "POST", "/api/conversations", { json: {} })).json()) as { id: string };
    const answer = await pat.send(postMessage, "POST", "/x", { params: { id }, json: { content: "  ", role: "robot" } });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { success: boolean; errors: Record<string, string[]> };
    expect(body.success).toBe(false);
    expect(body.errors.content).toEqual(["Message is required"]);
    expect(body.errors.role).toBeDefined();
    expect(await db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(0);
  });

  it("sends through the form action, starts a conversation with a contact, and refuses foreign ids", async () => {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    const contact = await aContact(pat.userId, property.id);
    const started = await pat.send(sendForm, "POST", "/messages/send", {
      form: formData({ intent: "new", contactId: contact.id, content: "Hello Maria" }),
    });
    expect(started.status).toBe(302);
    const [conversation] = await db.select().from(conversations).where(eq(conversations.userId, pat.userId));
    expect(conversation).toMatchObject({ contactId: contact.id, propertyId: property.id, title: "Maria Lopez" });
    expect(started.headers.get("Location")).toBe(`/?section=messages&c=${conversation.id}`);

    const sent = await pat.send(sendForm, "POST", "/messages/send", {
      form: formData({ intent: "send", conversationId: conversation.id, content: "Are you free Tuesday?", isAiGenerated: "false" }),
    });
    expect(sent.status).toBe(302);
    const empty = await pat.send(sendForm, "POST", "/messages/send", {
      form: formData({ intent: "send", conversationId: conversation.id, content: "   " }),
    });
    expect(empty.status).toBe(400);
    expect(await formErrorsOf(empty)).toEqual({
      intent: "send",
      conversationId: conversation.id,
      errors: { content: ["Message is required"] },
    });
    const long = await pat.send(sendForm, "POST", "/messages/send", {
      form: formData({ intent: "send", conversationId: conversation.id, content: "x".repeat(5001) }),
    });
    expect((await formErrorsOf(long)).errors).toEqual({ content: ["Message must be at most 5000 characters"] });
    const noContact = await pat.send(sendForm, "POST", "/messages/send", { form: formData({ intent: "new", contactId: "" }) });
    expect(noContact.status).toBe(400);
    expect((await formErrorsOf(noContact)).errors).toEqual({ contactId: ["Choose a contact"] });
    const stored = await db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(stored.map((m) => m.content).sort()).toEqual(["Are you free Tuesday?", "Hello Maria"]);

    const sam = await signedUp();
    const foreign = await sam.send(sendForm, "POST", "/messages/send", {
      form: formData({ intent: "send", conversationId: conversation.id, content: "Hijack" }),
    });
    expect(foreign.status).toBe(404);
    expect((await formErrorsOf(foreign)).errors).toEqual({ "": ["Conversation not found"] });
    const foreignNew = await sam.send(sendForm, "POST", "/messages/send", { form: formData({ intent: "new", contactId: contact.id }) });
    expect(foreignNew.status).toBe(404);
    expect((await formErrorsOf(foreignNew)).errors).toEqual({ contactId: ["Contact not found"] });
    expect(await db.select().from(conversations).where(eq(conversations.userId, sam.userId))).toHaveLength(0);
    expect(await db.select().from(messages).where(eq(messages.conversationId, conversation.id))).toHaveLength(2);

    const section = await loadMessages(pat.context, await pat.session(), new URL("http://x/?section=messages"));
    expect(section.selected?.id).toBe(conversation.id);
    expect(section.messages.map((m) => m.content)).toEqual(["Hello Maria", "Are you free Tuesday?"]);
    expect(section.contacts).toEqual([{ id: contact.id, name: "Maria Lopez", address: "4821 N 35th Ave" }]);
  });

  it("previews each conversation's newest message and reads one conversation only for its owner", async () => {
    const pat = await signedUp();
    const sam = await signedUp();
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute));
    const first = await createConversation(db, pat.userId, { title: "First" }, at(0));
    const second = await createConversation(db, pat.userId, { title: "Second" }, at(0));
    if (!first.ok || !second.ok) throw new Error("conversation not created");
    await addMessage(db, pat.userId, first.id, { content: "first: old", role: "assistant", isAiGenerated: false }, at(1));
    await addMessage(db, pat.userId, second.id, { content: "second: only", role: "assistant", isAiGenerated: false }, at(2));
    await addMessage(db, pat.userId, first.id, { content: "first: newest", role: "user", isAiGenerated: false }, at(3));
    // Same instant: the later insert is the newer message.
    await addMessage(db, pat.userId, second.id, { content: "second: tie", role: "user", isAiGenerated: false }, at(2));

    const list = await listConversations(db, pat.userId);
    expect(list.map((c) => [c.title, c.lastMessage])).toEqual([
      ["First", "first: newest"],
      ["Second", "second: tie"],
    ]);
    expect(await getConversation(db, pat.userId, first.id)).toMatchObject({ id: first.id, title: "First", lastMessage: "first: newest" });
    expect(await getConversation(db, sam.userId, first.id)).toBeNull();
    expect(await getConversation(db, pat.userId, "unknown")).toBeNull();
    expect(await replyContext(db, pat.userId, first.id)).toMatchObject({ lastIncoming: "first: old", property: null });
    expect(await replyContext(db, sam.userId, first.id)).toBeNull();
  });

  it("drafts an AI Assist reply from the last message and the property, as JSON or into the page", async () => {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    const contact = await aContact(pat.userId, property.id);
    const { id } = (await (
      await pat.send(createConversationRoute, "POST", "/api/conversations", { json: { contactId: contact.id } })
    ).json()) as { id: string };
    await pat.send(postMessage, "POST", "/x", { params: { id }, json: { content: "What would you pay?", role: "assistant" } });
    const json = await pat.send(assist, "POST", "/messages/assist", { form: formData({ conversationId: id, format: "json" }) });
    const { draft } = (await json.json()) as { draft: string };
    expect(draft).toContain("$182,000 cash");
    const page = await pat.send(assist, "POST", "/messages/assist", { form: formData({ conversationId: id }) });
    const location = new URL(page.headers.get("Location") ?? "", "http://x");
    expect(location.searchParams.get("draft")).toBe(draft);
    const section = await loadMessages(pat.context, await pat.session(), location);
    expect(section.draft).toBe(draft);
    const sam = await signedUp();
    expect((await sam.send(assist, "POST", "/messages/assist", { form: formData({ conversationId: id, format: "json" }) })).status).toBe(
      404,
    );
  });

  it("searches conversations and picks one by c", async () => {
    const pat = await signedUp();
    const a = await aContact(pat.userId, null, "Maria Lopez");
    const b = await aContact(pat.userId, null, "James Carter");
    const first = (await (await pat.send(createConversationRoute, "POST", "/x", { json: { contactId: a.id } })).json()) as { id: string };
    const second = (await (await pat.send(createConversationRoute, "POST", "/x", { json: { contactId: b.id } })).json()) as { id: string };
    const session = await pat.session();
    const searched = await loadMessages(pat.context, session, new URL("http://x/?section=messages&q=carter"));
    expect(searched.conversations.map((c) => c.id)).toEqual([second.id]);
    const picked = await loadMessages(pat.context, session, new URL(`http://x/?section=messages&c=${first.id}`));
    expect(picked.selected?.id).toBe(first.id);
    const empty = await loadMessages((await signedUp()).context, await (await signedUp()).session(), new URL("http://x/?section=messages"));
    expect(empty).toMatchObject({ conversations: [], selected: null, messages: [] });
  });
});

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

describe("buyer leads", () => {
  const buyer = {
    buyerName: "Desert Sun Holdings LLC",
    buyerType: "active_landlord",
    market: "Phoenix, AZ",
    totalProperties: 14,
    portfolioValue: "4280000",
    phoneNumbers: ["(602) 555-0191"],
    emailAddresses: ["a@desertsun.example"],
  };

  it("requires buyer name, type and market in the spec's words and writes nothing", async () => {
    const pat = await signedUp();
    const answer = await pat.send(createBuyerLeadRoute, "POST", "/api/buyer-leads", { json: { buyerName: " " } });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { errors: Record<string, string[]> };
    expect(body.errors).toMatchObject({
      buyerName: ["Buyer name is required"],
      buyerType: ["Buyer type is required"],
      market: ["Market is required"],
    });
    expect(await db.select().from(buyerLeads).where(eq(buyerLeads.userId, pat.userId))).toHaveLength(0);
  });

  it("saves, lists and deletes a buyer lead; another user's id answers 404", async () => {
    const pat = await signedUp();
    const created = await pat.send(createBuyerLeadRoute, "POST", "/api/buyer-leads", { json: buyer });
    expect(created.status).toBe(201);
    const { buyerLead } = (await created.json()) as { buyerLead: { id: string } };
    const list = (await (await pat.send(listBuyerLeadsRoute, "GET", "/api/buyer-leads")).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      buyerName: "Desert Sun Holdings LLC",
      buyerTypeLabel: "Active Landlord",
      portfolioValue: 4280000,
      phoneNumbers: ["(602) 555-0191"],
    });
    expect(list[0].userId).toBeUndefined();

    const sam = await signedUp();
    expect(await (await sam.send(listBuyerLeadsRoute, "GET", "/api/buyer-leads")).json()).toEqual([]);
    expect((await sam.send(deleteBuyerLeadRoute, "DELETE", "/x", { params: { id: buyerLead.id } })).status).toBe(404);
    expect((await pat.send(buyerLeadLoader, "GET", "/x", { params: { id: buyerLead.id } })).status).toBe(405);

    const removed = await pat.send(deleteBuyerLeadRoute, "DELETE", "/x", { params: { id: buyerLead.id } });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ success: true, message: "Buyer lead removed successfully" });
    expect((await pat.send(deleteBuyerLeadRoute, "DELETE", "/x", { params: { id: buyerLead.id } })).status).toBe(404);
  });

  it("removes through the form action with the spec's toasts and serves /buyer-breeze", async () => {
    const pat = await signedUp();
    const { buyerLead } = (await (await pat.send(createBuyerLeadRoute, "POST", "/x", { json: buyer })).json()) as {
      buyerLead: { id: string };
    };
    const page = await pat.client.load<Awaited<ReturnType<typeof loadBuyerBreeze>>>(
      buyerBreezePage,
      `/buyer-breeze?remove=${buyerLead.id}`,
    );
    expect(page.leads).toHaveLength(1);
    expect(page.confirmRemoveId).toBe(buyerLead.id);

    const sam = await signedUp();
    const refused = await sam.send(removeBuyerForm, "POST", "/buyer-breeze/remove", { form: formData({ id: buyerLead.id }) });
    expect(toastOf(refused)).toEqual({ title: "Error", description: "Failed to remove buyer lead", variant: "error" });
    const done = await pat.send(removeBuyerForm, "POST", "/buyer-breeze/remove", {
      form: formData({ id: buyerLead.id, returnTo: "/buyer-breeze" }),
    });
    expect(done.headers.get("Location")).toBe("/buyer-breeze");
    expect(toastOf(done)).toEqual({ title: "Success", description: "Buyer lead removed successfully", variant: "success" });
    const section = await loadBuyerBreeze(pat.context, await pat.session(), new URL("http://x/?section=buyer-breeze"));
    expect(section.leads).toEqual([]);
  });

  it("sends a signed-out visitor of /buyer-breeze to sign in", async () => {
    const response = await new ApiClient().send(buyerBreezePage, "GET", "/buyer-breeze");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?next=%2Fbuyer-breeze");
  });
});

describe("demo records", () => {
  it("seeds conversations with AI-generated messages, documents in R2 and four buyer leads", async () => {
    const pat = await signedUp();
    await aProperty(pat.userId);
    const counts = await seedDemoRecords(db, pat.userId, env.FILES);
    expect(counts).toEqual({ conversations: 3, documents: 3, buyerLeads: 4 });
    const section = await loadMessages(pat.context, await pat.session(), new URL("http://x/?section=messages"));
    expect(section.conversations).toHaveLength(3);
    expect(section.messages.length).toBeGreaterThan(0);
    const all = await db.select().from(messages).where(eq(messages.userId, pat.userId));
    expect(all.some((m) => m.isAiGenerated)).toBe(true);
    const docs = await db.select().from(documents).where(eq(documents.userId, pat.userId));
    for (const doc of docs) expect(await env.FILES.head(doc.filePath ?? "")).not.toBeNull();
    expect(await db.select().from(buyerLeads).where(eq(buyerLeads.userId, pat.userId))).toHaveLength(4);
  });
});
