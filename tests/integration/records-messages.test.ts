// Records: conversations and messages.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { conversations, messages } from "#db/schema.ts";
import { loader as getMessages, action as postMessage } from "#app/routes/api.conversations.$id.messages.ts";
import { action as createConversationRoute, loader as listConversationsRoute } from "#app/routes/api.conversations.ts";
import { action as assist } from "#app/routes/messages.assist.ts";
import { action as sendForm } from "#app/routes/messages.send.tsx";
import { addMessage, createConversation } from "#app/services/messages/conversation-writes.server.ts";
import { getConversation, listConversations, replyContext } from "#app/services/messages/conversations.server.ts";
import { load as loadMessages } from "#app/services/messages/messages-section.server.ts";

import { ApiClient, formData } from "./api-client.ts";
import { aContact, aProperty, db, formErrorsOf, signedUp } from "./records-setup.ts";

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
    const first = await createConversation({ db, now: () => at(0) }, pat.userId, { title: "First" });
    const second = await createConversation({ db, now: () => at(0) }, pat.userId, { title: "Second" });
    if (!first.ok || !second.ok) throw new Error("conversation not created");
    await addMessage({ db, now: () => at(1) }, pat.userId, first.id, { content: "first: old", role: "assistant", isAiGenerated: false });
    await addMessage({ db, now: () => at(2) }, pat.userId, second.id, { content: "second: only", role: "assistant", isAiGenerated: false });
    await addMessage({ db, now: () => at(3) }, pat.userId, first.id, { content: "first: newest", role: "user", isAiGenerated: false });
    // Same instant: the later insert is the newer message.
    await addMessage({ db, now: () => at(2) }, pat.userId, second.id, { content: "second: tie", role: "user", isAiGenerated: false });

    const list = await listConversations({ db }, pat.userId);
    expect(list.map((c) => [c.title, c.lastMessage])).toEqual([
      ["First", "first: newest"],
      ["Second", "second: tie"],
    ]);
    expect(await getConversation({ db }, pat.userId, first.id)).toMatchObject({
      id: first.id,
      title: "First",
      lastMessage: "first: newest",
    });
    expect(await getConversation({ db }, sam.userId, first.id)).toBeNull();
    expect(await getConversation({ db }, pat.userId, "unknown")).toBeNull();
    expect(await replyContext({ db }, pat.userId, first.id)).toMatchObject({ lastIncoming: "first: old", property: null });
    expect(await replyContext({ db }, sam.userId, first.id)).toBeNull();
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
