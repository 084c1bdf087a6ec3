/**
 * What the toast (toast.tsx) and its lazy Radix region (toast-region.tsx) share: the message, its timing and its
 * colours. Its own module so the region imports no part of toast.tsx, which loads it (no import cycle: docs/decisions/071-house-layout.md).
 */

/** One toast at a time, shown 5000 ms, swipe right (50 px) to dismiss; F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;

export type ToastMessage = { title: string; description?: string; variant?: "success" | "error" | "info" };
export type ShownToast = ToastMessage & { key: number };

export const TOAST_VARIANT_CLASSES = {
  success: "border-emerald-200 bg-white",
  error: "border-red-200 bg-red-50",
  info: "border-slate-200 bg-white",
} as const;
