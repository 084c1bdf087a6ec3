import * as ToastPrimitive from "@radix-ui/react-toast";
import { useLayoutEffect, useRef } from "react";

import { TOAST_DURATION_MS, TOAST_VARIANT_CLASSES, type ShownToast } from "./toast-style.ts";

/**
 * The toast on screen, with Radix's toast (timer, swipe to dismiss, F8 to the region, announced to screen readers).
 * Its own chunk: a page loads it when it first shows a toast (ui/toast.tsx).
 */
export default function ToastRegion({ current, onClose }: { current: ShownToast; onClose: () => void }) {
  const toast = useToastSpace(current.key);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      <ToastPrimitive.Root
        key={current.key}
        ref={toast}
        data-toast-root
        defaultOpen
        onOpenChange={(open) => (open ? undefined : onClose())}
        onEscapeKeyDown={keepUnlessFocused}
        className={`grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 rounded-lg border p-4 shadow-lg ${TOAST_VARIANT_CLASSES[current.variant ?? "info"]} data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]`}
      >
        <ToastPrimitive.Title className="text-sm font-semibold wrap-anywhere text-slate-900">{current.title}</ToastPrimitive.Title>
        <ToastPrimitive.Close aria-label="Close" className="row-span-2 rounded p-1 text-slate-500 hover:bg-slate-100">
          <span aria-hidden="true">×</span>
        </ToastPrimitive.Close>
        {current.description ? (
          <ToastPrimitive.Description className="text-sm wrap-anywhere text-slate-700">{current.description}</ToastPrimitive.Description>
        ) : null}
      </ToastPrimitive.Root>
      <ToastPrimitive.Viewport className="toast-dock fixed right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}

/**
 * Escape belongs to what the user is in: a toast closes on it only when focus is in the toast (F8), so an open dialog
 * under a fresh toast still closes on the first Escape (ui/dialog.tsx).
 */
function keepUnlessFocused(event: KeyboardEvent) {
  const target = event.target instanceof Node ? event.target : null;
  if (!document.querySelector("[data-toast-root]")?.contains(target)) event.preventDefault();
}

/**
 * Tells the page how much of the window the toast takes, gap included: `--toast-space` from the bottom or, on a phone,
 * `--toast-top` from the top (on the root element), so the page (tailwind.css) and an open dialog (ui/dialog.tsx) keep
 * clear of it; cleared when the toast goes.
 */
function useToastSpace(key: number) {
  const ref = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    // A toast in the window's top half (a phone's) takes room from the top, one lower from the bottom.
    const measure = () => {
      const box = element.getBoundingClientRect();
      const atTop = box.top + box.height / 2 < window.innerHeight / 2;
      root.style.setProperty(
        atTop ? "--toast-top" : "--toast-space",
        `${Math.max(0, Math.ceil(atTop ? box.bottom + 16 : window.innerHeight - box.top + 8))}px`,
      );
      root.style.removeProperty(atTop ? "--toast-space" : "--toast-top");
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      root.style.removeProperty("--toast-space");
      root.style.removeProperty("--toast-top");
    };
  }, [key]);
  return ref;
}
