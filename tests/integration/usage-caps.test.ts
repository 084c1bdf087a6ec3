// Caps on metered actions: each cap refuses atomically (two parallel requests at the last unit
// never both pass), a refusal is 429/402 with Retry-After and writes nothing, a failed action charges nothing, and
// GET /api/usage and Profile → Usage show what was used.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { leadDeliveries, mailOutbox, messages, usageEvents } from "#db/schema.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { action as terryRoute } from "#app/routes/api.terry.chat.ts";
import { loader as usageRoute } from "#app/routes/api.usage.ts";
import { action as profileAction } from "#app/routes/profile.tsx";
import { createFakeLob } from "#tests/fakes/lob.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { batch, seedMarket } from "./lead-search-setup.ts";
import { confirmBody, confirmed, db, mailBody } from "./offers-setup.ts";

const chargesOf = (userId: string) => db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
const outboxOf = (userId: string) => db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
const limited = (limits: object, vars: Record<string, string> = {}, fetch?: typeof globalThis.fetch) =>
  new ApiClient(testContext({ USAGE_LIMITS: JSON.stringify(limits), ...vars }, {}, fetch ? { fetch } : {}));

/** A second offer's letter for the property (another amount: a letter of its own). */
async function secondLetter(client: ApiClient, propertyId: string) {
  const answer = await client.call(
    confirmRoute,
    "POST",
    "/api/properties/confirm-offer",
    confirmBody(propertyId, { offerType: "Aggressive" }),
  );
  expect(answer.status).toBe(200);
  return answer.body.pdfUrl as string;
}

async function usageOf(client: ApiClient) {
  const answer = await client.call(usageRoute as Handler, "GET", "/api/usage");
  expect(answer.status).toBe(200);
  return answer.body as { items: { kind: string; count: number; costCents: number }[]; spend: { usedCents: number; capCents: number } };
}

beforeAll(async () => {
  await seedMarket();
});

describe("letter caps", () => {
  it("refuses the letter past the per-minute cap with 429 and Retry-After, writes nothing, and lets it through next minute", async () => {
    const client = limited({ letter: { perMinute: 1 } });
    const clock = new Date("2026-11-25T10:00:30Z");
    client.context.now = () => clock;
    const user = await confirmed({}, client);
    const secondPdf = await secondLetter(client, user.propertyId);
    expect((await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(user.propertyId, user.pdfUrl))).status).toBe(200);

    const refused = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(user.propertyId, secondPdf));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(refused.body).toMatchObject({ success: false, retryAfterSeconds: 30 });
    expect(refused.body.message).toMatch(/limit of 1 letter a minute/);
    expect(await outboxOf(user.userId)).toHaveLength(1);
    expect(await chargesOf(user.userId)).toHaveLength(1);

    client.context.now = () => new Date(clock.getTime() + 30_000);
    const later = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(user.propertyId, secondPdf));
    expect(later.status).toBe(200);
  });

  it("lets one of two parallel letters through at the last unit", async () => {
    const client = limited({ letter: { perDay: 1 } });
    const user = await confirmed({}, client);
    const secondPdf = await secondLetter(client, user.propertyId);
    const answers = await Promise.all([
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(user.propertyId, user.pdfUrl)),
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(user.propertyId, secondPdf)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(await outboxOf(user.userId)).toHaveLength(1);
    expect(await chargesOf(user.userId)).toHaveLength(1);
  });

  it("charges nothing for a letter the provider refused to mail, and gives the cap back", async () => {
    // Lob's refusal (a 401: it made nothing); a call it never answers is faults/lob-faults.test.ts's.
    const fake = createFakeLob("test_key", { failWith: 401 });
    const vars = { MAIL: "lob", LOB_API_KEY: "test_key", LOB_BASE_URL: "https://lob.fake.test" };
    const client = limited({ letter: { perMinute: 1 } }, vars, fake.fetch);
    const user = await confirmed({}, client);
    const failed = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(user.propertyId, user.pdfUrl));
    expect(failed.status).toBe(502);
    expect(await chargesOf(user.userId)).toHaveLength(0);
    const healthy = createFakeLob("test_key");
    const retry = limited({ letter: { perMinute: 1 } }, vars, healthy.fetch);
    for (const [name, value] of client.cookies) retry.cookies.set(name, value);
    const mailed = await retry.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(user.propertyId, user.pdfUrl));
    expect(mailed.status).toBe(200);
    expect(healthy.letters).toHaveLength(1);
    expect(await chargesOf(user.userId)).toHaveLength(1);
  });

  it("answers 402 past the monthly spending cap on a real provider until the user raises it in Usage", async () => {
    const fake = createFakeLob("test_key");
    const vars = {
      MAIL: "lob",
      LOB_API_KEY: "test_key",
      LOB_BASE_URL: "https://lob.fake.test",
      USAGE_UNIT_COSTS: '{"letter":150}',
      MONTHLY_SPEND_CAP_CENTS: "100",
    };
    const client = limited({}, vars, fake.fetch);
    const user = await confirmed({}, client);
    const refused = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(user.propertyId, user.pdfUrl));
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/monthly spending cap of \$1\.00/);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    expect(fake.letters).toHaveLength(0);

    const bad = await client.send(profileAction as Handler, "POST", "/profile", { form: { intent: "usage", monthlyCap: "12,34,56" } });
    expect(bad.status).toBe(400);
    const raised = await client.send(profileAction as Handler, "POST", "/profile", { form: { intent: "usage", monthlyCap: "50" } });
    expect(raised.status).toBe(302);
    const mailed = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(user.propertyId, user.pdfUrl));
    expect(mailed.status).toBe(200);
    const usage = await usageOf(client);
    expect(usage.items.find((item) => item.kind === "letter")).toEqual({ kind: "letter", count: 1, costCents: 150 });
    expect(usage.spend).toEqual({ usedCents: 150, capCents: 5000 });
  });
});

describe("lead and AI caps", () => {
  it("meters a seller search's leads and skip traces, and refuses a search past the daily lead cap with nothing delivered", async () => {
    const client = limited({ lead: { perDay: 7 } });
    const { userId } = await registerClient("usage-leads", {}, client);
    const criteria = { location: "Phoenix, AZ", sellerType: "inherited" };
    const first = await batch(client, criteria);
    expect(first.status).toBe(200);
    const delivered = await db.select().from(leadDeliveries).where(eq(leadDeliveries.userId, userId));
    const refused = await batch(client, criteria);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/limit of 7 leads a day/);
    expect(await db.select().from(leadDeliveries).where(eq(leadDeliveries.userId, userId))).toHaveLength(delivered.length);
    const usage = await usageOf(client);
    expect(usage.items.find((item) => item.kind === "lead")?.count).toBe(5);
    expect(usage.items.find((item) => item.kind === "skip_trace")?.count).toBe(5);
    expect(usage.items.find((item) => item.kind === "letter")).toEqual({ kind: "letter", count: 0, costCents: 0 });
  });

  it("refuses a Terry call past the per-minute AI cap and writes no messages for it", async () => {
    const client = limited({ ai_call: { perMinute: 2 } });
    const { userId } = await registerClient("usage-ai", {}, client);
    const ask = () => client.call(terryRoute as Handler, "POST", "/api/terry/chat", { message: "How is Phoenix, AZ?", history: [] });
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429]);
    const usage = await usageOf(client);
    expect(usage.items.find((item) => item.kind === "ai_call")?.count).toBe(2);
    // Two answered calls: each wrote the question and the answer; the refused one wrote nothing.
    expect(await db.select().from(messages).where(eq(messages.userId, userId))).toHaveLength(4);
  });
});
