/**
 * One buyer's email about a deal under contract: the place (never the street, the seller or their contact), the facts,
 * the asking price, the closing, the link to the deal's page, the sender's postal address (CAN-SPAM) and the one-click
 * unsubscribe, as text and as HTML. Pure and deterministic: the same deal, sender and links give the same email, so a
 * batch sent again under its idempotency key is recognised by the provider.
 */
import { formatBaths, formatMoney, formatNumber } from "#app/domain/shared/format.ts";

import { dayText } from "./contract.ts";

export type BlastDeal = {
  city: string | null;
  state: string | null;
  zip: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  yearBuilt: number | null;
  asking: number | null;
  closeDate: Date | null;
};

export type BlastSender = { companyName: string; email: string | null; phone: string | null; postalAddress: string };

/** The absolute links one email carries: the deal's page for buyers and this recipient's unsubscribe page. */
export type BlastLinks = { dealUrl: string; unsubscribeUrl: string };

/** The headers of RFC 8058's one-click unsubscribe (what Gmail and Yahoo ask of bulk senders). */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const placeOf = (deal: BlastDeal) =>
  [deal.city, [deal.state, deal.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ") || "your area";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
const linkHtml = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;

/** The email's lines, each as text and (where it differs) as HTML. */
function blastLines(deal: BlastDeal, sender: BlastSender, links: BlastLinks) {
  const place = placeOf(deal);
  const facts = [
    deal.bedrooms !== null ? `${deal.bedrooms} bd` : null,
    deal.bathrooms !== null ? `${formatBaths(deal.bathrooms)} ba` : null,
    deal.squareFeet !== null ? `${formatNumber(deal.squareFeet)} sqft` : null,
    deal.yearBuilt !== null ? `built ${deal.yearBuilt}` : null,
  ].filter((part) => part !== null);
  const asking = deal.asking !== null ? formatMoney(deal.asking) : null;
  const contact = [sender.email, sender.phone].filter(Boolean).join(" or ");
  const unsubscribe = `Unsubscribe (no more deals from ${sender.companyName})`;
  return {
    place,
    asking,
    intro: `${sender.companyName} has a property under contract in ${place}.`,
    details: [
      ...(facts.length > 0 ? [facts.join(" · ")] : []),
      ...(asking ? [`Asking: ${asking} (assignment of contract, sold as is)`] : []),
      ...(deal.closeDate ? [`Closing by: ${dayText(deal.closeDate)}`] : []),
    ],
    dealLink: { lead: "See the deal and make an offer", url: links.dealUrl },
    questions: contact ? `Questions? Reply to this email or contact ${contact}.` : "Questions? Reply to this email.",
    caveat: "Buyers verify all information themselves.",
    footer: `${sender.companyName} · ${sender.postalAddress}`,
    unsubscribe: { lead: unsubscribe, url: links.unsubscribeUrl },
  };
}

/** One buyer's email: subject, text, HTML and the one-click unsubscribe headers. */
export function blastEmail(deal: BlastDeal, sender: BlastSender, links: BlastLinks) {
  const lines = blastLines(deal, sender, links);
  const subject = `Under contract in ${lines.place}${lines.asking ? ` — ${lines.asking}` : ""}`;
  const text = [
    lines.intro,
    "",
    ...lines.details,
    "",
    `${lines.dealLink.lead}: ${lines.dealLink.url}`,
    lines.questions,
    lines.caveat,
    "",
    lines.footer,
    `${lines.unsubscribe.lead}: ${lines.unsubscribe.url}`,
  ].join("\n");
  const paragraph = (html: string) => `<p>${html}</p>`;
  const html = [
    paragraph(escapeHtml(lines.intro)),
    ...(lines.details.length > 0 ? [paragraph(lines.details.map(escapeHtml).join("<br>"))] : []),
    paragraph(`${escapeHtml(lines.dealLink.lead)}: ${linkHtml(lines.dealLink.url, lines.dealLink.url)}`),
    paragraph(`${escapeHtml(lines.questions)}<br>${escapeHtml(lines.caveat)}`),
    paragraph(
      `${escapeHtml(lines.footer)}<br>${escapeHtml(lines.unsubscribe.lead)}: ${linkHtml(lines.unsubscribe.url, lines.unsubscribe.url)}`,
    ),
  ].join("\n");
  return { subject, text, html, headers: unsubscribeHeaders(links.unsubscribeUrl) };
}
