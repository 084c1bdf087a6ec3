/**
 * The CRM table's rows as one HTML string (the table renders it with `dangerouslySetInnerHTML`), built the same way
 * on the server and in the browser. Why not JSX: React's streaming renderer turns every closing tag, attribute and
 * text of a hundred rows into a chunk of its own (about 3,000 per page), each encoded and copied separately, which
 * made the rows most of the CRM page's server time; hydration then walked 1,300 elements. A string is one chunk and
 * nothing to hydrate. Every value from the data goes through `escapeHtml`.
 */
import { badgeClass } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { propertyFacts } from "~/domain/crm-view";
import { formatMoney } from "~/domain/format";
import { leadTypeLabel, statusLabel } from "~/domain/lead-labels";
import { formatPhone } from "~/domain/phone";
import { LEAD_STATUS_TONES } from "~/domain/status-tones";

/** The fields of a lead the row shows. */
export type LeadRow = {
  id: string;
  address: string;
  city: string | null;
  state: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  status: string;
  ownerName: string | null;
  ownerPhone: string | null;
  ownerEmail: string | null;
  arv: number | null;
  maxOffer: number | null;
  leadType: string | null;
};

const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text safe inside an element or a double-quoted attribute (the characters React escapes). */
export function escapeHtml(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIALS, (character) => ENTITIES[character]) : value;
}

const ACTION_CLASS = buttonClass("secondary", "whitespace-nowrap", "sm");
const BADGES = new Map<string, string>();

/** The status pill's markup, made once per status. */
function badge(status: string): string {
  let markup = BADGES.get(status);
  if (markup === undefined) {
    const tone = LEAD_STATUS_TONES[status] ?? LEAD_STATUS_TONES.new;
    markup = `<span class="${badgeClass(tone)}">${escapeHtml(statusLabel(status))}</span>`;
    BADGES.set(status, markup);
  }
  return markup;
}

/** The owner's lines (name, phone, email), or "No owner info". */
function owner(lead: LeadRow): string {
  const lines: string[] = [];
  if (lead.ownerName) lines.push(`<strong>${escapeHtml(lead.ownerName)}</strong>`);
  if (lead.ownerPhone) lines.push(escapeHtml(formatPhone(lead.ownerPhone)));
  if (lead.ownerEmail) lines.push(escapeHtml(lead.ownerEmail));
  return lines.length ? `<td>${lines.join("<br>")}</td>` : `<td class="text-slate-500">No owner info</td>`;
}

/**
 * The rows' markup. `rowHref` is the CRM's address with its filter, ending in `&lead=`: Work This Lead is a plain
 * link to it plus the lead's id (the table's one click handler makes a plain click a client-side navigation).
 */
export function leadRowsHtml(leads: readonly LeadRow[], rowHref: string): string {
  let html = "";
  for (const lead of leads) {
    const address = escapeHtml(lead.address);
    const place = lead.city && lead.state ? `${lead.city}, ${lead.state}` : lead.city || lead.state;
    html +=
      `<tr><td><strong>${address}</strong>${place ? `<br>${escapeHtml(place)}` : ""}<br><small>${escapeHtml(propertyFacts(lead))}</small></td>` +
      owner(lead) +
      `<td>${badge(lead.status)}</td><td>${formatMoney(lead.arv)}</td><td>${formatMoney(lead.maxOffer)}</td>` +
      `<td>${escapeHtml(leadTypeLabel(lead.leadType) || "—")}</td>` +
      `<td><a href="${escapeHtml(rowHref + encodeURIComponent(lead.id))}" class="${ACTION_CLASS}" aria-label="Work This Lead: ${address}">Work This Lead</a></td></tr>`;
  }
  return html;
}
