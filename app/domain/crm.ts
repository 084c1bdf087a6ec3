/**
 * The CRM section's pure parts (spec 01 §2 "CRM and Lead Management section", §4 CRM figures): status labels and
 * the filter, lead-type labels, the summary figures, the search, and the CSV export (RFC 4180).
 */
import { PROPERTY_STATUS_LABELS, PROPERTY_STATUSES, type PropertyStatus } from "@db/enums";
import { z } from "zod";
import { toCsv } from "./csv";
import { formatDate } from "./format";
import { parseMoneyText } from "./money";
import { formatPhone, toE164 } from "./phone";
import { isUsState } from "./us-states";

export const ALREADY_IN_CRM = "Already in CRM";

/** The statuses and labels of db/enums.ts under the names the CRM code reads. */
export const STATUS_LABELS = PROPERTY_STATUS_LABELS;
export type LeadStatus = PropertyStatus;
export const LEAD_STATUSES = PROPERTY_STATUSES;

/** The status filter's options in the spec's order; "all" is All Leads. */
export const STATUS_FILTERS = [
  { value: "all", label: "All Leads" },
  { value: "new", label: "New" },
  { value: "contacted", label: "Contacted" },
  { value: "qualified", label: "Qualified" },
  { value: "under_contract", label: "Under Contract" },
  { value: "closed", label: "Closed" },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && Object.hasOwn(STATUS_LABELS, value);
}

/** Any unknown status displays as New (spec 02 §4). */
export function statusLabel(status: string | null | undefined): string {
  return isLeadStatus(status) ? STATUS_LABELS[status] : STATUS_LABELS.new;
}

/** A `?status=` value as a filter: one of the five, else All Leads. */
export function statusFilterOf(value: string | null | undefined): StatusFilter {
  return STATUS_FILTERS.some((option) => option.value === value) ? (value as StatusFilter) : "all";
}

/** Lead types are displayed with underscores replaced by spaces ("absentee_owner" → "absentee owner"). */
export function leadTypeLabel(leadType: string | null | undefined): string {
  return leadType ? leadType.replaceAll("_", " ") : "";
}

export type CrmFigures = { totalLeads: number; qualified: number; underContract: number };

/** Total is the number of leads; Qualified and Under Contract count leads with those statuses (spec 01 §4). */
export function crmFigures(leads: readonly { status: string }[]): CrmFigures {
  let qualified = 0;
  let underContract = 0;
  for (const lead of leads) {
    if (lead.status === "qualified") qualified += 1;
    else if (lead.status === "under_contract") underContract += 1;
  }
  return { totalLeads: leads.length, qualified, underContract };
}

/** The same figures from per-status counts (what the server's GROUP BY gives). */
export function crmFiguresFromCounts(counts: readonly { status: string; count: number }[]): CrmFigures {
  let totalLeads = 0;
  let qualified = 0;
  let underContract = 0;
  for (const { status, count } of counts) {
    totalLeads += count;
    if (status === "qualified") qualified += count;
    else if (status === "under_contract") underContract += count;
  }
  return { totalLeads, qualified, underContract };
}

/** The free-text search: case-insensitive, over address and city; blank matches everything. */
export function matchesSearch(lead: { address: string; city: string | null }, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return lead.address.toLowerCase().includes(needle) || (lead.city ?? "").toLowerCase().includes(needle);
}

/** The status filter and the search together, as the section applies them. */
export function filterLeads<T extends { status: string; address: string; city: string | null }>(
  leads: readonly T[],
  filter: { status: StatusFilter; q: string },
): T[] {
  return leads.filter((lead) => (filter.status === "all" || lead.status === filter.status) && matchesSearch(lead, filter.q));
}

// --- CSV export -------------------------------------------------------------------------------------------------

export type CsvLead = {
  id: string;
  address: string;
  city: string | null;
  state: string | null;
  zipCode: string;
  propertyType: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  yearBuilt: number | null;
  status: string;
  leadType: string | null;
  arv: number | null;
  maxOffer: number | null;
  equityPercentage: number | null;
  equityBalance: number | null;
  lastSalePrice: number | null;
  lastSaleDate: string | null;
  ownerName: string | null;
  ownerPhone: string | null;
  ownerEmail: string | null;
  ownerMailingAddress: string | null;
  ownerMobilePhone: string | null;
  ownerLandLine: string | null;
  ownerDncPhone: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
};

/** The export's columns: every CRM column and every owner column. Money and counts stay plain numbers for spreadsheets. */
export const CSV_COLUMNS: { header: string; value: (lead: CsvLead) => string | number | null | undefined }[] = [
  { header: "Address", value: (l) => l.address },
  { header: "City", value: (l) => l.city },
  { header: "State", value: (l) => l.state },
  { header: "ZIP Code", value: (l) => l.zipCode },
  { header: "Property Type", value: (l) => leadTypeLabel(l.propertyType) },
  { header: "Bedrooms", value: (l) => l.bedrooms },
  { header: "Bathrooms", value: (l) => l.bathrooms },
  { header: "Square Feet", value: (l) => l.squareFeet },
  { header: "Year Built", value: (l) => l.yearBuilt },
  { header: "Status", value: (l) => statusLabel(l.status) },
  { header: "Lead Type", value: (l) => leadTypeLabel(l.leadType) },
  { header: "ARV", value: (l) => l.arv },
  { header: "Max Offer", value: (l) => l.maxOffer },
  { header: "Equity %", value: (l) => l.equityPercentage },
  { header: "Equity Balance", value: (l) => l.equityBalance },
  { header: "Last Sale Price", value: (l) => l.lastSalePrice },
  { header: "Last Sale Date", value: (l) => (l.lastSaleDate ? formatDate(l.lastSaleDate) : "") },
  { header: "Owner Name", value: (l) => l.ownerName },
  { header: "Owner Phone", value: (l) => formatPhone(l.ownerPhone) },
  { header: "Owner Email", value: (l) => l.ownerEmail },
  { header: "Owner Mailing Address", value: (l) => l.ownerMailingAddress },
  { header: "Owner Mobile Phone", value: (l) => formatPhone(l.ownerMobilePhone) },
  { header: "Owner Land Line", value: (l) => formatPhone(l.ownerLandLine) },
  { header: "Owner DNC Phone", value: (l) => formatPhone(l.ownerDncPhone) },
  { header: "Created", value: (l) => formatDate(l.createdAt) },
  { header: "Updated", value: (l) => formatDate(l.updatedAt) },
  { header: "Lead ID", value: (l) => l.id },
];

/** The whole file: a header row, then one row per lead, through the shared CSV writer (RFC 4180, formula-safe). */
export function leadsToCsv(leads: readonly CsvLead[]): string {
  return toCsv([CSV_COLUMNS.map((column) => column.header), ...leads.map((lead) => CSV_COLUMNS.map((column) => column.value(lead)))]);
}

/** "breeze-leads-2026-11-22.csv", or with the filter: "breeze-leads-qualified-2026-11-22.csv". */
export function csvFilename(status: StatusFilter, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `breeze-leads${status === "all" ? "" : `-${status.replaceAll("_", "-")}`}-${day}.csv`;
}

// --- input schemas (shared by the Add Lead form in the browser and the server) ----------------------------------------------------------------------------------------------

const isBlank = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "");

/** "250000", "$250,000", 250000 → 250000; blank → null; anything else is left for zod to refuse. */
function toNumber(value: unknown): unknown {
  return isBlank(value) ? null : parseMoneyText(value);
}

/** Largest value of the spec's money precision 10,2. */
const MONEY_MAX = 99_999_999.99;

function moneyField(label: string, { allowNegative = false } = {}) {
  const base = z.number({ error: `${label} must be a number` }).max(MONEY_MAX, `${label} must be at most $99,999,999`);
  return z
    .preprocess(toNumber, (allowNegative ? base.min(-MONEY_MAX, `${label} must be at least -$99,999,999`) : base.min(0, `${label} cannot be negative`)).nullable())
    .optional();
}

function positiveField(label: string, max: number, { integer = false } = {}) {
  let base = z.number({ error: `${label} must be a number` }).gt(0, `${label} must be greater than 0`).max(max, `${label} must be at most ${max.toLocaleString("en-US")}`);
  if (integer) base = base.int(`${label} must be a whole number`);
  return z.preprocess(toNumber, base.nullable()).optional();
}

function percentField(label: string, { integer = false } = {}) {
  let base = z.number({ error: `${label} must be a number` }).min(0, `${label} must be between 0 and 100`).max(100, `${label} must be between 0 and 100`);
  if (integer) base = base.int(`${label} must be a whole number`);
  return z.preprocess(toNumber, base.nullable()).optional();
}

function textField(label: string, max: number) {
  return z
    .preprocess((value) => (isBlank(value) ? null : value), z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).nullable())
    .optional();
}

/** Phones as typed; stored as E.164 when they are US numbers, else as typed. */
function phoneField(label: string) {
  return textField(label, 40).transform((value) => (value ? (toE164(value) ?? value) : value));
}

const yearBuilt = z
  .preprocess(
    toNumber,
    z
      .number({ error: "Year built must be a number" })
      .int("Year built must be a whole number")
      .min(1800, "Year built must be 1800 or later")
      // The current year is read at parse time: Workers freeze the clock at module scope.
      .refine((year) => year <= new Date().getUTCFullYear() + 5, { message: "Year built cannot be more than 5 years from now" })
      .nullable(),
  )
  .optional();

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const PROPERTY_FIELDS = {
  address: required("Address", 200),
  city: required("City", 100),
  state: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
    z
      .string({ error: "State is required" })
      .min(1, "State is required")
      .regex(/^[A-Z]{2}$/, { message: "State must be 2 letters", abort: true })
      .refine(isUsState, "State must be one of the 50 US state codes"),
  ),
  zipCode: z.preprocess(
    (value) => (typeof value === "number" ? String(value).padStart(5, "0") : typeof value === "string" ? value.trim() : value),
    z.string({ error: "ZIP code is required" }).min(1, "ZIP code is required").regex(/^\d{5}(-\d{4})?$/, "ZIP code must be 5 digits"),
  ),
  bedrooms: positiveField("Bedrooms", 50, { integer: true }),
  bathrooms: positiveField("Bathrooms", 50),
  squareFeet: positiveField("Square feet", 1_000_000, { integer: true }),
  yearBuilt,
  propertyType: z
    .preprocess((value) => (isBlank(value) ? undefined : value), z.string().trim().max(50, "Property type must be at most 50 characters").optional())
    .optional(),
  arv: moneyField("ARV"),
  maxOffer: moneyField("Max offer"),
  analysisArv: moneyField("Analysis ARV"),
  price: moneyField("Price"),
  equityPercentage: percentField("Equity percentage"),
  equityBalance: moneyField("Equity balance", { allowNegative: true }),
  confidenceScore: percentField("Confidence score", { integer: true }),
  lastSalePrice: moneyField("Last sale price"),
  lastSaleDate: z
    .preprocess((value) => (isBlank(value) ? null : value), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Last sale date must be a date (YYYY-MM-DD)").nullable())
    .optional(),
  ownerName: textField("Owner name", 200),
  ownerPhone: phoneField("Owner phone"),
  ownerEmail: z
    .preprocess((value) => (isBlank(value) ? null : typeof value === "string" ? value.trim().toLowerCase() : value), z.email("Invalid email address").max(254).nullable())
    .optional(),
  ownerMailingAddress: textField("Owner mailing address", 300),
  ownerDncPhone: phoneField("Owner DNC phone"),
  ownerMobilePhone: phoneField("Owner mobile phone"),
  ownerLandLine: phoneField("Owner land line"),
  status: z
    .preprocess((value) => (isBlank(value) ? undefined : value), z.enum(LEAD_STATUSES, { error: `Status must be one of ${LEAD_STATUSES.join(", ")}` }).optional())
    .optional(),
  currentAgent: textField("Current agent", 50),
  leadType: textField("Lead type", 50),
  condition: textField("Condition", 50),
  notes: textField("Notes", 5000),
};

/** POST /api/properties and the Add Lead form: the fields of spec 02 "Property as sent on save" and a few more. */
export const PropertyInputSchema = z.object(PROPERTY_FIELDS);
export type PropertyInput = z.infer<typeof PropertyInputSchema>;

/** PATCH /api/properties/{id}: any editable field; at least one. */
export const PropertyPatchSchema = z
  .object(PROPERTY_FIELDS)
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Nothing to update", path: ["form"] });
export type PropertyPatch = z.infer<typeof PropertyPatchSchema>;


// --- owner phones for the lead details --------------------------------------------------------------------------

export type PhoneLine = { number: string; type: string; dnc: boolean };

type OwnerPhoneSources = {
  ownerPhoneNumbers?: readonly { number: string; type?: string | null; dnc?: boolean | null }[] | null;
  ownerPhone?: string | null;
  ownerMobilePhone?: string | null;
  ownerLandLine?: string | null;
  ownerDncPhone?: string | null;
};

/**
 * Every owner phone once (compared by digits), in the vendor's list order first, then the single fields. A number
 * is flagged DNC when any source says so — the do-not-call phone field, or the list's dnc flag.
 */
export function ownerPhones(lead: OwnerPhoneSources): PhoneLine[] {
  const lines: PhoneLine[] = [];
  const byDigits = new Map<string, PhoneLine>();
  const add = (number: string | null | undefined, type: string, dnc: boolean) => {
    const digits = (number ?? "").replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
    if (!digits) return;
    const known = byDigits.get(digits);
    if (known) {
      known.dnc ||= dnc;
      if (known.type === "unknown" && type !== "unknown") known.type = type;
      return;
    }
    const line = { number: number!.trim(), type, dnc };
    byDigits.set(digits, line);
    lines.push(line);
  };
  for (const phone of lead.ownerPhoneNumbers ?? []) add(phone.number, phone.type ?? "unknown", Boolean(phone.dnc));
  add(lead.ownerMobilePhone, "mobile", false);
  add(lead.ownerLandLine, "landline", false);
  add(lead.ownerPhone, "unknown", false);
  add(lead.ownerDncPhone, "unknown", true);
  return lines;
}
