/**
 * Demo records for the local demo account: conversations with messages (some AI-generated), documents stored as
 * real small files in R2, and saved buyer leads. Run after the CRM demo seed so conversations and contracts can
 * point at the account's properties and contacts (without them, contacts are created on their own).
 */
import { eq } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { buyerLeads, contacts, conversations, documents, messages, properties } from "#db/schema.ts";
import { contractText } from "#app/domain/documents/contract-text.ts";
import { documentKey } from "#app/domain/documents/file-keys.ts";
import { renderContractPdf } from "#app/services/documents/pdf.server.ts";

const HOUR = 3_600_000;

const THREADS: {
  name: string;
  phone: string;
  email: string;
  messages: { role: "user" | "assistant"; content: string; ai?: boolean; hoursAgo: number }[];
}[] = [
  {
    name: "Maria Lopez",
    phone: "(602) 555-0147",
    email: "maria.lopez@example.com",
    messages: [
      {
        role: "user",
        content:
          "Hi Maria, I'm a local investor interested in buying your house for cash, as-is, on your timeline. Would you be open to a quick conversation this week?",
        ai: true,
        hoursAgo: 52,
      },
      { role: "assistant", content: "Maybe. The roof needs work and my tenants just moved out. What would you pay for it?", hoursAgo: 30 },
      { role: "user", content: "Thanks Maria. Let me run the numbers and get back to you today.", hoursAgo: 29 },
    ],
  },
  {
    name: "James Carter",
    phone: "(214) 555-0132",
    email: "jcarter@example.com",
    messages: [
      {
        role: "user",
        content: "Hello James, following up on my letter about your property. Are you still thinking about selling?",
        hoursAgo: 8,
      },
      {
        role: "assistant",
        content: "Yes, I inherited it from my mother and don't want to deal with the repairs. How soon could you close?",
        hoursAgo: 3,
      },
    ],
  },
  {
    name: "Angela Brooks",
    phone: "(404) 555-0188",
    email: "angela.brooks@example.com",
    messages: [
      {
        role: "user",
        content: "Hi Angela, I sent over an offer for your duplex. Let me know if you have any questions about the terms.",
        ai: true,
        hoursAgo: 0.2,
      },
    ],
  },
];

const BUYERS = [
  {
    buyerName: "Desert Sun Holdings LLC",
    buyerType: "active_landlord",
    ownerType: "company",
    market: "Phoenix, AZ",
    totalProperties: 14,
    portfolioValue: 4_280_000,
    avgPurchasePrice: 268_000,
    totalPurchasePrice: 3_752_000,
    totalEquity: 4_280_000,
    totalMortgageBalance: 0,
    phoneNumbers: ["(602) 555-0191"],
    emailAddresses: ["acquisitions@desertsun.example"],
    mailingAddress: "2200 E Camelback Rd, Phoenix, AZ 85016",
    lastPropertyAddress: "3318 W Pinchot Ave, Phoenix, AZ 85017",
    lastPropertyPurchaseDate: "2026-01-14",
    lastPropertyPurchasePrice: 241_000,
    lastPropertyBedrooms: 3,
    lastPropertyBathrooms: 2,
    lastPropertySquareFeet: 1_320,
  },
  {
    buyerName: "Lone Star Flips",
    buyerType: "fix_and_flip",
    ownerType: "company",
    market: "Dallas, TX",
    totalProperties: 6,
    portfolioValue: 1_510_000,
    avgPurchasePrice: 198_000,
    totalPurchasePrice: 1_188_000,
    totalEquity: 1_510_000,
    totalMortgageBalance: 0,
    phoneNumbers: ["(214) 555-0175", "(469) 555-0112"],
    emailAddresses: ["deals@lonestarflips.example"],
    mailingAddress: "1401 Elm St, Dallas, TX 75202",
    lastPropertyAddress: "2714 Pennsylvania Ave, Dallas, TX 75215",
    lastPropertyPurchaseDate: "2025-12-02",
    lastPropertyPurchasePrice: 176_500,
    lastPropertyBedrooms: 3,
    lastPropertyBathrooms: 1,
    lastPropertySquareFeet: 1_150,
  },
  {
    buyerName: "Robert Kim",
    buyerType: "cash_buyers",
    ownerType: "individual",
    market: "Atlanta, GA",
    totalProperties: 4,
    portfolioValue: 920_000,
    avgPurchasePrice: 205_000,
    totalPurchasePrice: 820_000,
    totalEquity: 920_000,
    totalMortgageBalance: 0,
    phoneNumbers: ["(404) 555-0166"],
    emailAddresses: ["rkim.invest@example.com"],
    mailingAddress: "55 Peachtree Center Ave, Atlanta, GA 30303",
    lastPropertyAddress: "1187 Lucile Ave SW, Atlanta, GA 30310",
    lastPropertyPurchaseDate: "2026-02-20",
    lastPropertyPurchasePrice: 212_000,
    lastPropertyBedrooms: 4,
    lastPropertyBathrooms: 2,
    lastPropertySquareFeet: 1_640,
  },
  {
    buyerName: "Valley Rental Partners",
    buyerType: "active_landlord",
    ownerType: "company",
    market: "Mesa, AZ",
    totalProperties: 9,
    portfolioValue: 2_730_000,
    avgPurchasePrice: 289_000,
    totalPurchasePrice: 2_601_000,
    totalEquity: 2_730_000,
    totalMortgageBalance: 0,
    phoneNumbers: [],
    emailAddresses: ["info@valleyrental.example"],
    mailingAddress: "20 E Main St, Mesa, AZ 85201",
    lastPropertyAddress: "945 N Pasadena, Mesa, AZ 85201",
    lastPropertyPurchaseDate: "2025-11-18",
    lastPropertyPurchasePrice: 305_000,
    lastPropertyBedrooms: 3,
    lastPropertyBathrooms: 2,
    lastPropertySquareFeet: 1_480,
  },
] as const;

/** A closed deal's statement, rendered with the contract layout. */
const DEMO_CLOSING = {
  title: "Closing Statement",
  fileName: "Closing-Statement-2714-Pennsylvania-Ave.pdf",
  parties: [
    "Settlement date: 02/14/2026. Property: 2714 Pennsylvania Ave, Dallas, TX 75215.",
    "Seller: Estate of H. Wallace. Buyer: Lone Star Flips (assignee of Breeze Demo Homes LLC).",
  ],
  sections: [
    { heading: "Contract price", body: "$176,500.00" },
    { heading: "Assignment fee to Breeze Demo Homes LLC", body: "$12,500.00" },
    { heading: "Title and escrow fees (paid by buyer)", body: "$2,140.00" },
  ],
  signatures: ["Closing agent: North Texas Title Co."],
};

type SubjectProperty = {
  id: string | null;
  address: string;
  city: string | null;
  state: string | null;
  zipCode: string;
  ownerName: string | null;
  maxOffer: number | null;
  price: number | null;
};

/** The property the demo documents name when the user has none of their own. */
const DEMO_SUBJECT: SubjectProperty = {
  id: null,
  address: "4821 N 35th Ave",
  city: "Phoenix",
  state: "AZ",
  zipCode: "85019",
  ownerName: "Maria Lopez",
  maxOffer: 182_000,
  price: null,
};

export async function seedDemoRecords(db: Db, userId: string, files: R2Bucket, now = new Date()) {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const ownProperties = await db
    .select({
      id: properties.id,
      address: properties.address,
      city: properties.city,
      state: properties.state,
      zipCode: properties.zipCode,
      ownerName: properties.ownerName,
      maxOffer: properties.maxOffer,
      price: properties.price,
    })
    .from(properties)
    .where(eq(properties.userId, userId))
    .limit(3);
  const ownContacts = await demoContacts(db, userId, ownProperties);
  const statements = [...conversationStatements(db, userId, at, ownContacts, ownProperties), ...buyerStatements(db, userId, at)];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  const documentCount = await seedDemoDocuments(db, userId, files, at, ownProperties[0]);
  return { conversations: THREADS.length, documents: documentCount, buyerLeads: BUYERS.length };
}

/** The user's first contacts, topped up to one per demo thread. */
async function demoContacts(db: Db, userId: string, ownProperties: { id: string }[]) {
  const ownContacts = await db
    .select({ id: contacts.id, name: contacts.name, propertyId: contacts.propertyId })
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .limit(3);
  if (ownContacts.length >= THREADS.length) return ownContacts;
  const created = THREADS.slice(ownContacts.length).map((thread, index) => ({
    id: crypto.randomUUID(),
    userId,
    name: thread.name,
    phone: thread.phone,
    email: thread.email,
    propertyId: ownProperties[ownContacts.length + index]?.id ?? null,
  }));
  await db.insert(contacts).values(created);
  return [...ownContacts, ...created.map(({ id, name, propertyId }) => ({ id, name, propertyId }))];
}

/** Conversations and their messages, one thread per contact. */
function conversationStatements(
  db: Db,
  userId: string,
  at: (hoursAgo: number) => Date,
  ownContacts: { id: string; name: string; propertyId: string | null }[],
  ownProperties: { id: string }[],
) {
  const statements = [];
  for (const [index, thread] of THREADS.entries()) {
    const contact = ownContacts[index];
    const conversationId = crypto.randomUUID();
    const latest = Math.min(...thread.messages.map((m) => m.hoursAgo));
    statements.push(
      db.insert(conversations).values({
        id: conversationId,
        userId,
        title: contact.name,
        contactId: contact.id,
        propertyId: contact.propertyId ?? ownProperties[index]?.id ?? null,
        agentType: "negotiation",
        createdAt: at(Math.max(...thread.messages.map((m) => m.hoursAgo))),
        updatedAt: at(latest),
      }),
    );
    for (const message of thread.messages) {
      statements.push(
        db.insert(messages).values({
          userId,
          conversationId,
          role: message.role,
          content: message.content,
          isAiGenerated: message.ai ?? false,
          createdAt: at(message.hoursAgo),
        }),
      );
    }
  }
  return statements;
}

function buyerStatements(db: Db, userId: string, at: (hoursAgo: number) => Date) {
  return BUYERS.map((buyer, index) =>
    db.insert(buyerLeads).values({
      ...buyer,
      phoneNumbers: [...buyer.phoneNumbers],
      emailAddresses: [...buyer.emailAddresses],
      userId,
      createdAt: at(24 * (index + 1)),
      updatedAt: at(24 * (index + 1)),
    }),
  );
}

/** Documents: a generated purchase agreement (PDF), a closing statement (PDF) and a letter of intent (text). */
async function seedDemoDocuments(db: Db, userId: string, files: R2Bucket, at: (hoursAgo: number) => Date, ownSubject?: SubjectProperty) {
  const subject = ownSubject ?? DEMO_SUBJECT;
  const agreement = contractText({
    kind: "purchase_agreement",
    date: at(30),
    property: {
      address: subject.address,
      city: subject.city,
      state: subject.state,
      zipCode: subject.zipCode,
      ownerName: subject.ownerName,
      price: subject.maxOffer ?? subject.price ?? null,
    },
    company: {
      companyName: "Breeze Demo Homes LLC",
      title: "Acquisitions Manager",
      signerName: "Dana Demo",
      email: "demo@breeze.example",
      phone: "(602) 555-0100",
      address: "100 N Central Ave, Phoenix, AZ 85004",
    },
  });
  const loi = demoLetterOfIntent(subject);
  const items = [
    {
      name: agreement.fileName,
      type: "purchase_agreement" as const,
      status: "pending" as const,
      bytes: await renderContractPdf(agreement),
      ext: "pdf",
      contentType: "application/pdf",
      hoursAgo: 30,
      propertyId: subject.id,
    },
    {
      name: DEMO_CLOSING.fileName,
      type: "closing_statement" as const,
      status: "completed" as const,
      bytes: await renderContractPdf(DEMO_CLOSING),
      ext: "pdf",
      contentType: "application/pdf",
      hoursAgo: 24 * 9,
      propertyId: null,
    },
    {
      name: "Letter of Intent.txt",
      type: "letter_of_intent" as const,
      status: "draft" as const,
      bytes: new TextEncoder().encode(loi),
      ext: "txt",
      contentType: "text/plain; charset=utf-8",
      hoursAgo: 3,
      propertyId: subject.id,
    },
  ];
  for (const item of items) {
    const key = documentKey(userId, item.ext);
    await files.put(key, item.bytes, { httpMetadata: { contentType: item.contentType } });
    await db.insert(documents).values({
      userId,
      propertyId: item.propertyId,
      name: item.name,
      type: item.type,
      status: item.status,
      filePath: key,
      contentType: item.contentType,
      sizeBytes: item.bytes.byteLength,
      createdAt: at(item.hoursAgo),
      updatedAt: at(item.hoursAgo),
    });
  }
  return items.length;
}

function demoLetterOfIntent(subject: SubjectProperty) {
  return [
    "LETTER OF INTENT",
    "",
    `Property: ${[subject.address, subject.city, subject.state].filter(Boolean).join(", ")}`,
    "Buyer: Breeze Demo Homes LLC",
    "",
    "We intend to purchase the property for cash, as-is, closing within 21 days of a signed purchase agreement.",
    "This letter is not binding; it outlines the terms we are prepared to put in a purchase agreement.",
    "",
    "Dana Demo, Acquisitions Manager — (602) 555-0100",
  ].join("\n");
}
