/**
 * The lead queue (the spec's "Seller Lead Wizard"; "Next Lead"): the seller leads a search found, which one the
 * workbench shows, and which were worked (saved). Kept in the browser's localStorage under `leadQueue`; the server
 * keeps the same search (lead_requests, lead_deliveries), so the workbench also renders without it.
 *
 * Pure operations return a new queue; `loadLeadQueue` / `storeLeadQueue` touch storage and never throw (private
 * browsing, a full quota, or a stale value written by an older build leave the queue empty, not the page broken).
 * No zod here: client components import this module.
 */
import { isRecord, parseJsonRecord } from "#app/domain/shared/guards.ts";

import type { LeadQueueItem } from "./search-options.ts";

export const LEAD_QUEUE_KEY = "leadQueue";

export type LeadQueue = {
  leads: LeadQueueItem[];
  /** The lead on screen, 0-based; always within `leads` (0 when empty). */
  index: number;
  /** Ids of the leads saved (to the CRM) from the workbench. */
  worked: string[];
  /** The server's record of the search that found them (lead_requests.id), when known. */
  requestId: string | null;
  /** The searched location's label ("Phoenix, AZ", "85004"). */
  location: string | null;
};

function clampIndex(index: number, length: number): number {
  if (length === 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), length - 1);
}

export function createLeadQueue(leads: LeadQueueItem[], meta: { requestId?: string | null; location?: string | null } = {}): LeadQueue {
  return { leads, index: 0, worked: [], requestId: meta.requestId ?? null, location: meta.location ?? null };
}

/** set-leads: a new search's leads replace the queue (position and worked marks start over). */
export function setLeads(
  queue: LeadQueue,
  leads: LeadQueueItem[],
  meta: { requestId?: string | null; location?: string | null } = {},
): LeadQueue {
  return createLeadQueue(leads, { requestId: meta.requestId ?? queue.requestId, location: meta.location ?? queue.location });
}

export function currentLead(queue: LeadQueue): LeadQueueItem | null {
  return queue.leads[queue.index] ?? null;
}

export function hasNext(queue: LeadQueue): boolean {
  return queue.index < queue.leads.length - 1;
}

export function hasPrevious(queue: LeadQueue): boolean {
  return queue.index > 0;
}

/** next: the following lead; on the last one the queue stays where it is (the caller says "All Leads Reviewed"). */
export function nextLead(queue: LeadQueue): LeadQueue {
  return hasNext(queue) ? { ...queue, index: queue.index + 1 } : queue;
}

export function previousLead(queue: LeadQueue): LeadQueue {
  return hasPrevious(queue) ? { ...queue, index: queue.index - 1 } : queue;
}

/** go-to-index, clamped to the queue. */
export function goToLead(queue: LeadQueue, index: number): LeadQueue {
  return { ...queue, index: clampIndex(index, queue.leads.length) };
}

/** mark-as-worked: idempotent; an id not in the queue changes nothing. */
export function markWorked(queue: LeadQueue, leadId: string): LeadQueue {
  if (queue.worked.includes(leadId) || !queue.leads.some((lead) => lead.id === leadId)) return queue;
  return { ...queue, worked: [...queue.worked, leadId] };
}

/** "Lead X of N" / "Showing lead X of N": the 1-based position. */
export function position(queue: LeadQueue): { current: number; total: number } {
  return { current: queue.leads.length === 0 ? 0 : queue.index + 1, total: queue.leads.length };
}

// --- storage ----------------------------------------------------------------------------------------------------

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // access denied (some privacy settings throw on the property itself)
  }
}

function isLead(value: unknown): value is LeadQueueItem {
  if (!isRecord(value)) return false;
  const lead = value;
  return (
    typeof lead.id === "string" &&
    typeof lead.addressLine === "string" &&
    typeof lead.city === "string" &&
    typeof lead.state === "string" &&
    typeof lead.raw === "object" &&
    lead.raw !== null
  );
}

/** Reads a stored queue back; anything that is not one (absent, unparsable, an older shape) reads as null. */
export function parseLeadQueue(text: string | null): LeadQueue | null {
  const stored = parseJsonRecord(text);
  if (!stored) return null;
  const leads: unknown = stored.leads;
  if (!Array.isArray(leads) || !leads.every(isLead)) return null;
  const ids = new Set(leads.map((lead) => lead.id));
  const worked = Array.isArray(stored.worked) ? stored.worked.filter((id): id is string => typeof id === "string" && ids.has(id)) : [];
  return {
    leads,
    index: clampIndex(typeof stored.index === "number" ? stored.index : 0, leads.length),
    worked: [...new Set(worked)],
    requestId: typeof stored.requestId === "string" ? stored.requestId : null,
    location: typeof stored.location === "string" ? stored.location : null,
  };
}

export function loadLeadQueue(storage: KeyValueStorage | null = browserStorage()): LeadQueue | null {
  try {
    return parseLeadQueue(storage?.getItem(LEAD_QUEUE_KEY) ?? null);
  } catch {
    return null;
  }
}

/** Stores the queue; false when the browser refused (the server's copy still backs the workbench). */
export function storeLeadQueue(queue: LeadQueue, storage: KeyValueStorage | null = browserStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(LEAD_QUEUE_KEY, JSON.stringify(queue));
    return true;
  } catch {
    return false;
  }
}
