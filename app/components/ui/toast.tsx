import * as ToastPrimitive from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

import { useHydrated } from "~/components/use-hydrated";

/** Spec 01 §9: one toast at a time, shown 5000 ms, swipe right (50 px) to dismiss; F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;

export type ToastMessage = { title: string; description?: string; variant?: "success" | "error" | "info" };

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});

/** Shows a toast; a new one replaces the one on screen. */
export function useToast() {
  return useContext(ToastContext);
}

const VARIANT = {
  success: "border-emerald-200 bg-white",
  error: "border-red-200 bg-red-50",
  info: "border-slate-200 bg-white",
} as const;

export function Toaster({ children, initial }: { children: ReactNode; initial?: ToastMessage | null }) {
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(initial ? { ...initial, key: 0 } : null);
  const [shownInitial, setShownInitial] = useState(initial);
  const show = useCallback((toast: ToastMessage) => setCurrent((previous) => ({ ...toast, key: (previous?.key ?? 0) + 1 })), []);
  // A new toast the server flashed after a navigation (React's "adjust state when a prop changes" pattern).
  if (initial !== shownInitial) {
    setShownInitial(initial);
    if (initial) setCurrent((previous) => ({ ...initial, key: (previous?.key ?? 0) + 1 }));
  }
  const value = useMemo(() => show, [show]);
  const hydrated = useHydrated();

  return (
    <ToastContext.Provider value={value}>
      <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
        {children}
        {current ? (
          <ToastPrimitive.Root
            key={current.key}
            defaultOpen
            onOpenChange={(open) => (open ? undefined : setCurrent(null))}
            className={`grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-lg border p-4 shadow-lg ${VARIANT[current.variant ?? "info"]} data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]`}
          >
            <ToastPrimitive.Title className="text-sm font-semibold text-slate-900">{current.title}</ToastPrimitive.Title>
            <ToastPrimitive.Close aria-label="Close" className="row-span-2 rounded p-1 text-slate-500 hover:bg-slate-100">
              <span aria-hidden="true">×</span>
            </ToastPrimitive.Close>
            {current.description ? (
              <ToastPrimitive.Description className="text-sm text-slate-700">{current.description}</ToastPrimitive.Description>
            ) : null}
          </ToastPrimitive.Root>
        ) : null}
        {/* Radix renders toasts through a portal, which a server render skips: without JavaScript, show it inline. */}
        {!hydrated && current ? (
          <div
            role="status"
            className={`fixed right-4 bottom-4 z-[100] max-w-sm rounded-lg border p-4 shadow-lg ${VARIANT[current.variant ?? "info"]}`}
          >
            <p className="text-sm font-semibold text-slate-900">{current.title}</p>
            {current.description ? <p className="text-sm text-slate-700">{current.description}</p> : null}
          </div>
        ) : null}
        <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}
