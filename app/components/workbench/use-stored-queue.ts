import { useMemo, useSyncExternalStore } from "react";

import { LEAD_QUEUE_KEY, parseLeadQueue, storeLeadQueue, type LeadQueue } from "#app/domain/leads/queue.ts";

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
