/** "Generate Contract": a contract's wording (domain/documents/contract-text.ts) for one of the user's properties, as a PDF. */
import { and, desc, eq } from "drizzle-orm";

import { documents, properties } from "#db/schema.ts";
import { contractText, type ContractKind } from "#app/domain/documents/contract-text.ts";
import { documentKey } from "#app/domain/documents/file-keys.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { senderQuery } from "#app/services/offers/offer-records.server.ts";

import { renderContractPdf } from "./pdf.server.ts";
import { toDocumentView, type DocumentView } from "./records.server.ts";

/** The user's properties, for the contract form's select. */
export async function listPropertyOptions(context: ServiceContext<"db">, userId: string) {
  const { db } = context;
  return db
    .select({ id: properties.id, address: properties.address, city: properties.city, state: properties.state })
    .from(properties)
    .where(eq(properties.userId, userId))
    .orderBy(desc(properties.createdAt))
    .limit(500);
}

export type GenerateOutcome = { ok: true; document: DocumentView } | { ok: false; status: 400 | 404; message: string };

/** Renders the chosen contract for one of the user's properties and stores it as a draft document. */
export async function generateContract(
  context: ServiceContext<"db" | "files" | "now">,
  userId: string,
  input: { propertyId: string; kind: ContractKind },
): Promise<GenerateOutcome> {
  const now = context.now();
  const [property] = await context.db
    .select()
    .from(properties)
    .where(and(eq(properties.id, input.propertyId), eq(properties.userId, userId)))
    .limit(1);
  if (!property) return { ok: false, status: 404, message: "Property not found" };
  const [owner] = await senderQuery(context, userId);
  const company = owner?.company;
  const signerName = owner?.fullName || [owner?.firstName, owner?.lastName].filter(Boolean).join(" ") || owner?.email || "";
  const companyAddress = company
    ? [
        company.addressStreet1,
        company.addressStreet2,
        [company.addressCity, company.addressState].filter(Boolean).join(", "),
        company.addressPostalCode,
      ]
        .filter(Boolean)
        .join(", ") || null
    : null;
  const text = contractText({
    kind: input.kind,
    date: now,
    property: {
      address: property.address,
      city: property.city,
      state: property.state,
      zipCode: property.zipCode,
      ownerName: property.ownerName,
      price: property.maxOffer ?? property.price ?? null,
      apn: property.apn,
    },
    company: {
      companyName: company?.companyName || signerName,
      title: company?.title ?? null,
      signerName,
      email: company?.offerContactEmail ?? owner?.email ?? null,
      phone: company?.offerContactPhoneE164 ?? null,
      address: companyAddress,
    },
  });
  const bytes = await renderContractPdf(text);
  const key = documentKey(userId, "pdf");
  await context.files.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  const [row] = await context.db
    .insert(documents)
    .values({
      userId,
      propertyId: property.id,
      name: text.fileName,
      type: input.kind,
      status: "draft",
      content: [text.title, ...text.parties, ...text.sections.map((s) => `${s.heading}\n${s.body}`), ...text.signatures].join("\n\n"),
      filePath: key,
      contentType: "application/pdf",
      sizeBytes: bytes.byteLength,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { ok: true, document: toDocumentView(row) };
}
