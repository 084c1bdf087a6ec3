/** What the blast's tests share: an owner with a postal address, a deal under contract, consenting buyers, the post. */
import { like } from "drizzle-orm";

import { buyers, emailOutbox } from "#db/schema.ts";
import * as blastRoute from "#app/routes/api.deals.$id.blast.ts";

import { registerClient, type ApiClient, type Handler } from "./api-client.ts";
import { db } from "./db.ts";
import { buyerRow, dealUnderContract } from "./dispo-setup.ts";

const blast = blastRoute.action as Handler;
const ADDRESS = { address_street1: "100 W Washington St", address_city: "Phoenix", address_state: "AZ", address_postal_code: "85003" };

/** A Phoenix deal of the user's under contract (asking $265,000). */
export const dealOf = (userId: string) => dealUnderContract(userId);

/** `count` buyers of the user, addressed `<tag>-<i>@buyers.example.com`; `fields` over the consenting default. */
export async function buyersOf(userId: string, tag: string, count: number, fields: Partial<typeof buyers.$inferInsert> = {}) {
  const rows = Array.from({ length: count }, (_, i) => {
    const email = `${tag}-${i}@buyers.example.com`;
    const name = `${tag} buyer ${i}`;
    return buyerRow(userId, name, { email, emailConsent: true, ...fields });
  });
  const inserted = [];
  for (let i = 0; i < rows.length; i += 5)
    inserted.push(
      ...(await db
        .insert(buyers)
        .values(rows.slice(i, i + 5))
        .returning()),
    );
  return inserted;
}

/** The local outbox's emails to the buyers of `tag`. */
export const outboxOf = (tag: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.toAddress, `${tag}-%@buyers.example.com`));

/** A new user whose company has the postal address every blast email carries. */
export async function owner(prefix: string, client?: ApiClient) {
  return registerClient(prefix, ADDRESS, client);
}

/** POST /api/deals/{id}/blast. */
export const post = (client: ApiClient, dealId: string, body: unknown) =>
  client.call(blast, "POST", `/api/deals/${dealId}/blast`, body, { params: { id: dealId } });
