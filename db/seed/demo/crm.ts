/**
 * Sample CRM leads for the local demo account: twelve properties in several markets, statuses and lead types, with
 * owners (phones in the 555 range, one on the do-not-call list), emails, ARV and max offers, and a few contacts.
 * Clearly fake people; real-looking streets. Answers the new property ids, newest first, for other seeders.
 */
import type { Db } from "#db/client.ts";
import type { PropertyStatus } from "#db/enums.ts";
import { contacts, properties, type OwnerPhone } from "#db/schema.ts";

type DemoLead = {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  yearBuilt: number;
  status: PropertyStatus;
  leadType: string;
  arv: number | null;
  equityPercentage: number;
  lastSalePrice: number;
  lastSaleDate: string;
  owner: { name: string; phones: OwnerPhone[]; email?: string; mailing: string } | null;
  contact?: { name: string; phone?: string; email?: string };
  daysAgo: number;
};

const LEADS: DemoLead[] = [
  {
    address: "4127 N 38th St",
    city: "Phoenix",
    state: "AZ",
    zipCode: "85018",
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1540,
    yearBuilt: 1962,
    status: "new",
    leadType: "preforeclosure",
    arv: 415000,
    equityPercentage: 48,
    lastSalePrice: 212000,
    lastSaleDate: "2012-06-14",
    owner: {
      name: "Sample Owner Marlowe",
      phones: [
        { number: "+16025550141", type: "mobile", dnc: false },
        { number: "+16025550142", type: "landline", dnc: true },
      ],
      email: "marlowe.sample@example.com",
      mailing: "4127 N 38th St, Phoenix, AZ 85018",
    },
    daysAgo: 0,
  },
  {
    address: "2219 W Monte Vista Rd",
    city: "Phoenix",
    state: "AZ",
    zipCode: "85009",
    bedrooms: 2,
    bathrooms: 1,
    squareFeet: 980,
    yearBuilt: 1951,
    status: "contacted",
    leadType: "absentee_owner",
    arv: 265000,
    equityPercentage: 82,
    lastSalePrice: 74000,
    lastSaleDate: "2004-03-02",
    owner: {
      name: "Demo Holdings Trust",
      phones: [{ number: "+14805550163", type: "landline", dnc: false }],
      email: "trustee@demo-holdings.example.com",
      mailing: "PO Box 5521, Scottsdale, AZ 85261",
    },
    contact: { name: "Terry Trustee (Sample)", phone: "+14805550163", email: "trustee@demo-holdings.example.com" },
    daysAgo: 1,
  },
  {
    address: "1408 E Garfield St",
    city: "Tempe",
    state: "AZ",
    zipCode: "85281",
    bedrooms: 4,
    bathrooms: 2.5,
    squareFeet: 2110,
    yearBuilt: 1978,
    status: "qualified",
    leadType: "high_equity",
    arv: 520000,
    equityPercentage: 91,
    lastSalePrice: 96000,
    lastSaleDate: "1997-09-19",
    owner: {
      name: "Pat Example",
      phones: [{ number: "+14805550177", type: "mobile", dnc: false }],
      email: "pat.example@example.com",
      mailing: "1408 E Garfield St, Tempe, AZ 85281",
    },
    contact: { name: "Pat Example", phone: "+14805550177" },
    daysAgo: 3,
  },
  {
    address: "7315 Lakehurst Ave",
    city: "Dallas",
    state: "TX",
    zipCode: "75230",
    bedrooms: 4,
    bathrooms: 3,
    squareFeet: 2680,
    yearBuilt: 1968,
    status: "under_contract",
    leadType: "inherited",
    arv: 735000,
    equityPercentage: 100,
    lastSalePrice: 88000,
    lastSaleDate: "1983-05-27",
    owner: {
      name: "Estate of Sample Jordan",
      phones: [{ number: "+12145550118", type: "mobile", dnc: false }],
      email: "jordan.estate@example.com",
      mailing: "88 Oak Lawn Ave, Dallas, TX 75219",
    },
    contact: { name: "Casey Jordan (Executor, sample)", phone: "+12145550118", email: "jordan.estate@example.com" },
    daysAgo: 5,
  },
  {
    address: "3902 Gilbert Ave",
    city: "Dallas",
    state: "TX",
    zipCode: "75219",
    bedrooms: 2,
    bathrooms: 2,
    squareFeet: 1210,
    yearBuilt: 1985,
    status: "new",
    leadType: "tired_landlord",
    arv: 318000,
    equityPercentage: 57,
    lastSalePrice: 142000,
    lastSaleDate: "2009-11-10",
    owner: {
      name: "Sample Rentals LLC",
      phones: [{ number: "+19725550134", type: "landline", dnc: false }],
      mailing: "1200 Main St Ste 400, Dallas, TX 75202",
    },
    daysAgo: 7,
  },
  {
    address: "1126 Bonnie Brae St",
    city: "Fort Worth",
    state: "TX",
    zipCode: "76111",
    bedrooms: 3,
    bathrooms: 1,
    squareFeet: 1180,
    yearBuilt: 1948,
    status: "contacted",
    leadType: "vacant",
    arv: 229000,
    equityPercentage: 73,
    lastSalePrice: 61000,
    lastSaleDate: "2001-07-23",
    owner: {
      name: "Riley Placeholder",
      phones: [{ number: "+18175550155", type: "mobile", dnc: true }],
      email: "riley.placeholder@example.com",
      mailing: "55 Elm Ct, Tulsa, OK 74104",
    },
    daysAgo: 9,
  },
  {
    address: "689 Lawton Ave SW",
    city: "Atlanta",
    state: "GA",
    zipCode: "30310",
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1450,
    yearBuilt: 1925,
    status: "qualified",
    leadType: "preforeclosure",
    arv: 389000,
    equityPercentage: 39,
    lastSalePrice: 185000,
    lastSaleDate: "2016-02-05",
    owner: {
      name: "Morgan Testcase",
      phones: [{ number: "+14045550126", type: "mobile", dnc: false }],
      email: "morgan.testcase@example.com",
      mailing: "689 Lawton Ave SW, Atlanta, GA 30310",
    },
    daysAgo: 12,
  },
  {
    address: "2455 Cascade Rd SW",
    city: "Atlanta",
    state: "GA",
    zipCode: "30311",
    bedrooms: 4,
    bathrooms: 2,
    squareFeet: 1960,
    yearBuilt: 1956,
    status: "closed",
    leadType: "absentee_owner",
    arv: 342000,
    equityPercentage: 88,
    lastSalePrice: 57000,
    lastSaleDate: "1994-08-30",
    owner: {
      name: "Sample Family Partners",
      phones: [{ number: "+17705550139", type: "landline", dnc: false }],
      email: "partners@sample-family.example.com",
      mailing: "12 Harbor View Dr, Savannah, GA 31401",
    },
    daysAgo: 18,
  },
  {
    address: "5510 N Kenwood Ave",
    city: "Indianapolis",
    state: "IN",
    zipCode: "46208",
    bedrooms: 3,
    bathrooms: 1.5,
    squareFeet: 1390,
    yearBuilt: 1939,
    status: "new",
    leadType: "inherited",
    arv: 244000,
    equityPercentage: 100,
    lastSalePrice: 39000,
    lastSaleDate: "1979-04-12",
    owner: null,
    daysAgo: 21,
  },
  {
    address: "8821 Briar Creek Rd",
    city: "Charlotte",
    state: "NC",
    zipCode: "28205",
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1620,
    yearBuilt: 1972,
    status: "under_contract",
    leadType: "high_equity",
    arv: 398000,
    equityPercentage: 76,
    lastSalePrice: 118000,
    lastSaleDate: "2003-10-01",
    owner: {
      name: "Jamie Demo",
      phones: [{ number: "+17045550172", type: "mobile", dnc: false }],
      email: "jamie.demo@example.com",
      mailing: "8821 Briar Creek Rd, Charlotte, NC 28205",
    },
    daysAgo: 26,
  },
  {
    address: "3310 E 14th Ave",
    city: "Tampa",
    state: "FL",
    zipCode: "33605",
    bedrooms: 2,
    bathrooms: 1,
    squareFeet: 1040,
    yearBuilt: 1958,
    status: "contacted",
    leadType: "corporate_owned",
    arv: null,
    equityPercentage: 64,
    lastSalePrice: 98000,
    lastSaleDate: "2011-01-18",
    owner: {
      name: "Bayside Sample Properties Inc",
      phones: [{ number: "+18135550110", type: "landline", dnc: false }],
      mailing: "400 N Ashley Dr, Tampa, FL 33602",
    },
    daysAgo: 33,
  },
  {
    address: "1752 Delmar Dr",
    city: "Memphis",
    state: "TN",
    zipCode: "38114",
    bedrooms: 3,
    bathrooms: 1,
    squareFeet: 1120,
    yearBuilt: 1954,
    status: "new",
    leadType: "tired_landlord",
    arv: 158000,
    equityPercentage: 81,
    lastSalePrice: 42000,
    lastSaleDate: "2002-12-09",
    owner: {
      name: "Alex Sampleton",
      phones: [
        { number: "+19015550183", type: "mobile", dnc: false },
        { number: "+19015550184", type: "landline", dnc: false },
      ],
      email: "alex.sampleton@example.com",
      mailing: "77 Poplar Ave, Memphis, TN 38103",
    },
    daysAgo: 40,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoCrm(db: Db, userId: string, now = new Date()): Promise<string[]> {
  const ids: string[] = [];
  const statements = [];
  for (const [index, lead] of LEADS.entries()) {
    const id = crypto.randomUUID();
    ids.push(id);
    const createdAt = new Date(now.getTime() - lead.daysAgo * DAY_MS - index * 60_000);
    const owner = lead.owner;
    const dnc = owner?.phones.find((phone) => phone.dnc)?.number ?? null;
    const callable = owner?.phones.filter((phone) => !phone.dnc) ?? [];
    const equityBalance = lead.arv ? Math.round((lead.arv * lead.equityPercentage) / 100) : null;
    statements.push(
      db.insert(properties).values({
        id,
        userId,
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
        ownerName: owner?.name ?? null,
        ownerPhone: callable[0]?.number ?? null,
        ownerEmail: owner?.email ?? null,
        ownerEmails: owner?.email ? [owner.email] : null,
        ownerPhoneNumbers: owner?.phones ?? null,
        ownerMailingAddress: owner?.mailing ?? null,
        ownerDncPhone: dnc,
        ownerMobilePhone: owner?.phones.find((phone) => phone.type === "mobile" && !phone.dnc)?.number ?? null,
        ownerLandLine: owner?.phones.find((phone) => phone.type === "landline" && !phone.dnc)?.number ?? null,
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
