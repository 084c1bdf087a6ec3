// The Negotiation agent (it drafts replies to sellers with the AI provider) inside workerd: the agent
// chat's Negotiation reply on the local provider (the reply-draft rules) and on OpenAI (tests/fakes/openai.ts), the spec's
// trouble text when the model fails, and the Messages section's AI Assist drafting through the same provider call.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { messages, properties } from "#db/schema.ts";
import { AI_TROUBLE_TEXT } from "#app/domain/chat/intent.ts";
import { draftReply, negotiationAnswer } from "#app/domain/messages/reply-draft.ts";
import { NEGOTIATION_PROMPT } from "#app/providers/ai/openai-prompts.ts";
import { action as assist } from "#app/routes/messages.assist.ts";
import { sendChatMessage } from "#app/services/chat/chat.server.ts";
import { addMessage, createConversation } from "#app/services/messages/conversation-writes.server.ts";
import { createFakeOpenAi } from "#tests/fakes/openai.ts";

import { ApiClient, registerClient, toastOf, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

const KEY = "sk-negotiation";
const OPENAI = { AI: "openai", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: "https://openai.fake.test/v1", OPENAI_TIMEOUT_MS: "1000" };
const SELLER = "What's your cash offer? The roof needs work.";

async function stored(conversationId: string) {
  return db
    .select({ role: messages.role, content: messages.content, isAiGenerated: messages.isAiGenerated })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt));
}

/** A Messages conversation with a seller (contact-less, titled) about a CRM property, the seller's message last. */
async function sellerThread(userId: string) {
  const propertyId = crypto.randomUUID();
  await db.insert(properties).values({
    id: propertyId,
    userId,
    address: "4821 N 35th Ave",
    city: "Phoenix",
    state: "AZ",
    zipCode: "85019",
    maxOffer: 182_000,
    arv: 290_000,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const created = await createConversation({ db, now: () => new Date() }, userId, { title: "Lopez", propertyId });
  if (!created.ok) throw new Error("no conversation");
  await addMessage({ db, now: () => new Date() }, userId, created.id, { content: SELLER, role: "assistant", isAiGenerated: false });
  return created.id;
}

/** The conversation a sent chat message went to (the test fails when it was refused). */
function conversationOf(sent: Awaited<ReturnType<typeof sendChatMessage>>): string {
  if (!sent || !("conversationId" in sent)) throw new Error(`the message was not sent: ${JSON.stringify(sent)}`);
  return sent.conversationId;
}

describe("the Negotiation agent in the chat", () => {
  it("on the local provider, answers a seller's message with the reply-draft rules' draft", async () => {
    const { client, userId } = await registerClient("nego-local");
    const sent = await sendChatMessage(client.context, userId, { agent: "negotiation", content: SELLER });
    const draft = draftReply({ contactName: null, lastIncoming: SELLER, property: null });
    expect(draft).toMatch(/^Hi there, I'm running the numbers on your property/);
    expect(await stored(conversationOf(sent))).toEqual([
      { role: "user", content: SELLER, isAiGenerated: false },
      { role: "assistant", content: negotiationAnswer(draft), isAiGenerated: true },
    ]);
  });

  it("on OpenAI, sends the seller's message to the negotiation prompt and stores the model's draft; a failure keeps the message", async () => {
    const fake = createFakeOpenAi(KEY);
    const context = testContext(OPENAI, {}, { fetch: fake.fetch });
    const { userId } = await registerClient("nego-openai");
    fake.answer("Hi, thanks for writing. We can make you a cash offer this week and buy the house as-is.");
    const sent = await sendChatMessage(context, userId, { agent: "negotiation", content: SELLER });
    const body = fake.calls[0]!.body as { model: string; messages: { role: string; content: string }[] };
    expect(body.messages[0]).toEqual({ role: "system", content: NEGOTIATION_PROMPT });
    expect(JSON.parse(body.messages[1]!.content)).toEqual({ sellerName: null, sellerMessage: SELLER, property: null });
    expect((await stored(conversationOf(sent)))[1]).toEqual({
      role: "assistant",
      content: negotiationAnswer("Hi, thanks for writing. We can make you a cash offer this week and buy the house as-is."),
      isAiGenerated: true,
    });

    fake.failWith(500);
    const failed = await sendChatMessage(context, userId, {
      agent: "negotiation",
      c: conversationOf(sent),
      content: "Can you close fast?",
    });
    expect((await stored(conversationOf(failed))).slice(2)).toEqual([
      { role: "user", content: "Can you close fast?", isAiGenerated: false },
      { role: "assistant", content: AI_TROUBLE_TEXT, isAiGenerated: false },
    ]);
  });

  it("leaves the other agents on their chat reply", async () => {
    const { client, userId } = await registerClient("nego-others");
    const sent = await sendChatMessage(client.context, userId, { agent: "lock-it-up", content: "hello" });
    const reply = (await stored(conversationOf(sent)))[1]!;
    expect(JSON.parse(reply.content)).toMatchObject({ type: "text", text: expect.stringContaining("I'm Lock It Up, your closing agent.") });
  });
});

describe("AI Assist in the Messages section", () => {
  const assistHandler = assist as Handler;

  it("on the local provider drafts the same reply as before, with the linked property's figures", async () => {
    const { client, userId } = await registerClient("assist-local");
    const conversationId = await sellerThread(userId);
    const answer = await client.send(assistHandler, "POST", "/messages/assist", { form: { conversationId, format: "json" } });
    expect(answer.status).toBe(200);
    const { draft } = (await answer.json()) as { draft: string };
    expect(draft).toBe(
      draftReply({
        contactName: null,
        lastIncoming: SELLER,
        property: { address: "4821 N 35th Ave", city: "Phoenix", maxOffer: 182_000, arv: 290_000, price: null },
      }),
    );
    expect(draft).toContain("$182,000 cash");

    const noJs = await client.send(assistHandler, "POST", "/messages/assist", { form: { conversationId } });
    expect(noJs.status).toBe(302);
    expect(new URL(noJs.headers.get("Location")!, "http://x").searchParams.get("draft")).toBe(draft);
  });

  it("on OpenAI drafts with the model (seller message and property sent), and says the spec's trouble text when it fails", async () => {
    const fake = createFakeOpenAi(KEY);
    const { client, userId } = await registerClient("assist-openai", {}, new ApiClient(testContext(OPENAI, {}, { fetch: fake.fetch })));
    const conversationId = await sellerThread(userId);
    fake.answer("Hi, we can pay $182,000 cash and take the roof as it is.");
    const answer = await client.send(assistHandler, "POST", "/messages/assist", { form: { conversationId, format: "json" } });
    expect(await answer.json()).toEqual({ success: true, draft: "Hi, we can pay $182,000 cash and take the roof as it is." });
    const sent = JSON.parse((fake.calls[0]!.body as { messages: { content: string }[] }).messages[1]!.content) as Record<string, unknown>;
    expect(sent).toMatchObject({ sellerMessage: SELLER, property: { address: "4821 N 35th Ave", maxOffer: 182_000 } });

    fake.failWith(503);
    const failed = await client.send(assistHandler, "POST", "/messages/assist", { form: { conversationId, format: "json" } });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ success: false, message: AI_TROUBLE_TEXT });
    const noJs = await client.send(assistHandler, "POST", "/messages/assist", { form: { conversationId } });
    expect(noJs.status).toBe(302);
    expect(toastOf(noJs)).toMatchObject({ title: AI_TROUBLE_TEXT, variant: "error" });
    expect(new URL(noJs.headers.get("Location")!, "http://x").searchParams.get("draft")).toBeNull();
  });

  it("refuses another user's conversation with 404", async () => {
    const owner = await registerClient("assist-owner");
    const conversationId = await sellerThread(owner.userId);
    const { client } = await registerClient("assist-stranger");
    const answer = await client.send(assistHandler, "POST", "/messages/assist", { form: { conversationId, format: "json" } });
    expect(answer.status).toBe(404);
  });
});
