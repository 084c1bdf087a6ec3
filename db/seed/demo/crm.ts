/**
 * Sample CRM leads for the local demo account: twelve properties in several markets, statuses and lead types, with
 * owners (phones in the 555 range, one on the do-not-call list), emails, ARV and max offers, and a few contacts.
 * Clearly fake people; real-looking streets. Answers the new property ids, newest first, for other seeders. The
 * leads themselves are in crm-leads.ts.
 */
import type { Db } from "#db/client.ts";
import type { PropertyStatus } from "#db/enums.ts";
import { contacts, properties } from "#db/schema.ts";

import { LEADS } from "./crm-leads.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoCrm(db: Db, userId: string, now = new Date()): Promise<string[]> {
  const ids: string[] = [];
  const statements = [];
  for (const [index, lead] of LEADS.entries()) {
    const id = crypto.randomUUID();
    ids.push(id);
    const createdAt = new Date(now.getTime() - lead.daysAgo * DAY_MS - index * 60_000);
    const equityBalance = lead.arv ? Math.round((lead.arv * lead.equityPercentage) / 100) : null;
    statements.push(
      db.insert(properties).values({
        id,
        userId,
        // The demo's one member (its founder) works every lead.
        assignedTo: userId,
        address: lead.address,
        city: lead.city,
        state: lead.state,
        zipCode: lead.zipCode,
        bedrooms: lead.bedrooms,
        bathrooms: lead.bathrooms,
        squareFeet: lead.squareFeet,
        yearBuilt: lead.yearBuilt,
        status: lead.status,
        leadType: lead.leadType,
        arv: lead.arv,
        // The 70% rule, rounded to the nearest thousand.
        maxOffer: lead.arv ? Math.round((lead.arv * 0.7) / 1000) * 1000 : null,
        equityPercentage: lead.equityPercentage,
        equityBalance,
        confidenceScore: 70 + (index % 4) * 7,
        lastSalePrice: lead.lastSalePrice,
        lastSaleDate: lead.lastSaleDate,
        ...ownerColumns(lead.owner),
        createdAt,
        updatedAt: createdAt,
      }),
    );
    if (lead.contact)
      statements.push(db.insert(contacts).values({ userId, propertyId: id, ...lead.contact, createdAt, updatedAt: createdAt }));
  }
  const [first, ...rest] = statements;
  await db.batch([first, ...rest]);
  return ids;
}

/** The owner's columns of a lead: its phones, the first callable one as the phone, the do-not-call one apart. */
function ownerColumns(owner: (typeof LEADS)[number]["owner"]) {
  const dnc = owner?.phones.find((phone) => phone.dnc)?.number ?? null;
  const callable = owner?.phones.filter((phone) => !phone.dnc) ?? [];
  return {
    ownerName: owner?.name ?? null,
    ownerPhone: callable[0]?.number ?? null,
    ownerEmail: owner?.email ?? null,
    ownerEmails: owner?.email ? [owner.email] : null,
    ownerPhoneNumbers: owner?.phones ?? null,
    ownerMailingAddress: owner?.mailing ?? null,
    ownerDncPhone: dnc,
    ownerMobilePhone: owner?.phones.find((phone) => phone.type === "mobile" && !phone.dnc)?.number ?? null,
    ownerLandLine: owner?.phones.find((phone) => phone.type === "landline" && !phone.dnc)?.number ?? null,
  };
}

/** N synthetic leads for benchmarks (e.g. 2,000): inserted in batches, spread over the past year. */
export async function seedManyCrmLeads(db: Db, userId: string, n: number, now = new Date()): Promise<void> {
  const statuses: PropertyStatus[] = ["new", "contacted", "qualified", "under_contract", "closed"];
  for (let start = 0; start < n; start += 50) {
    const statements = [];
    for (let i = start; i < Math.min(n, start + 50); i += 1) {
      const template = LEADS[i % LEADS.length];
      const createdAt = new Date(now.getTime() - i * 3 * 60 * 60 * 1000);
      statements.push(
        db.insert(properties).values({
          userId,
          assignedTo: userId,
          address: `${100 + i} ${template.address.replace(/^\d+\s+/, "")}`,
          city: template.city,
          state: template.state,
          zipCode: template.zipCode,
          bedrooms: template.bedrooms,
          bathrooms: template.bathrooms,
          squareFeet: template.squareFeet,
          yearBuilt: template.yearBuilt,
          status: statuses[i % statuses.length],
          leadType: template.leadType,
          arv: template.arv,
          maxOffer: template.arv ? Math.round(template.arv * 0.7) : null,
          ownerName: template.owner?.name ?? null,
          ownerPhone: template.owner?.phones[0]?.number ?? null,
          ownerEmail: template.owner?.email ?? null,
          createdAt,
          updatedAt: createdAt,
        }),
      );
    }
    const [first, ...rest] = statements;
    await db.batch([first, ...rest]);
  }
}
