/** What the deal tests share: a signed-up user, a property of theirs, and small readers. */
import { eq } from "drizzle-orm";

import { deals, properties } from "#db/schema.ts";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { db } from "./db.ts";

export { db };

export const NOW = new Date("2026-06-15T12:00:00Z");

/** A registered user with a cookie jar and a fixed clock; `send` is the ApiClient's (params, a JSON or form body). */
export async function signedUp() {
  const fresh = new ApiClient();
  fresh.context.now = () => NOW;
  const { client, userId } = await registerClient("deals", {}, fresh);
  async function session() {
    const found = await getSession(client.request("GET", "/"), client.context);
    if (!found) throw new Error("no session");
    return found;
  }
  return { userId, client, context: client.context, send: client.send.bind(client), session };
}

export async function aProperty(userId: string, overrides: Partial<typeof properties.$inferInsert> = {}) {
  const [row] = await db
    .insert(properties)
    .values({
      userId,
      ...PHOENIX_HOME,
      maxOffer: 182_000,
      ...overrides,
    })
    .returning();
  return row;
}

export const dealCount = async (userId: string) => (await db.select({ id: deals.id }).from(deals).where(eq(deals.userId, userId))).length;
export const json = async (response: Response) =>
  (await response.json()) as Record<string, unknown> & { errors?: Record<string, string[]> };
