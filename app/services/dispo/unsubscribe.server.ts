/**
 * A buyer's one-click unsubscribe, by the unguessable token of an email they got: no sign-in. It stops every email
 * from the user who sent it to that buyer and to any buyer of that user at the same address; a blast's claim reads the
 * same flags, so no email is claimed after the unsubscribe is recorded.
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";

import { buyerEmails, buyers, companyProfiles, users } from "#db/schema.ts";
import { UnsubscribeTokenSchema } from "#app/domain/dispo/blast.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export type UnsubscribePage = { senderName: string; unsubscribed: boolean };

/** Who the emails come from and whether this buyer already unsubscribed; null for an unknown token. */
export async function readUnsubscribe(context: ServiceContext<"db">, token: string): Promise<UnsubscribePage | null> {
  if (!UnsubscribeTokenSchema.safeParse(token).success) return null;
  const row = await context.db
    .select({
      companyName: companyProfiles.companyName,
      fullName: users.fullName,
      unsubscribedAt: buyers.unsubscribedAt,
    })
    .from(buyerEmails)
    .innerJoin(buyers, eq(buyers.id, buyerEmails.buyerId))
    .innerJoin(users, eq(users.id, buyerEmails.userId))
    .leftJoin(companyProfiles, eq(companyProfiles.userId, buyerEmails.userId))
    .where(eq(buyerEmails.unsubscribeToken, token))
    .get();
  if (!row) return null;
  return { senderName: row.companyName || row.fullName || "this sender", unsubscribed: row.unsubscribedAt !== null };
}

/** Records the unsubscribe (once; a repeat changes nothing); false for an unknown token. */
export async function unsubscribeBuyer(context: ServiceContext<"db" | "now">, token: string): Promise<boolean> {
  if (!UnsubscribeTokenSchema.safeParse(token).success) return false;
  const now = context.now();
  const email = context.db
    .select({ userId: buyerEmails.userId, buyerId: buyerEmails.buyerId, toAddress: buyerEmails.toAddress })
    .from(buyerEmails)
    .where(eq(buyerEmails.unsubscribeToken, token));
  const [found] = await context.db.batch([
    email.limit(1),
    context.db
      .update(buyers)
      .set({ unsubscribedAt: now, updatedAt: now })
      .where(
        and(
          isNull(buyers.unsubscribedAt),
          sql`${buyers.userId} = (select user_id from ${buyerEmails} where unsubscribe_token = ${token})`,
          or(
            sql`${buyers.id} = (select buyer_id from ${buyerEmails} where unsubscribe_token = ${token})`,
            sql`lower(${buyers.email}) = (select lower(to_address) from ${buyerEmails} where unsubscribe_token = ${token})`,
          ),
        ),
      ),
  ]);
  return found.length > 0;
}
