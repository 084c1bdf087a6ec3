/** What the offer steps read: the user's property, and the sender (user and company) a letter is signed by. */
import { and, eq } from "drizzle-orm";

import { companyProfiles, properties, users } from "#db/schema.ts";
import { dealRuleOf } from "#app/domain/offers/deal-rule.ts";
import type { PostalAddress } from "#app/providers/mail/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export const LETTER_NOT_FOUND = "Letter of Intent not found";

export type Refusal = {
  ok: false;
  status: 400 | 404 | 409 | 422 | 502 | 504;
  message: string;
  error?: string;
  errors?: Record<string, string[]>;
  trackingId?: string;
};

// --- reading ----------------------------------------------------------------------------------------------------

export type PropertyRow = typeof properties.$inferSelect;

/** The user's property, their letterhead (company profile, name) and their deal rule in one round trip. */
export async function readPropertyAndSender(context: ServiceContext<"db">, userId: string, propertyId: string) {
  const [rows, senders] = await context.db.batch([
    context.db
      .select()
      .from(properties)
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)))
      .limit(1),
    senderQuery(context, userId),
  ]);
  return { property: rows[0] ?? null, sender: senderOf(senders[0]), rule: dealRuleOf(senders[0]?.preferences) };
}

/** The user's letterhead row (their name and email, their company profile, their preferences), at most one. */
export function senderQuery(context: ServiceContext<"db">, userId: string) {
  return context.db
    .select({
      email: users.email,
      fullName: users.fullName,
      firstName: users.firstName,
      lastName: users.lastName,
      preferences: users.preferences,
      company: companyProfiles,
    })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
}

type SenderRow = {
  email: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  company: CompanyRow | null;
};

type CompanyRow = typeof companyProfiles.$inferSelect;

/** Who the letter is from: the company profile's name, contact and address (its return address when mailed). */
export function senderOf(row: SenderRow | undefined) {
  const company = row?.company ?? null;
  const signerName = row?.fullName || [row?.firstName, row?.lastName].filter(Boolean).join(" ") || row?.email || "";
  return {
    companyName: company?.companyName || signerName || "Breeze",
    signerName: signerName || company?.companyName || "",
    title: company?.title ?? null,
    email: company?.offerContactEmail ?? row?.email ?? null,
    phone: company?.offerContactPhoneE164 ? formatE164(company.offerContactPhoneE164) : null,
    address: addressLineOf(company),
    returnAddress: returnAddressOf(company),
  };
}

/** The company's address on one line ("street, city, ST 12345"), or null when it has none. */
function addressLineOf(company: CompanyRow | null): string | null {
  const street = [company?.addressStreet1, company?.addressStreet2].filter(Boolean).join(", ");
  const cityLine = [company?.addressCity, [company?.addressState, company?.addressPostalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [street, cityLine].filter(Boolean).join(", ") || null;
}

/** The mailing's return address: only a complete one (street, city, state and ZIP). */
function returnAddressOf(company: CompanyRow | null): PostalAddress | undefined {
  if (!company?.addressStreet1 || !company.addressCity || !company.addressState || !company.addressPostalCode) return undefined;
  return {
    name: company.companyName,
    line1: company.addressStreet1,
    ...(company.addressStreet2 ? { line2: company.addressStreet2 } : {}),
    city: company.addressCity,
    state: company.addressState,
    zip: company.addressPostalCode,
  };
}
export type Sender = ReturnType<typeof senderOf>;

function formatE164(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
