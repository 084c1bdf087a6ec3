/** The CRM's CSV export: its columns and file name, written through the shared CSV writer (RFC 4180). */
import { headlineNumbersOf } from "#app/domain/offers/deal-numbers.ts";
import { toCsv } from "#app/domain/shared/csv.ts";
import { formatDate } from "#app/domain/shared/format.ts";

import { leadTypeLabel, statusLabel, type StatusFilter } from "./labels.ts";
import { formatPhone } from "./phone.ts";

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
  /** The chosen offer (spec 02 names it maxOffer). */
  maxOffer: number | null;
  /** The 70 % rule's max offer as stored with the ARV, repairs and fee. */
  ruleMaxOffer: number | null;
  repairEstimate?: number | null;
  assignmentFee?: number | null;
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
  // The export keeps its lower-case words (a spreadsheet's data, not a sentence).
  { header: "Property Type", value: (l) => leadTypeLabel(l.propertyType).toLowerCase() },
  { header: "Bedrooms", value: (l) => l.bedrooms },
  { header: "Bathrooms", value: (l) => l.bathrooms },
  { header: "Square Feet", value: (l) => l.squareFeet },
  { header: "Year Built", value: (l) => l.yearBuilt },
  { header: "Status", value: (l) => statusLabel(l.status) },
  { header: "Lead Type", value: (l) => leadTypeLabel(l.leadType).toLowerCase() },
  // The CRM table's three figures, from the one owner of the deal numbers: the offer chosen and the rule's max offer.
  { header: "ARV", value: (l) => headlineNumbersOf(l).arv },
  { header: "Offer", value: (l) => headlineNumbersOf(l).offer },
  { header: "Max Offer", value: (l) => headlineNumbersOf(l).maxOffer },
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
