// A cap's refusal in the workbench (refusals are "shown as toasts"): Mail the Offer past the letter cap
// answers 429 with Retry-After and the page data the refusal's toast is made from (its status and when to try again);
// Generate and Mail the Offer past it redirects with the cap's toast. Nothing is mailed or charged. The agent chat's
// send past the AI call cap answers the same data for its composer's toast.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { mailOutbox, properties, usageEvents } from "#db/schema.ts";
import type { ChatSendActionData } from "#app/domain/chat/chat-forms.ts";
import type { LeadQueueItem } from "#app/domain/leads/search.ts";
import { capRefusalToast, RATE_LIMIT_TITLE } from "#app/domain/usage/refusal-toast.ts";
import type { WorkbenchActionData } from "#app/domain/workbench/workbench-forms.ts";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import * as chatSend from "#app/routes/chat.send.tsx";
import * as workbench from "#app/routes/leads.workbench.tsx";

import { ApiClient, registerClient, toastOf, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { seedTestMarket } from "./market-fixture.ts";

const db = createDb(env.DB);
const action = workbench.action as Handler;
const post = (client: ApiClient, fields: Record<string, string>) => client.send(action, "POST", "/leads/workbench", { urlencoded: fields });
// `confirm`: past the offer warnings (a low-confidence ARV in the test market), as "Confirm anyway" posts it.
const OFFER = { index: "0", arv: "300000", repairs: "20000", fee: "5000", offerType: "custom", customOffer: "185000", confirm: "1" };

beforeAll(async () => {
  await seedTestMarket(db, 2_000);
});

/** A user allowed one letter a day, with two leads worked into the CRM. */
async function cappedLead() {
  const context = testContext({ USAGE_LIMITS: JSON.stringify({ letter: { perMinute: null, perDay: 1 } }) });
  // A fixed clock: the day's window cannot end between the letter mailed and the one refused.
  context.now = () => new Date("2026-11-25T10:00:00Z");
  const client = new ApiClient(context);
  const signedIn = await registerClient("wb-caps", {}, client);
  const answer = await client.call(propertiesBatch as Handler, "POST", "/api/properties/batch", {
    count: 5,
    criteria: { location: "Phoenix, AZ", sellerType: "high_equity" },
  });
  const leads = answer.body.properties as LeadQueueItem[];
  const propertyIds: string[] = [];
  for (const [index, lead] of leads.slice(0, 2).entries()) {
    const worked = await post(client, { intent: "work", leadId: lead.id, vendor: lead.raw.vendor, index: String(index) });
    expect(worked.status).toBe(302);
  }
  for (const row of await db.select({ id: properties.id }).from(properties).where(eq(properties.userId, signedIn.userId)))
    propertyIds.push(row.id);
  return { ...signedIn, propertyIds };
}

describe("a cap's refusal in the workbench", () => {
  it("Mail the Offer past the cap: 429 with Retry-After and the toast's data; Generate and Mail: the cap's toast", async () => {
    const { client, userId, propertyIds } = await cappedLead();
    const [first, second] = propertyIds as [string, string];
    // The day's one letter.
    const mailedOnce = await post(client, { intent: "letter", andMail: "1", propertyId: first, ...OFFER });
    expect(toastOf(mailedOnce)?.title).toBe("Offer Mailed Successfully!");

    const letter = await post(client, { intent: "letter", propertyId: second, ...OFFER });
    const letterId = new URL(letter.headers.get("Location")!, "http://x").searchParams.get("letter")!;
    const refused = await post(client, { intent: "mail", propertyId: second, index: "0", arv: "300000", letter: letterId, confirm: "1" });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    const body = (await refused.json()) as WorkbenchActionData;
    expect(body).toMatchObject({ intent: "mail", status: 429, retryAfterSeconds: retryAfter });
    expect(body.message).toMatch(/limit of 1 letter a day/);
    // With JavaScript the page shows it as this toast (leads.workbench.tsx ActionError), not a banner.
    expect(capRefusalToast(body)).toEqual({ title: RATE_LIMIT_TITLE, description: body.message, variant: "error" });

    const andMail = await post(client, { intent: "letter", andMail: "1", propertyId: second, ...OFFER, customOffer: "180000" });
    expect(andMail.status).toBe(302);
    expect(toastOf(andMail)).toMatchObject({ title: RATE_LIMIT_TITLE, description: expect.stringMatching(/Try again in 14 hours\./) });

    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).toHaveLength(1);
    const letters = (await db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).filter((event) => event.kind === "letter");
    expect(letters).toHaveLength(1);
  });
});

describe("a cap's refusal in the agent chat", () => {
  it("answers 429 with the toast's data (status, when to try again) past the AI call cap", async () => {
    const context = testContext({ USAGE_LIMITS: JSON.stringify({ ai_call: { perMinute: 1 } }) });
    context.now = () => new Date("2026-11-25T10:00:30Z");
    const { client } = await registerClient("chat-caps", {}, new ApiClient(context));
    const send = (content: string) =>
      client.send(chatSend.action as Handler, "POST", "/chat/send", { urlencoded: { agent: "lead-finder", content } });
    expect((await send("sellers in 85019")).status).toBe(302);
    const refused = await send("and in 85004?");
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as ChatSendActionData;
    expect(body).toMatchObject({ status: 429, retryAfterSeconds: 30 });
    expect(capRefusalToast({ ...body, message: body.errors.form! })).toEqual({
      title: RATE_LIMIT_TITLE,
      description: "You have reached your limit of 1 AI call a minute. Try again in 30 seconds.",
      variant: "error",
    });
  });
});
