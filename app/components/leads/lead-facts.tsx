import type { ReactNode } from "react";

import { leadTypeLabel } from "#app/domain/leads/labels.ts";
import { displayPhone } from "#app/domain/leads/phone.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import { formatBaths, formatDate, formatMoney, formatNumber, NOT_AVAILABLE } from "#app/domain/shared/format.ts";
import { confidenceWordsText } from "#app/domain/valuation/view.ts";

/**
 * A seller lead's facts in the sections the spec names (the spec's "Lead Workbench" lead card, "Seller Lead Details
 * dialog"): location, building details, property details, owner, valuation details; and, for the full-details views,
 * the owner's contact information. Missing values read N/A; numbers en-US without decimals; dates MM/DD/YYYY.
 * Shared by the workbench's lead card and the chat's seller cards and dialogs.
 */

function text(value: string | null | undefined): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : NOT_AVAILABLE;
}

function percent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : `${formatNumber(value)}%`;
}

/** "single_family" → "Single Family". */
export function propertyTypeLabel(value: string | null | undefined): string {
  const label = leadTypeLabel(value ?? "");
  return label ? label.replace(/\b\w/g, (letter) => letter.toUpperCase()) : NOT_AVAILABLE;
}

export function FactSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">{children}</dl>
    </section>
  );
}

export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{value}</dd>
    </div>
  );
}

/** "123 Main St, Phoenix, AZ 85004". */

/**
 * `confidenceScore`: the valuation's confidence once the lead is in the CRM and valued (the full-details view shows it
 * in place of the vendor's, which is often missing, so one confidence is shown, not a real one beside "N/A").
 */
export function LeadFacts({ lead, confidenceScore }: { lead: LeadQueueItem; confidenceScore?: number | null }) {
  return (
    <div className="grid gap-3">
      <FactSection title="Location">
        <Fact label="Address" value={text(lead.addressLine)} />
        <Fact label="City" value={text(lead.city)} />
        <Fact label="State" value={text(lead.state)} />
        <Fact label="ZIP" value={text(lead.zip)} />
        <Fact label="APN" value={text(lead.apn)} />
      </FactSection>
      <FactSection title="Building Details">
        <Fact label="Beds" value={formatNumber(lead.bedrooms)} />
        <Fact label="Baths" value={formatBaths(lead.bathrooms)} />
        <Fact label="Sq Ft" value={formatNumber(lead.squareFeet)} />
        <Fact label="Year Built" value={lead.yearBuilt === null ? NOT_AVAILABLE : String(lead.yearBuilt)} />
        <Fact label="Property Type" value={propertyTypeLabel(lead.propertyType)} />
        <Fact label="Market Value" value={formatMoney(lead.estimatedValue)} />
      </FactSection>
      <FactSection title="Property Details">
        <Fact label="Last Sale Price" value={formatMoney(lead.lastSalePrice)} />
        <Fact label="Last Sale Date" value={formatDate(lead.lastSaleDate)} />
        <Fact label="Lead Type" value={leadTypeLabel(lead.flags) || NOT_AVAILABLE} />
      </FactSection>
      <FactSection title="Owner">
        <Fact label="Owner Name" value={text(lead.ownerName)} />
      </FactSection>
      <FactSection title="Valuation Details">
        <Fact label="Confidence Score" value={confidenceWordsText(confidenceScore ?? lead.confidenceScore)} />
        <Fact label="Equity Balance" value={formatMoney(lead.equityBalance)} />
        <Fact label="Equity Percent" value={percent(lead.equityPct)} />
        <Fact label="Estimated Value" value={formatMoney(lead.estimatedValue)} />
        <Fact label="Last Sale Price" value={formatMoney(lead.lastSalePrice)} />
        <Fact label="Last Sale Date" value={formatDate(lead.lastSaleDate)} />
      </FactSection>
    </div>
  );
}

/** The owner's contact information (full-details views): emails, phones, do-not-call phones flagged DNC, mailing address. */
export function OwnerContactFacts({ lead }: { lead: LeadQueueItem }) {
  const callable = lead.raw.ownerPhoneNumbers.filter((phone) => !phone.dnc);
  const dnc = lead.raw.ownerPhoneNumbers.filter((phone) => phone.dnc);
  return (
    <FactSection title="Contact Information">
      <Fact label="Emails" value={lead.raw.ownerEmails.length === 0 ? NOT_AVAILABLE : lead.raw.ownerEmails.join(", ")} />
      <Fact
        label="Phones"
        value={
          callable.length === 0 ? (
            NOT_AVAILABLE
          ) : (
            <ul>
              {callable.map((phone) => (
                <li key={phone.number}>
                  {displayPhone(phone.number)}
                  {phone.type ? <span className="text-slate-500"> ({phone.type})</span> : null}
                </li>
              ))}
            </ul>
          )
        }
      />
      <Fact
        label="Do-Not-Call Phones"
        value={
          dnc.length === 0 ? (
            NOT_AVAILABLE
          ) : (
            <ul>
              {dnc.map((phone) => (
                <li key={phone.number}>
                  {displayPhone(phone.number)} <span className="rounded bg-red-100 px-1 text-xs font-semibold text-red-800">DNC</span>
                </li>
              ))}
            </ul>
          )
        }
      />
      <Fact label="Mailing Address" value={text(lead.raw.ownerMailingAddress)} />
    </FactSection>
  );
}
