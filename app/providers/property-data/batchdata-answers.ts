/** BatchData's answers as zod schemas (property records, buyer records, skip-trace persons), parsed in one place. */
import { z } from "zod";

import { ProviderError } from "#app/providers/http.server.ts";

/** The name BatchData's errors and ids carry. */
export const PROVIDER = "batchdata";

const number = z.number().finite().nullish();
const text = z.string().nullish();

const AddressSchema = z.object({
  street: z.string().min(1),
  city: z.string().min(1),
  state: z.string().min(1),
  zip: z.string().min(5),
  latitude: number,
  longitude: number,
});
export const MailingAddressSchema = z.object({ street: text, city: text, state: text, zip: text });

/** The owner's whole portfolio (BatchData's property owner profile: every property with the same mailing address). */
const OwnerProfileSchema = z.object({
  propertiesCount: number,
  propertiesTotalEstimatedValue: number,
  propertiesTotalEquity: number,
  mortgagesTotalBalance: number,
  totalPurchasePrice: number,
  averagePurchasePrice: number,
});

/** The fields of a BatchData property record we read; the rest of the record is kept as is in `raw`. */
export const PropertyRecordSchema = z.object({
  _id: z.string().min(1),
  address: AddressSchema,
  ids: z.object({ apn: text }).nullish(),
  general: z.object({ propertyTypeDetail: text }).nullish(),
  building: z.object({ bedroomCount: number, bathroomCount: number, livingAreaSquareFeet: number, yearBuilt: number }).nullish(),
  valuation: z
    .object({ estimatedValue: number, equityPercent: number, equityCurrentEstimatedBalance: number, confidenceScore: number })
    .nullish(),
  openLien: z.object({ totalOpenLienBalance: number }).nullish(),
  /** Data dictionary: `sale.lastSale.saleDate` / `sale.lastSale.price` (there is no `sale.lastSaleDate`). */
  sale: z.object({ lastSale: z.object({ saleDate: text, price: number }).nullish() }).nullish(),
  /** Data dictionary: `intel.lastSoldDate` / `intel.lastSoldPrice`, read when the sale group has no last sale. */
  intel: z.object({ lastSoldDate: text, lastSoldPrice: number }).nullish(),
  owner: z
    .object({
      fullName: text,
      names: z.array(z.object({ first: text, last: text })).nullish(),
      mailingAddress: MailingAddressSchema.nullish(),
    })
    .nullish(),
  quickLists: z
    .object({
      preforeclosure: z.boolean().nullish(),
      /** Data dictionary: `quickLists.absenteeOwnerOutOfState` (the search's list name is out-of-state-absentee-owner). */
      absenteeOwnerOutOfState: z.boolean().nullish(),
      inherited: z.boolean().nullish(),
      corporateOwned: z.boolean().nullish(),
      tiredLandlord: z.boolean().nullish(),
      cashBuyer: z.boolean().nullish(),
    })
    .nullish(),
  propertyOwnerProfile: OwnerProfileSchema.nullish(),
});
export type PropertyRecord = z.infer<typeof PropertyRecordSchema>;

/** A buyer is only a buyer with a portfolio size: without it `minProperties` cannot be checked. */
export const BuyerRecordSchema = PropertyRecordSchema.extend({
  propertyOwnerProfile: OwnerProfileSchema.extend({ propertiesCount: z.number().int().min(0) }),
});
export type BuyerRecord = z.infer<typeof BuyerRecordSchema>;

/** POST /property/search's answer; the properties are checked one by one (parseProperties) to name the bad one. */
export const SearchAnswerSchema = z.object({
  results: z.object({
    properties: z.array(z.unknown()).nullish(),
    meta: z.object({ results: z.object({ resultsFound: z.number().int().min(0) }) }),
  }),
});

const PhoneSchema = z.object({ number: z.string(), type: text, dnc: z.boolean().nullish(), tcpa: z.boolean().nullish() });
/**
 * Emails come as bare strings, or (v1, v3) as objects with `email` — some v1 answers name it `address` — and a
 * `type`: each read as its text.
 */
const EmailSchema = z.union([
  z.string(),
  z.object({ email: z.string(), type: text }).transform((entry) => entry.email),
  z.object({ address: z.string(), type: text }).transform((entry) => entry.address),
]);

/** One person of a skip trace, with the `requestId` of the request it answers when BatchData echoes it. */
const SkipTracePersonSchema = z.object({
  propertyAddress: z.object({ street: text, zip: text }).nullish(),
  name: z.object({ first: text, last: text, full: text }).nullish(),
  phoneNumbers: z.array(PhoneSchema).nullish(),
  emails: z.array(EmailSchema).nullish(),
  mailingAddress: MailingAddressSchema.nullish(),
  meta: z
    .object({ requestId: z.string().nullish().catch(null) })
    .nullish()
    .catch(null),
});
export type SkipTracePerson = z.infer<typeof SkipTracePersonSchema>;

/** Each person read on its own: one that cannot be read is left out and counted, never failing the page. */
export function parsePersons(persons: readonly unknown[]): { persons: SkipTracePerson[]; skipped: number } {
  const read: SkipTracePerson[] = [];
  for (const person of persons) {
    const parsed = SkipTracePersonSchema.safeParse(person);
    if (parsed.success) read.push(parsed.data);
  }
  return { persons: read, skipped: persons.length - read.length };
}

/** POST /property/skip-trace's answer: one person (or none, `meta.matched: false`) per requested property. */
export const SkipTraceAnswerSchema = z.object({
  results: z.object({ persons: z.array(z.unknown()).transform((persons) => parsePersons(persons).persons) }),
});

/** The same answer with how many persons could not be read. */
export const SkipTraceEnvelopeSchema = z.object({ results: z.object({ persons: z.array(z.unknown()) }) });

/** Parses a BatchData answer, or throws the one ProviderError that says which answer and which field was unexpected. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new ProviderError(PROVIDER, `unexpected ${what}: ${path}${issue.message}`);
}

/**
 * Each property of an answer, with the record as BatchData sent it (kept as the lead's or buyer's `raw`). A record
 * we cannot read (no street or ZIP, say) is skipped and counted, with why the first one was: one bad record does not
 * fail the whole page.
 */
export function parseProperties<T>(
  properties: readonly unknown[],
  schema: z.ZodType<T>,
): { rows: { record: T; raw: unknown }[]; skipped: number; firstProblem: string | null } {
  const rows: { record: T; raw: unknown }[] = [];
  let skipped = 0;
  let firstProblem: string | null = null;
  for (const [index, raw] of properties.entries()) {
    try {
      rows.push({ record: parseOrThrow(schema, raw, `property search answer (property ${index})`), raw });
    } catch (error) {
      skipped++;
      firstProblem ??= error instanceof Error ? error.message : String(error);
    }
  }
  return { rows, skipped, firstProblem };
}
