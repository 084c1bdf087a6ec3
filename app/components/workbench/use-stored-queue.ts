import { useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useSyncExternalStore } from "react";

import { LEAD_QUEUE_KEY, loadLeadQueue, parseLeadQueue, storeLeadQueue, type LeadQueue } from "#app/domain/leads/queue.ts";
import { requestedLeadIndex, syncLeadQueue, workbenchHref, type ServerQueue } from "#app/domain/workbench/workbench-rules.ts";

/** Fired on this window after the page stores the queue (the `storage` event only reaches other tabs). */
const STORED_EVENT = "breeze:lead-queue";

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(STORED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(STORED_EVENT, onChange);
  };
}

/** The stored text (a string compares by value, so an unchanged queue does not re-render); null on the server or when refused. */
function storedText(): string | null {
  try {
    return localStorage.getItem(LEAD_QUEUE_KEY);
  } catch {
    return null;
  }
}

/**
 * The browser's lead queue (localStorage `leadQueue`, app/domain/leads/queue.ts) as React state: null in the server
 * render and during hydration, then what is stored — also when another tab changes it, or `storeQueue` here.
 */
export function useStoredLeadQueue(): LeadQueue | null {
  const text = useSyncExternalStore(subscribe, storedText, () => null);
  return useMemo(() => parseLeadQueue(text), [text]);
}

/** Stores the queue and tells this window's `useStoredLeadQueue`s (a plain function: storing subscribes to nothing). */
export function storeQueue(queue: LeadQueue): void {
  if (storeLeadQueue(queue)) window.dispatchEvent(new Event(STORED_EVENT));
}

/**
 * The browser's copy of the queue (localStorage leadQueue) follows the server's: its worked marks count too (the
 * bottom bar reads them), and without `?lead=` its position is where the page opens.
 */
export function useStoredQueueSync(
  { leads, saved, requestId, location, pinned }: Omit<ServerQueue, "worked"> & { saved: Record<string, unknown>; pinned: string | null },
  leadParam: string | null,
) {
  const navigate = useNavigate();
  useEffect(() => {
    const requested = requestedLeadIndex(leadParam);
    const queue = syncLeadQueue(loadLeadQueue(), { requestId, location, leads, worked: Object.keys(saved) }, requested);
    storeQueue(queue);
    if (requested === null && queue.index !== 0) navigate(workbenchHref(queue.index, { request: pinned }), { replace: true });
  }, [requestId, location, leads, saved, leadParam, pinned, navigate]);
}
