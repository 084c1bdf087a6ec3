/** What the sequence and Today tests share: a signed-in user with a clock and shortcuts to the routes, a lead, its steps. */
import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";

import { createDb } from "#db/client.ts";
import {
  followUpActivities,
  followUpActivityContacts,
  followUpSteps,
  leads,
  mailOutbox,
  properties,
  usageEvents,
  userSequences,
} from "#db/schema.ts";
import type { SequenceStep } from "#app/domain/sequences/steps.ts";
import { action as propertySequence } from "#app/routes/api.properties.$id.sequence.ts";
import { action as workTaskRoute } from "#app/routes/api.tasks.$id.ts";
import { loader as todayApi } from "#app/routes/api.tasks.today.ts";
import * as todayPage from "#app/routes/today.tsx";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { D1Counter } from "./d1-counter.ts";

export const counter = new D1Counter(env.DB);
export const db = createDb(env.DB);
export const NOW = new Date("2026-06-15T12:00:00Z");
export const DAY = 24 * 60 * 60 * 1000;

export type Task = {
  id: string;
  leadId: string;
  propertyId: string;
  address: string;
  activityType: string;
  dayNumber: number;
  scheduledFor: string;
  overdueDays: number;
  contacts: { recipientType: string; recipientValue: string; dncStatus: string | null }[];
  message: string;
};

/** A signed-up user; `vars` and `fetch` configure the providers and caps (a fake Lob, USAGE_LIMITS). */
export async function signedUp(options: { vars?: Record<string, string>; fetch?: typeof globalThis.fetch } = {}) {
  const client = new ApiClient(testContext(options.vars ?? {}, { DB: counter.db }, options.fetch ? { fetch: options.fetch } : {}));
  let now = NOW;
  client.context.now = () => now;
  // The company's address: the return address a mailed letter needs (Lob refuses a letter without one).
  const company = {
    company_name: "Quinn Home Buyers LLC",
    address_street1: "1 Center St",
    address_city: "Mesa",
    address_state: "AZ",
    address_postal_code: "85201",
  };
  const { userId } = await registerClient("sequences", company, client);
  return {
    userId,
    client,
    setNow: (date: Date) => (now = date),
    start: (propertyId: string, action = "start") =>
      client.call(propertySequence, "POST", `/api/properties/${propertyId}/sequence`, { action }, { params: { id: propertyId } }),
    today: async () => {
      const answer = await client.call(todayApi, "GET", "/api/tasks/today");
      expect(answer.status).toBe(200);
      return answer.body as unknown as Task[];
    },
    work: (taskId: string, body: Record<string, unknown>) =>
      client.call(workTaskRoute, "POST", `/api/tasks/${taskId}`, body, { params: { id: taskId } }),
    /** The Today page's form post (a no-JavaScript tab): its status and its message (a refusal's JSON, or none). */
    post: async (fields: Record<string, string>) => {
      const response = await client.send(todayPage.action, "POST", "/today", { urlencoded: fields });
      const text = await response.text();
      const message = response.status >= 400 ? ((JSON.parse(text) as { message?: string }).message ?? null) : null;
      return { status: response.status, message, text };
    },
  };
}

/** A lead whose owner has a callable mobile, a landline on the do-not-call list, a mailing address and no email. */
export async function aLead(userId: string, overrides: Partial<typeof properties.$inferInsert> = {}) {
  const [row] = await db
    .insert(properties)
    .values({
      userId,
      address: `${Math.floor(Math.random() * 9000) + 1000} N 35th Ave`,
      city: "Phoenix",
      state: "AZ",
      zipCode: "85019",
      status: "new",
      maxOffer: 182_000,
      ownerName: "JOHN A SMITH",
      ownerMailingAddress: "12 Elm St, Mesa, AZ 85201",
      ownerPhoneNumbers: [
        { number: "+16025550101", type: "mobile", dnc: false },
        { number: "+16025550102", type: "landline", dnc: true },
      ],
      ...overrides,
    })
    .returning();
  return row;
}

export async function stepsOf(leadId: string) {
  const rows = await db
    .select({
      id: followUpActivities.id,
      activityType: followUpActivities.activityType,
      dayNumber: followUpActivities.dayNumber,
      scheduledFor: followUpActivities.scheduledFor,
      completedAt: followUpActivities.completedAt,
      status: followUpSteps.status,
      outcome: followUpSteps.outcome,
      reason: followUpSteps.reason,
    })
    .from(followUpActivities)
    .innerJoin(followUpSteps, eq(followUpSteps.activityId, followUpActivities.id))
    .where(eq(followUpActivities.leadId, leadId))
    .orderBy(asc(followUpSteps.stepIndex));
  const contacts = await db.select().from(followUpActivityContacts);
  return rows.map((row) => ({ ...row, contacts: contacts.filter((contact) => contact.activityId === row.id) }));
}

export const leadRow = async (leadId: string) => (await db.select().from(leads).where(eq(leads.id, leadId)).get())!;

/** The user's own sequence ("New seller lead") as these steps, and what its letters do without a chosen offer. */
export async function withSteps(userId: string, steps: SequenceStep[], withoutOffer: "no_price" | "wait" = "no_price") {
  await db.insert(userSequences).values({ userId, name: "New seller lead", steps, withoutOffer, createdAt: NOW, updatedAt: NOW });
}

export const letterStep = (dayNumber: number, mailAgain = false): SequenceStep => ({
  dayNumber,
  activityType: "letter",
  template: "Dear {ownerFirstName},\n\nWe would like to buy {address} for {offerAmount}.\n\n{companyName}",
  ...(mailAgain ? { mailAgain } : {}),
});

export const chargesOf = (userId: string) => db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
export const outboxOf = (userId: string) => db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
