import { eq } from "drizzle-orm";
import { hashPassword } from "../app/services/password.server";
import type { Db } from "./client";
import { companyProfiles, users } from "./schema";

/** The local demo account: created by `npm start` / `npm run db:seed` on the local database only, never deployed. */
export const DEMO_ACCOUNT = {
  email: "demo@breeze.example",
  password: "BreezeDemo2026",
  fullName: "Dana Demo",
  companyName: "Breeze Demo Homes LLC",
} as const;

/** Creates the demo account if it is missing; answers whether it was created. */
export async function ensureDemoAccount(db: Db): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email)).get();
  if (existing) return false;
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
  ]);
  return true;
}
