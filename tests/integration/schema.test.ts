import { eq, sql, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyerLeads, companyProfiles, deals, leadDeliveries, leads, properties, users } from "#db/schema.ts";

import { db } from "./db.ts";

/** drizzle wraps D1's error; the constraint SQLite names is in the cause. */
async function constraintError(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error);
  }
  throw new Error("the write succeeded");
}

async function makeUser(email = `u-${crypto.randomUUID()}@example.com`) {
  const [user] = await db.insert(users).values({ email }).returning();
  return user;
}

describe("the migrated schema", () => {
  it("has every table of both spec documents and the provider tables", async () => {
    const rows = await db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like '\\_%' escape '\\' and name not like 'sqlite%' and name != 'd1_migrations'`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual(
      [
        "activity_log",
        "buyer_emails",
        "buyer_leads",
        "buyers",
        "comp_choices",
        "comps",
        "company_profiles",
        "contact_messages",
        "contacts",
        "conversations",
        "deal_links",
        "deal_offers",
        "deals",
        "documents",
        "email_outbox",
        "email_verification_tokens",
        "follow_up_activities",
        "follow_up_activity_contacts",
        "follow_up_steps",
        "imported_sales",
        "lead_contacts",
        "letter_mailings",
        "lead_deliveries",
        "lead_notes",
        "lead_requests",
        "leads",
        "mail_outbox",
        "market_models",
        "market_owners",
        "market_properties",
        "market_sales",
        "messages",
        "owners",
        "password_reset_tokens",
        "properties",
        "property_valuations",
        "provider_sales",
        "rate_limits",
        "regional_models",
        "registration_drafts",
        "saved_searches",
        "sessions",
        "skip_mapping",
        "usage_budgets",
        "usage_counters",
        "usage_events",
        "usage_leases",
        "usage_member_budgets",
        "usage_member_limits",
        "user_identities",
        "user_leads",
        "user_sequences",
        "user_sales",
        "users",
        "workspace_invitations",
        "workspace_members",
        "workspaces",
        "zip_places",
      ].sort(),
    );
  });

  it("applies the spec's defaults", async () => {
    const user = await makeUser();
    expect(user.emailVerified).toBe(false);
    const [company] = await db.insert(companyProfiles).values({ userId: user.id, companyName: "Acme" }).returning();
    expect(company.addressCountry).toBe("US");
    const [property] = await db.insert(properties).values({ userId: user.id, address: "1 Main St", zipCode: "85004" }).returning();
    expect(property.propertyType).toBe("single_family");
    expect(property.status).toBe("new");
    const [deal] = await db.insert(deals).values({ userId: user.id, propertyId: property.id }).returning();
    expect(deal.stage).toBe("lead_generation");
    const [lead] = await db.insert(leads).values({ vendorLeadId: crypto.randomUUID() }).returning();
    expect(lead).toMatchObject({
      vendor: "batchdata",
      currentSequenceStep: 0,
      sequenceStatus: "inactive",
      currentActivityDay: 0,
      awaitingNextDay: false,
    });
  });

  it("stores money exactly in cents and answers dollars, so sums never drift", async () => {
    const user = await makeUser();
    const [property] = await db
      .insert(properties)
      .values({ userId: user.id, address: "2 Main St", zipCode: "85004", arv: 250000.1, maxOffer: 0.3, equityPercentage: 57.25 })
      .returning();
    expect(property.arv).toBe(250000.1);
    expect(property.maxOffer).toBe(0.3);
    expect(property.equityPercentage).toBe(57.25);
    const raw = await db.get<{ arv: number; max_offer: number }>(sql`select arv, max_offer from properties where id = ${property.id}`);
    expect(raw).toEqual({ arv: 25000010, max_offer: 30 });

    // 0.1 + 0.2 drifts as floats; as cents the sum is exact.
    await db.insert(deals).values([
      { userId: user.id, dealValue: 0.1 },
      { userId: user.id, dealValue: 0.2 },
    ]);
    const [total] = await db
      .select({ cents: sum(deals.dealValue) })
      .from(deals)
      .where(eq(deals.userId, user.id));
    expect(Number(total.cents)).toBe(30);
  });

  it("keeps email unique", async () => {
    const email = `dup-${crypto.randomUUID()}@example.com`;
    await makeUser(email);
    expect(await constraintError(makeUser(email))).toMatch(/UNIQUE constraint failed: users.email/);
  });

  it("delivers a lead to a user at most once", async () => {
    const user = await makeUser();
    const [lead] = await db.insert(leads).values({ vendorLeadId: crypto.randomUUID() }).returning();
    await db.insert(leadDeliveries).values({ userId: user.id, leadId: lead.id });
    expect(await constraintError(db.insert(leadDeliveries).values({ userId: user.id, leadId: lead.id }))).toMatch(
      /UNIQUE constraint failed/,
    );
  });

  it("removes a user's company profile and records with the user", async () => {
    const user = await makeUser();
    await db.insert(companyProfiles).values({ userId: user.id, companyName: "Gone LLC" });
    await db.insert(buyerLeads).values({ userId: user.id, buyerName: "B", buyerType: "cash_buyers", market: "Phoenix, AZ" });
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(companyProfiles).where(eq(companyProfiles.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(buyerLeads).where(eq(buyerLeads.userId, user.id))).toHaveLength(0);
  });

  it("refuses a buyer lead without its required fields", async () => {
    const user = await makeUser();
    const missingMarket = { userId: user.id, buyerName: "B", buyerType: "cash_buyers" } as typeof buyerLeads.$inferInsert;
    expect(await constraintError(db.insert(buyerLeads).values(missingMarket))).toMatch(/NOT NULL constraint failed: buyer_leads.market/);
  });
});
