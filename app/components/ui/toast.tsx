import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";

import { TOAST_VARIANT_CLASSES, type ShownToast, type ToastMessage } from "./toast-style.ts";

export type { ToastMessage };

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});

/** Shows a toast; a new one replaces the one on screen. */
export function useToast() {
  return useContext(ToastContext);
}

// Radix's toast is a chunk of its own, loaded when the first toast shows: most pages never show one.
const ToastRegion = lazy(() => import("./toast-region.tsx"));

/** The toast as plain markup: without JavaScript (Radix portals render nothing on the server), and while Radix loads. */
function StaticToast({ toast }: { toast: ToastMessage }) {
  return (
    // The dock (tailwind.css) keeps it above a page's fixed bottom bar; the inner margin matches the Radix viewport's.
    <div
      role="status"
      className={`toast-dock fixed right-0 z-[100] m-4 max-w-sm animate-toast-out rounded-lg border p-4 shadow-lg ${TOAST_VARIANT_CLASSES[toast.variant ?? "info"]}`}
    >
      <p className="text-sm font-semibold wrap-anywhere text-slate-900">{toast.title}</p>
      {toast.description ? <p className="text-sm wrap-anywhere text-slate-700">{toast.description}</p> : null}
    </div>
  );
}

export function Toaster({ children, initial }: { children: ReactNode; initial?: ToastMessage | null }) {
  const [current, setCurrent] = useState<ShownToast | null>(initial ? { ...initial, key: 0 } : null);
  const [shownInitial, setShownInitial] = useState(initial);
  const show = useCallback((toast: ToastMessage) => setCurrent((previous) => ({ ...toast, key: (previous?.key ?? 0) + 1 })), []);
  const close = useCallback(() => setCurrent(null), []);
  // A new toast the server flashed after a navigation (React's "adjust state when a prop changes" pattern).
  if (initial !== shownInitial) {
    setShownInitial(initial);
    if (initial) setCurrent((previous) => ({ ...initial, key: (previous?.key ?? 0) + 1 }));
  }
  const value = useMemo(() => show, [show]);
  const hydrated = useHydrated();

  return (
    <ToastContext.Provider value={value}>
      {children}
      {current && hydrated ? (
        <Suspense fallback={<StaticToast toast={current} />}>
          <ToastRegion current={current} onClose={close} />
        </Suspense>
      ) : current ? (
        <StaticToast toast={current} />
      ) : null}
    </ToastContext.Provider>
  );
}
