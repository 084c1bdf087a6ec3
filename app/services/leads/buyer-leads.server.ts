/** Buyer leads ("Buyer Breeze", the spec): saved cash buyers, scoped to the user. */
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";

import { BUYER_TYPE_LABELS, BUYER_TYPES } from "#db/enums.ts";
import { buyerLeads } from "#db/schema.ts";
import { parseMoneyText } from "#app/domain/shared/money.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export const REMOVED = "Buyer lead removed successfully";
export const REMOVE_FAILED = "Failed to remove buyer lead";

const money = (max = 9_999_999_999.99) =>
  z
    .preprocess(parseMoneyText, z.number({ error: "Must be a number" }).min(0).max(max))
    .optional()
    .nullable();
const count = (max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, "Must be a whole number").transform(Number)])
    .pipe(z.number().int().min(0).max(max))
    .optional()
    .nullable();
const text = (max = 200) => z.string().trim().max(max).optional().nullable();

export const BuyerLeadSchema = z.object({
  buyerName: z.string({ error: "Buyer name is required" }).trim().min(1, "Buyer name is required").max(200),
  buyerType: z.enum(BUYER_TYPES, { error: "Buyer type is required" }),
  market: z.string({ error: "Market is required" }).trim().min(1, "Market is required").max(200),
  ownerType: text(50),
  totalProperties: count(100_000),
  portfolioValue: money(),
  avgPurchasePrice: money(),
  totalPurchasePrice: money(),
  totalEquity: money(),
  totalMortgageBalance: money(),
  phoneNumbers: z.array(z.string().trim().min(1).max(30)).max(20).optional().default([]),
  emailAddresses: z.array(z.email("Invalid email address").max(200)).max(20).optional().default([]),
  mailingAddress: text(),
  lastPropertyAddress: text(),
  lastPropertyPurchaseDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date format YYYY-MM-DD")
    .optional()
    .nullable(),
  lastPropertyPurchasePrice: money(),
  lastPropertyBedrooms: count(50),
  lastPropertyBathrooms: z.number().min(0).max(50).optional().nullable(),
  lastPropertySquareFeet: count(100_000),
});
export type BuyerLeadInput = z.infer<typeof BuyerLeadSchema>;

export type BuyerLeadView = Omit<typeof buyerLeads.$inferSelect, "createdAt" | "updatedAt" | "userId"> & {
  buyerTypeLabel: string;
  createdAt: string;
  updatedAt: string;
};

function view({ userId: _userId, ...row }: typeof buyerLeads.$inferSelect): BuyerLeadView {
  return {
    ...row,
    buyerTypeLabel: BUYER_TYPE_LABELS[row.buyerType],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listBuyerLeads(context: ServiceContext<"db">, userId: string): Promise<BuyerLeadView[]> {
  const { db } = context;
  const rows = await db.select().from(buyerLeads).where(eq(buyerLeads.userId, userId)).orderBy(desc(buyerLeads.createdAt));
  return rows.map(view);
}

/**
 * Saves the buyer once per user and market (buyer_leads_user_buyer_market_idx): a repeated save — a second click, a
 * replayed form — writes nothing and answers the row already there (`created: false`). One conditional insert, then
 * only on a conflict one read: no race between a check and the write.
 */
export async function createBuyerLead(
  context: ServiceContext<"db" | "now">,
  userId: string,
  input: BuyerLeadInput,
): Promise<{ created: boolean; buyerLead: BuyerLeadView }> {
  const { db } = context;
  const now = context.now();
  const [row] = await db
    .insert(buyerLeads)
    .values({ ...input, userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [buyerLeads.userId, buyerLeads.buyerName, buyerLeads.market] })
    .returning();
  if (row) return { created: true, buyerLead: view(row) };
  const [existing] = await db
    .select()
    .from(buyerLeads)
    .where(and(eq(buyerLeads.userId, userId), eq(buyerLeads.buyerName, input.buyerName), eq(buyerLeads.market, input.market)))
    .limit(1);
  return { created: false, buyerLead: view(existing) };
}

/** True when the lead was the user's and is gone; false for a foreign or unknown id (nothing deleted). */
export async function deleteBuyerLead(context: ServiceContext<"db">, userId: string, id: string): Promise<boolean> {
  const { db } = context;
  const deleted = await db
    .delete(buyerLeads)
    .where(and(eq(buyerLeads.id, id), eq(buyerLeads.userId, userId)))
    .returning({ id: buyerLeads.id });
  return deleted.length > 0;
}
