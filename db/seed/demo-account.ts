import { count, eq } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { companyProfiles, properties, users } from "#db/schema.ts";
import { seedManyActivities } from "#db/seed/demo/activities.ts";
import { seedDemoBuyers } from "#db/seed/demo/buyers.ts";
import { seedDemoCrm, seedManyCrmLeads } from "#db/seed/demo/crm.ts";
import { seedDemoDeals } from "#db/seed/demo/deals.ts";
import { seedDemoRecords } from "#db/seed/demo/records.ts";
import { seedDemoSavedSearch } from "#db/seed/demo/saved-searches.ts";
import { seedDemoSequences } from "#db/seed/demo/sequences.ts";
import { hashPassword } from "#app/services/accounts/password.server.ts";
import { foundWorkspace } from "#app/services/workspaces/founding.server.ts";

/** The local demo account: created by `npm start` / `npm run db:seed` on the local database only, never deployed. */
export const DEMO_ACCOUNT = {
  email: "demo@breeze.example",
  password: "BreezeDemo2026",
  fullName: "Dana Demo",
  companyName: "Breeze Demo Homes LLC",
} as const;

/**
 * Makes sure the demo account exists and has sample data in every section (leads, deals in every stage,
 * conversations, documents in R2, buyer leads); answers whether anything was created.
 */
export async function ensureDemoAccount(db: Db, files: R2Bucket): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email)).get();
  const userId = existing?.id ?? (await createDemoUser(db));
  const [{ leads }] = await db.select({ leads: count() }).from(properties).where(eq(properties.userId, userId));
  if (leads > 0) return !existing;
  const propertyIds = await seedDemoCrm(db, userId);
  await seedDemoDeals(db, userId, propertyIds);
  await seedDemoRecords(db, userId, files);
  await seedDemoSequences(db, userId, propertyIds);
  await seedDemoSavedSearch(db, userId);
  await seedDemoBuyers(db, userId);
  return true;
}

/** Adds N more leads to the demo account (for benchmarks of the CRM with a big list). */
export async function addDemoLeads(db: Db, n: number) {
  const user = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email)).get();
  if (!user) throw new Error("no demo account yet");
  await seedManyCrmLeads(db, user.id, n);
}

/** bench:today: `n` follow-up activities on the demo account's newest leads. */
export async function addDemoActivities(db: Db, n: number) {
  const user = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email)).get();
  if (!user) throw new Error("no demo account yet");
  await seedManyActivities(db, user.id, n);
}

async function createDemoUser(db: Db): Promise<string> {
  const userId = crypto.randomUUID();
  await db.batch([
    db.insert(users).values({
      id: userId,
      email: DEMO_ACCOUNT.email,
      fullName: DEMO_ACCOUNT.fullName,
      firstName: "Dana",
      lastName: "Demo",
      mobileE164: "+16025550100",
      emailVerified: true,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    }),
    db.insert(companyProfiles).values({
      userId,
      companyName: DEMO_ACCOUNT.companyName,
      title: "Acquisitions Manager",
      offerContactEmail: DEMO_ACCOUNT.email,
      offerContactPhoneE164: "+16025550100",
      addressStreet1: "100 N Central Ave",
      addressCity: "Phoenix",
      addressState: "AZ",
      addressPostalCode: "85004",
    }),
    ...foundWorkspace({ db }, { userId, name: DEMO_ACCOUNT.companyName }),
  ]);
  return userId;
}
