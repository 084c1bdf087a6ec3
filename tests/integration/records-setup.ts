/** What the records tests share: a signed-up user, a property and a contact of theirs, and a form's errors. */

import { contacts, properties } from "#db/schema.ts";
import { getSession } from "#app/services/accounts/auth.server.ts";

import { registerClient } from "./api-client.ts";
import { db } from "./db.ts";

export { db };

/** A registered user with a cookie jar; `send` is the ApiClient's (params and any body: JSON, form, multipart). */
export async function signedUp() {
  const { client, userId } = await registerClient("rec", { title: "Owner", address_city: "Phoenix", address_state: "AZ" });
  async function session() {
    const found = await getSession(client.request("GET", "/"), client.context);
    if (!found) throw new Error("no session");
    return found;
  }
  return { client, userId, context: client.context, send: client.send.bind(client), session };
}

/** A form action's 400/404 answer: conform's reply with the errors keyed by field ("" for the form). */
export async function formErrorsOf(response: Response) {
  const body = (await response.json()) as { intent?: string; conversationId?: string | null; result: { error?: Record<string, string[]> } };
  return { ...(body.intent ? { intent: body.intent, conversationId: body.conversationId } : {}), errors: body.result.error ?? {} };
}

export async function aProperty(userId: string, overrides: Partial<typeof properties.$inferInsert> = {}) {
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

export async function aContact(userId: string, propertyId: string | null = null, name = "Maria Lopez") {
  const [row] = await db.insert(contacts).values({ userId, propertyId, name, phone: "(602) 555-0147" }).returning();
  return row;
}
