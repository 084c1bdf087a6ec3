/**
 * The Lead Workbench's rules (the spec's "Lead Workbench"; "Workbench status flow" and "Next Lead"): which lead
 * the page shows (`?lead=`, 0-based), which buttons the bottom bar offers, what Next Lead and Pass say and where they
 * go, the status badge, and how the browser's stored queue (localStorage `leadQueue`) follows the server's. Pure and
 * without zod: the page, its action and the unit tests share it.
 */
import { isLeadStatus, type LeadStatus } from "#app/domain/leads/labels.ts";
import { createLeadQueue, goToLead, markWorked, type LeadQueue } from "#app/domain/leads/queue.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";

export const WORKBENCH_PATH = "/leads/workbench";

/** The back-to-wizard button: the chat section with the seller wizard open. */
export const SELLER_WIZARD_HREF = "/?section=chat&wizard=seller";

// --- texts -----------------------------------------------------------------------------------------

/** "With no leads": the toast shown on / after the redirect. */
export const NO_LEADS_TOAST = { title: "No Leads Found", description: "Please run the wizard to find leads first." } as const;
/** The empty state. */
export const NO_LEADS_AVAILABLE = "No Leads Available";
/** Next Lead (or Pass) on the last lead. */
export const ALL_LEADS_REVIEWED = { title: "All Leads Reviewed", description: "You've reached the end of your lead queue." } as const;
export const LEAD_PASSED = "Lead Passed";
/** The spec, the workbench's saves: shown as 'Error - …' (title Error, this description). */
export const SAVE_FAILED = "Failed to save property to CRM.";
export const ADD_FAILED = "Failed to add property to CRM.";
/** Ours: a lead id that was never delivered to the user (another user's, made up). */
export const LEAD_NOT_IN_QUEUE = "That lead is not in your lead queue. Run the wizard again to get a new queue.";

export function reviewingText(total: number): string {
  return `Reviewing ${total} seller ${total === 1 ? "lead" : "leads"}`;
}

/** "Lead X of N" (the header). */
export function positionText(index: number, total: number): string {
  return `Lead ${index + 1} of ${total}`;
}

/** "Showing lead X of N" (Next Lead's toast). */
export function showingText(index: number, total: number): string {
  return `Showing lead ${index + 1} of ${total}`;
}

// --- position ---------------------------------------------------------------------------------------------------

/** `?lead=` as written: a whole number, or null when absent or anything else ("", "-1", "2.5", "x"). */
export function requestedLeadIndex(param: string | null | undefined): number | null {
  const text = param?.trim() ?? "";
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** The lead to show: `?lead=` clamped to the queue (past the end → the last lead; absent or malformed → the first). */
export function leadIndexOf(param: string | null | undefined, total: number): number {
  if (total <= 0) return 0;
  return Math.min(requestedLeadIndex(param) ?? 0, total - 1);
}

/** The workbench's address for a lead, optionally with its full-details view open. */
/**
 * The workbench at a lead: `?lead=` (0-based), `details=1` with the full details open, and `request=` when the page
 * shows a given search's queue (a seller card of an earlier search) instead of the latest.
 */
export function workbenchHref(index: number, options: { details?: boolean; request?: string | null } = {}): string {
  const params = new URLSearchParams({ lead: String(index) });
  if (options.details) params.set("details", "1");
  if (options.request) params.set("request", options.request);
  return `${WORKBENCH_PATH}?${params}`;
}

/** `?request=` as written: a search id (letters, digits, dashes; at most 64), or null. */
export function requestedQueueId(param: string | null | undefined): string | null {
  const text = param?.trim() ?? "";
  return /^[A-Za-z0-9-]{1,64}$/.test(text) ? text : null;
}

/** Where the workbench's forms post: the page itself, keeping `?request=` so the answer returns to the same queue. */
export function workbenchAction(request: string | null | undefined): string {
  return request ? `${WORKBENCH_PATH}?${new URLSearchParams({ request })}` : WORKBENCH_PATH;
}

/** The same page with only the lead (`lead`) or the details view (`details`) changed: nothing to load again. */
export function onlyPositionChanged(from: URL, to: URL): boolean {
  if (from.pathname !== to.pathname) return false;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("lead");
    params.delete("details");
    params.sort();
    return params.toString();
  };
  return rest(from) === rest(to);
}

// --- the bottom bar ---------------------------------------------------------------------------------------------

export type BarButtons = {
  save: boolean;
  work: boolean;
  pass: boolean;
  next: boolean;
  /** The last lead is worked: the bar says the queue is done instead of offering Next Lead. */
  end: boolean;
};

/**
 * Before a save the bar offers Save for Later, Let's Work It and Pass. After either save the two saves (and Pass,
 * which would only move on) are hidden, and Next Lead shows while more leads remain; on the last lead the bar says
 * 'All Leads Reviewed' instead.
 */
export function barButtons({ worked, index, total }: { worked: boolean; index: number; total: number }): BarButtons {
  const more = index < total - 1;
  return { save: !worked, work: !worked, pass: !worked, next: worked && more, end: worked && !more };
}

// --- Next Lead and Pass -----------------------------------------------------------------------------------------

export type Move = { index: number; toast: { title: string; description?: string } };

/**
 * Where Next Lead and Pass go and what they say: the following lead with 'Showing lead X of N' (Pass: 'Lead
 * Passed', then the same); on the last lead the page stays with 'All Leads Reviewed' and 'You've reached the end of
 * your lead queue.' (one toast at a time, so Pass there says only that).
 */
export function moveOn(kind: "next" | "pass", index: number, total: number): Move {
  const from = Math.min(Math.max(index, 0), Math.max(total - 1, 0));
  if (from >= total - 1) return { index: from, toast: { ...ALL_LEADS_REVIEWED } };
  const to = from + 1;
  return kind === "pass"
    ? { index: to, toast: { title: LEAD_PASSED, description: showingText(to, total) } }
    : { index: to, toast: { title: showingText(to, total) } };
}

// --- the status badge -------------------------------------------------------------------------------------------

/**
 * The badge's status: the lead's CRM status once it is saved (analyzed after Let's Work It, then
 * offer_produced and offer_sent; a status set in the CRM shows as the CRM names it), New before; any status the app
 * does not know displays as New.
 */
export function leadStatusOf(crmStatus: string | null | undefined): LeadStatus {
  return isLeadStatus(crmStatus) ? crmStatus : "new";
}

// --- the browser's stored queue ---------------------------------------------------------------------------------

export type ServerQueue = {
  requestId: string;
  location: string | null;
  leads: LeadQueueItem[];
  /** Ids of the queue's leads already in the user's CRM (the server's record of which are worked). */
  worked: string[];
};

/**
 * The stored queue after a visit: when it is the server's search (same requestId) it keeps its position and worked
 * marks, with the server's leads and the server's worked leads added; anything else (another search, none, a stale
 * shape) is replaced by the server's queue (set-leads). `urlIndex` (`?lead=`) wins over the stored position.
 */
export function syncLeadQueue(stored: LeadQueue | null, server: ServerQueue, urlIndex: number | null): LeadQueue {
  const meta = { requestId: server.requestId, location: server.location };
  const same = stored !== null && stored.requestId === server.requestId;
  let queue: LeadQueue = createLeadQueue(server.leads, meta);
  if (same) for (const id of stored.worked) queue = markWorked(queue, id);
  for (const id of server.worked) queue = markWorked(queue, id);
  return goToLead(queue, urlIndex ?? (same ? stored.index : 0));
}
