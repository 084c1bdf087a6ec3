// The agent chat: the chat section's loader, a typed message and its reply, the wizards' searches
// as their forms post them without JavaScript, and the cards' write actions, over a small seeded market.
import { env } from "cloudflare:test";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { buyerLeads, conversations, leadRequests, messages, properties } from "#db/schema.ts";
import { parseChatContent, sellerCardContent, type ChatMessage } from "#app/domain/chat/messages.ts";
import { SELLER_TYPE_REQUIRED } from "#app/domain/chat/wizard.ts";
import { STATE_REQUIRED } from "#app/domain/leads/lead-location.ts";
import { noCashBuyersMessage, type LeadQueueItem } from "#app/domain/leads/search-options.ts";
import * as index from "#app/routes/_index.tsx";
import { action as previewCount } from "#app/routes/api.leads.preview-count.ts";
import { action as cardAction } from "#app/routes/chat.card.tsx";
import { action as searchAction } from "#app/routes/chat.search.tsx";
import { action as sendAction } from "#app/routes/chat.send.tsx";
import type { ChatData } from "#app/services/chat/chat-section.server.ts";
import { getLatestSellerQueue } from "#app/services/leads/seller-queue.server.ts";
import type { load as loadMessagesSection } from "#app/services/messages/messages-section.server.ts";

import { registerClient, toastOf, type ApiClient, type Handler } from "./api-client.ts";
import { seedTestMarket } from "./market-fixture.ts";

const db = createDb(env.DB);

beforeAll(async () => {
  await seedTestMarket(db, 2_000);
});

/** Every ZIP of the test market: a few pages of cash buyers. */
const ALL_ZIPS = "85004, 85008, 85281, 44113, 44102, 48226";

type MessagesData = Awaited<ReturnType<typeof loadMessagesSection>>;

async function chat(client: ApiClient, query = "") {
  const page = await client.load<{ payload: { id: string; data: ChatData } }>(index.loader as Handler, `/?section=chat${query}`);
  expect(page.payload.id).toBe("chat");
  return page.payload.data;
}

const post = (client: ApiClient, handler: Handler, path: string, form: Record<string, string>) =>
  client.send(handler, "POST", path, { form });

/** What the user has written: conversations, messages, search requests, CRM properties, buyer leads. */
async function written(userId: string) {
  const [c, m, r, p, b] = await db.batch([
    db.select({ n: count() }).from(conversations).where(eq(conversations.userId, userId)),
    db.select({ n: count() }).from(messages).where(eq(messages.userId, userId)),
    db.select({ n: count() }).from(leadRequests).where(eq(leadRequests.userId, userId)),
    db.select({ n: count() }).from(properties).where(eq(properties.userId, userId)),
    db.select({ n: count() }).from(buyerLeads).where(eq(buyerLeads.userId, userId)),
  ]);
  return { conversations: c[0]!.n, messages: m[0]!.n, requests: r[0]!.n, properties: p[0]!.n, buyers: b[0]!.n };
}

const kinds = (list: ChatMessage[]) => list.map((message) => message.body.kind);
const conversationOf = (response: Response) => new URL(response.headers.get("Location")!, "http://x").searchParams.get("c");

describe("the chat section's loader", () => {
  it("opens the Lead Finder with no conversation for a new user", async () => {
    const { client } = await registerClient("chat-empty");
    expect(await chat(client)).toMatchObject({ agent: "lead-finder", conversations: [], conversation: null, messages: [], wizard: null });
    expect((await chat(client, "&agent=negotiation")).agent).toBe("negotiation");
    expect((await chat(client, "&agent=unknown")).agent).toBe("lead-finder");
  });

  it("renders a wizard from the URL: the step asked for, or the first refused one with its message", async () => {
    const { client } = await registerClient("chat-wizard");
    expect((await chat(client, "&wizard=seller&step=2&cityOrZip=Phoenix&state=AZ")).wizard).toMatchObject({
      kind: "seller",
      step: 2,
      errors: {},
      answers: { cityOrZip: "Phoenix", state: "AZ" },
    });
    expect((await chat(client, "&wizard=seller&step=2&cityOrZip=Phoenix")).wizard).toMatchObject({
      step: 1,
      errors: { state: STATE_REQUIRED },
    });
    expect((await chat(client, "&wizard=seller&step=3&cityOrZip=85004")).wizard).toMatchObject({
      step: 2,
      errors: { sellerType: SELLER_TYPE_REQUIRED },
    });
  });

  it("Check Lead Count and Check Buyer Count without JavaScript show the count the count call answers", async () => {
    const { client } = await registerClient("chat-count");
    const seller = await chat(client, "&wizard=seller&at=3&intent=count&cityOrZip=Phoenix&state=AZ&sellerType=high_equity&minBedrooms=3");
    const expected = await client.call(previewCount, "POST", "/api/leads/preview-count", {
      location: "Phoenix, AZ",
      sellerType: "high_equity",
      minBedrooms: 3,
      maxPrice: 3_000_000,
    });
    expect(expected.body.totalResults).toBeGreaterThan(0);
    expect(seller.wizard).toMatchObject({
      step: 3,
      count: { ok: true, totalResults: expected.body.totalResults, location: "Phoenix, AZ" },
    });

    const buyer = await chat(client, `&wizard=buyer&at=2&intent=count&cityOrZip=${encodeURIComponent(ALL_ZIPS)}&buyerType=cash_buyers`);
    expect(buyer.wizard?.count).toMatchObject({ ok: true, location: "85004" });
    // A count that cannot be asked yet shows what is missing instead.
    expect((await chat(client, "&wizard=buyer&at=2&intent=count&cityOrZip=85004")).wizard).toMatchObject({
      count: null,
      errors: { buyerType: "Choose a buyer type" },
    });
  });

  it("answers 404 for a conversation that is not the user's", async () => {
    const { client: owner } = await registerClient("chat-owner");
    const sent = await post(owner, sendAction as Handler, "/chat/send", { agent: "lead-finder", content: "hello" });
    const id = conversationOf(sent)!;
    expect((await chat(owner, `&c=${id}`)).conversation?.id).toBe(id);
    const { client: other } = await registerClient("chat-other");
    await expect(chat(other, `&c=${id}`)).rejects.toMatchObject({ status: 404 });
  });
});

describe("a typed message (/chat/send)", () => {
  it("stores the message and the AI provider's reply in a new conversation, offering the seller wizard pre-filled", async () => {
    const { client, userId } = await registerClient("chat-send");
    const sent = await post(client, sendAction as Handler, "/chat/send", { agent: "lead-finder", content: "sellers in 85004" });
    expect(sent.status).toBe(302);
    const id = conversationOf(sent);
    expect(sent.headers.get("Location")).toBe(`/?section=chat&agent=lead-finder&c=${id}`);
    const data = await chat(client);
    expect(data.conversation).toEqual({ id, title: "sellers in 85004" });
    expect(data.conversations.map((c) => c.id)).toEqual([id]);
    expect(data.messages.map((m) => [m.role, m.isAiGenerated])).toEqual([
      ["user", false],
      ["assistant", true],
    ]);
    expect(data.messages[1]!.body).toMatchObject({ kind: "text", offer: { wizard: "seller", answers: { cityOrZip: "85004" } } });

    // The next message goes into the same conversation.
    await post(client, sendAction as Handler, "/chat/send", { agent: "lead-finder", c: id!, content: "cash buyers please" });
    expect((await chat(client, `&c=${id}`)).messages).toHaveLength(4);
    expect((await written(userId)).conversations).toBe(1);
  });

  it("refuses an empty message with its field message and a foreign conversation with 404, writing nothing", async () => {
    const { client, userId } = await registerClient("chat-send-refused");
    const empty = await post(client, sendAction as Handler, "/chat/send", { agent: "lead-finder", content: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ errors: { content: "Message is required" } });

    const { client: owner } = await registerClient("chat-send-owner");
    const theirs = conversationOf(await post(owner, sendAction as Handler, "/chat/send", { agent: "lead-finder", content: "hi" }))!;
    const foreign = await post(client, sendAction as Handler, "/chat/send", { agent: "lead-finder", c: theirs, content: "hello?" });
    expect(foreign.status).toBe(404);
    expect(await written(userId)).toMatchObject({ conversations: 0, messages: 0 });
  });
});

describe("the wizards' search without JavaScript (/chat/search)", () => {
  const seller = {
    wizard: "seller",
    agent: "lead-finder",
    cityOrZip: "Phoenix",
    state: "AZ",
    sellerType: "high_equity",
    minBedrooms: "1",
    price: "0",
  };
  const buyer = { wizard: "buyer", agent: "lead-finder", cityOrZip: ALL_ZIPS, state: "", buyerType: "cash_buyers" };

  it("refuses a step's answers with the wizard at that step and its messages, writing nothing", async () => {
    const { client, userId } = await registerClient("search-refused");
    const refused = await post(client, searchAction as Handler, "/chat/search", { ...seller, sellerType: "" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ kind: "seller", step: 2, errors: { sellerType: SELLER_TYPE_REQUIRED } });
    const noPlace = await post(client, searchAction as Handler, "/chat/search", { ...buyer, cityOrZip: "" });
    expect(await noPlace.json()).toMatchObject({ kind: "buyer", step: 1, errors: { cityOrZip: "Enter a city or ZIP" } });
    expect(await written(userId)).toEqual({ conversations: 0, messages: 0, requests: 0, properties: 0, buyers: 0 });
  });

  it("Find Properties posts the request, the answer and 5 seller cards into a new conversation and goes to the workbench", async () => {
    const { client, userId } = await registerClient("search-sellers");
    const found = await post(client, searchAction as Handler, "/chat/search", seller);
    expect(found.status).toBe(302);
    expect(found.headers.get("Location")).toBe("/leads/workbench");

    const data = await chat(client);
    expect(data.conversation?.title).toBe("Seller Leads: Phoenix, AZ");
    expect(kinds(data.messages)).toEqual(["text", "text", ...Array(5).fill("seller-lead")]);
    expect(data.messages[0]).toMatchObject({
      role: "user",
      body: { text: "Find 5 High Equity sellers in Phoenix, AZ · 1+ beds · Up to $3M" },
    });
    // The cards are the search the workbench renders, in its order.
    const queue = await getLatestSellerQueue({ db }, userId);
    const cards = data.messages.flatMap((m) => (m.body.kind === "seller-lead" ? [m.body] : []));
    expect(cards.map((card) => card.lead.id)).toEqual(queue!.leads.map((lead) => lead.id));
    expect(cards.map((card) => card.search)).toEqual(
      cards.map((_, index) => ({ requestId: queue!.request.id, location: "Phoenix, AZ", index, total: 5 })),
    );

    // The Messages section shows and searches what the cards are about, never their stored JSON.
    const lastLead = cards[4].lead;
    const lastAddress = `${lastLead.addressLine}, ${lastLead.city}, ${lastLead.state} ${lastLead.zip}`;
    const section = await client.load<{ payload: { data: MessagesData } }>(index.loader as Handler, "/?section=messages");
    const preview = `Seller lead: ${lastAddress}`;
    expect(section.payload.data.conversations[0].lastMessage).toBe(preview.length > 50 ? `${preview.slice(0, 50)}...` : preview);
    expect(section.payload.data.messages.map((m) => m.content).slice(2)).toEqual(
      cards.map(({ lead }) => `Seller lead: ${lead.addressLine}, ${lead.city}, ${lead.state} ${lead.zip}`),
    );
    const searched = await client.load<{ payload: { data: MessagesData } }>(index.loader as Handler, "/?section=messages&q=seller+lead");
    expect(searched.payload.data.conversations).toHaveLength(1);
  });

  it("Find Cash Buyers posts 5 buyer cards into the open conversation; the same search again shows the next 5", async () => {
    const { client } = await registerClient("search-buyers");
    const first = await post(client, searchAction as Handler, "/chat/search", buyer);
    const id = conversationOf(first)!;
    expect(first.headers.get("Location")).toBe(`/?section=chat&agent=lead-finder&c=${id}`);
    const again = await post(client, searchAction as Handler, "/chat/search", { ...buyer, c: id });
    expect(conversationOf(again)).toBe(id);

    const data = await chat(client, `&c=${id}`);
    expect(data.conversation?.title).toBe("Cash Buyers: 85004");
    const names = data.messages.flatMap((m) => (m.body.kind === "cash-buyer" ? [m.body.buyer.owner.fullName] : []));
    expect(names).toHaveLength(10);
    expect(new Set(names).size).toBe(10);
    expect(kinds(data.messages).slice(0, 7)).toEqual(["text", "text", ...Array(5).fill("cash-buyer")]);
  });

  it("with nothing found, posts the explanation into a conversation titled 'No Results: {location}'", async () => {
    const { client } = await registerClient("search-empty");
    const none = await post(client, searchAction as Handler, "/chat/search", { ...buyer, cityOrZip: "Cheyenne", state: "WY" });
    const data = await chat(client, `&c=${conversationOf(none)}`);
    expect(data.conversation?.title).toBe("No Results: Cheyenne, WY");
    expect(data.messages.at(-1)?.body).toMatchObject({ kind: "text", text: noCashBuyersMessage("Cheyenne, WY") });
  });

  it("answers 404 for a conversation that is not the user's and runs no search", async () => {
    const { client: owner } = await registerClient("search-owner");
    const theirs = conversationOf(await post(owner, sendAction as Handler, "/chat/send", { agent: "lead-finder", content: "hi" }))!;
    const { client, userId } = await registerClient("search-foreign");
    const foreign = await post(client, searchAction as Handler, "/chat/search", { ...seller, c: theirs });
    expect(foreign.status).toBe(404);
    expect(await written(userId)).toMatchObject({ conversations: 0, messages: 0, requests: 0 });
  });
});

describe("the cards' actions without JavaScript (/chat/card)", () => {
  /** A user with a seller search's conversation (its cards) and a buyer search's conversation. */
  async function withCards(prefix: string) {
    const signedIn = await registerClient(prefix);
    const { client } = signedIn;
    await post(client, searchAction as Handler, "/chat/search", { wizard: "seller", cityOrZip: "85004", sellerType: "high_equity" });
    const buyerChat = conversationOf(
      await post(client, searchAction as Handler, "/chat/search", { wizard: "buyer", cityOrZip: ALL_ZIPS, buyerType: "cash_buyers" }),
    )!;
    const list = (await chat(client)).conversations;
    expect(list).toHaveLength(2);
    const sellerChat = list.find((c) => c.id !== buyerChat)!.id;
    const buyerCards = (await chat(client, `&c=${buyerChat}`)).messages.filter((m) => m.body.kind === "cash-buyer");
    return { ...signedIn, sellerChat, buyerCards };
  }

  it("Add to CRM adds the seller lead once: the second time says 'Already in CRM'", async () => {
    const { client, userId, sellerChat } = await withCards("card-crm");
    const card = (await chat(client, `&c=${sellerChat}`)).messages.find((m) => m.body.kind === "seller-lead")!;
    const lead = (card.body as { lead: LeadQueueItem }).lead;

    const added = await post(client, cardAction as Handler, "/chat/card", { intent: "add-to-crm", messageId: card.id });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`/?section=chat&agent=lead-finder&c=${sellerChat}#card-${card.id}`);
    expect(toastOf(added)).toMatchObject({ title: "Added to CRM", variant: "success" });
    const [stored] = await db
      .select()
      .from(properties)
      .where(and(eq(properties.userId, userId), eq(properties.address, lead.addressLine)));
    expect(stored).toMatchObject({ city: lead.city, state: lead.state, zipCode: lead.zip, status: "new", ownerName: lead.ownerName });

    const twice = await post(client, cardAction as Handler, "/chat/card", { intent: "add-to-crm", messageId: card.id });
    expect(toastOf(twice)).toMatchObject({ title: "Already in CRM" });
    expect((await written(userId)).properties).toBe(1);
  });

  it("Save to Buyer Breeze saves the buyer with the market, type and owner type", async () => {
    const { client, userId, buyerCards } = await withCards("card-buyer");
    const card = buyerCards[0]!;
    const buyer = (card.body as Extract<ChatMessage["body"], { kind: "cash-buyer" }>).buyer;
    const saved = await post(client, cardAction as Handler, "/chat/card", { intent: "save-buyer", messageId: card.id });
    expect(toastOf(saved)).toMatchObject({
      title: "Saved to Buyer Breeze",
      description: `${buyer.owner.fullName} was added to Buyer Breeze.`,
    });
    const [row] = await db.select().from(buyerLeads).where(eq(buyerLeads.userId, userId));
    expect(row).toMatchObject({
      buyerName: buyer.owner.fullName,
      buyerType: "cash_buyers",
      market: "85004",
      ownerType: buyer.owner.ownerType,
      totalProperties: buyer.propertyOwnerProfile.propertiesCount,
    });

    // Saved twice (a second click, the form posted again): "Already saved", still one row.
    const again = await post(client, cardAction as Handler, "/chat/card", { intent: "save-buyer", messageId: card.id });
    expect(toastOf(again)).toMatchObject({ title: "Already saved", variant: "info" });
    expect((await written(userId)).buyers).toBe(1);
  });

  it("answers 404 for a card that is not the user's and 400 for an action the card has not", async () => {
    const { buyerCards } = await withCards("card-owner");
    const { client, userId } = await registerClient("card-foreign");
    const foreign = await post(client, cardAction as Handler, "/chat/card", { intent: "save-buyer", messageId: buyerCards[0]!.id });
    expect(foreign.status).toBe(404);
    expect((await written(userId)).buyers).toBe(0);

    const { client: owner } = await registerClient("card-wrong");
    const id = conversationOf(await post(owner, sendAction as Handler, "/chat/send", { agent: "lead-finder", content: "hi" }));
    const text = (await chat(owner, `&c=${id}`)).messages[0]!;
    expect((await post(owner, cardAction as Handler, "/chat/card", { intent: "add-to-crm", messageId: text.id })).status).toBe(400);
    expect((await post(owner, cardAction as Handler, "/chat/card", { intent: "delete", messageId: text.id })).status).toBe(400);
  });

  it("reads a property card posted through the messages API and adds it to the CRM", async () => {
    const { client, userId } = await registerClient("card-property");
    const id = conversationOf(await post(client, sendAction as Handler, "/chat/send", { agent: "negotiation", content: "hi" }))!;
    const content = JSON.stringify({ address: "12 Pine Rd", city: "Mesa", state: "AZ", zipCode: "85201", price: 210000, beds: 3 });
    const [row] = await db
      .insert(messages)
      .values({ userId, conversationId: id, role: "assistant", content, isAiGenerated: true, createdAt: new Date() })
      .returning();
    const data = await chat(client, `&agent=negotiation&c=${id}`);
    expect(data.messages.at(-1)?.body).toMatchObject({ kind: "property", property: { address: "12 Pine Rd", bedrooms: 3 } });
    const added = await post(client, cardAction as Handler, "/chat/card", { intent: "add-to-crm", messageId: row!.id });
    expect(added.headers.get("Location")).toContain("agent=negotiation");
    expect(toastOf(added)).toMatchObject({ title: "Added to CRM" });
    expect((await written(userId)).properties).toBe(1);
  });
});

describe("cards' contents", () => {
  it("a seller card written by the server reads back as the same lead", async () => {
    const { client } = await registerClient("card-roundtrip");
    await post(client, searchAction as Handler, "/chat/search", { wizard: "seller", cityOrZip: "85004", sellerType: "high_equity" });
    const data = await chat(client);
    const card = data.messages.find((m) => m.body.kind === "seller-lead")!;
    const body = card.body as Extract<ChatMessage["body"], { kind: "seller-lead" }>;
    expect(parseChatContent(sellerCardContent(body.lead, body.search))).toEqual(card.body);
  });
});
