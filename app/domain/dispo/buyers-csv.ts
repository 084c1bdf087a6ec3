/**
 * A CSV of buyers → buyer inputs, every row checked with the buyer schema and a bad row reported with its line, as the
 * sold-comps import reads its files (the same RFC 4180 reader). Pure: the service writes a file only without bad rows.
 *
 * Header (by name, any order; only `name` is required): name, company, email, phone, markets, property_types,
 * price_min, price_max, min_beds, max_repair_level, email_consent. Lists (markets, property types) are separated by ";".
 */
import { csvRecords, type BadRow } from "#app/domain/sales/sales-csv.ts";

import { BuyerInputSchema, buyerMatchKey, type BuyerInput } from "./buyer-schema.ts";

export const BUYERS_CSV_COLUMNS = [
  "name",
  "company",
  "email",
  "phone",
  "markets",
  "property_types",
  "price_min",
  "price_max",
  "min_beds",
  "max_repair_level",
  "email_consent",
] as const;
type Column = (typeof BUYERS_CSV_COLUMNS)[number];

const FIELD_OF: Record<Column, keyof BuyerInput> = {
  name: "name",
  company: "company",
  email: "email",
  phone: "phone",
  markets: "markets",
  property_types: "propertyTypes",
  price_min: "priceMin",
  price_max: "priceMax",
  min_beds: "minBeds",
  max_repair_level: "maxRepairLevel",
  email_consent: "emailConsent",
};
const COLUMN_OF = Object.fromEntries(Object.entries(FIELD_OF).map(([column, field]) => [field, column])) as Record<string, Column>;

/** The file itself is unusable (no header, no name column, too many rows): nothing is imported. */
export class BuyersCsvError extends Error {}

export type ParsedBuyersCsv = { rows: BuyerInput[]; bad: BadRow[] };

/** Every good row and every bad one; throws BuyersCsvError when the header is unusable or there are over `maxRows` rows. */
export function parseBuyersCsv(text: string, { maxRows }: { maxRows: number }): ParsedBuyersCsv {
  const records = csvRecords(text.replace(/^\uFEFF/, ""));
  const header = records[0]?.fields.map((name) => name.trim().toLowerCase()) ?? [];
  if (header.every((cell) => cell === ""))
    throw new BuyersCsvError(`The file is empty: expected the header ${BUYERS_CSV_COLUMNS.join(",")}`);
  if (!header.includes("name")) throw new BuyersCsvError(`The header lacks name (expected ${BUYERS_CSV_COLUMNS.join(",")})`);
  const unknown = header.filter((name) => name !== "" && !(BUYERS_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new BuyersCsvError(`Unknown columns: ${unknown.join(", ")} (expected ${BUYERS_CSV_COLUMNS.join(",")})`);
  const body = records.slice(1).filter(({ fields }) => fields.some((cell) => cell.trim() !== ""));
  if (body.length > maxRows) {
    throw new BuyersCsvError(
      `The file has ${body.length.toLocaleString("en-US")} rows; at most ${maxRows.toLocaleString("en-US")} can be imported at once. Split it into smaller files.`,
    );
  }
  const rows: BuyerInput[] = [];
  const bad: BadRow[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, fields } of body) {
    if (fields.length > header.length) {
      bad.push({ line, messages: [`${fields.length} cells for a header of ${header.length} columns`] });
      continue;
    }
    const cells = Object.fromEntries(BUYERS_CSV_COLUMNS.map((column) => [FIELD_OF[column], fields[header.indexOf(column)] ?? ""]));
    const parsed = BuyerInputSchema.safeParse(cells);
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => {
        const column = COLUMN_OF[String(issue.path[0])];
        return column ? `${column}: ${issue.message}` : issue.message;
      });
      bad.push({ line, messages: [...new Set(messages)] });
      continue;
    }
    const key = buyerMatchKey(parsed.data);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      bad.push({ line, messages: [`the same buyer (name and email) is already on line ${earlier}`] });
      continue;
    }
    firstLine.set(key, line);
    rows.push(parsed.data);
  }
  return { rows, bad };
}
