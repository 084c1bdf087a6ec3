/** What a search posts into the chat: the conversation's title and the results' and failures' texts. */

import type { WizardKind } from "./wizard.ts";

/** A conversation a search starts: named after what it found, or the spec's "No Results: {location}". */
export function searchConversationTitle(kind: WizardKind, location: string, found: boolean): string {
  if (!found) return `No Results: ${location}`;
  return kind === "seller" ? `Seller Leads: ${location}` : `Cash Buyers: ${location}`;
}

export function sellerResultsText(count: number, location: string): string {
  return `Found ${count} seller ${count === 1 ? "lead" : "leads"} in ${location}. They are in your Lead Workbench; here they are too.`;
}

export function buyerResultsText(count: number, location: string): string {
  return `Found ${count} active cash ${count === 1 ? "buyer" : "buyers"} in ${location}.`;
}

/** "Cash Buyer Search Failed" with the error, as a chat message. */
export function cashBuyerFailureText(error: string | null | undefined): string {
  return error ? `Cash Buyer Search Failed: ${error}` : "Cash Buyer Search Failed";
}

/** Skip This One highlights the next card this long (1.5 s). */
