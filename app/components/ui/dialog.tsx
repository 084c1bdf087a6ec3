import * as RadixDialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";

import { Button } from "./button.tsx";

const WIDTHS = { sm: "max-w-md", md: "max-w-2xl", lg: "max-w-3xl" } as const;

type DialogProps = {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  /** Opens the dialog when clicked (uncontrolled); leave out and pass `open` when the URL decides (CRM dialogs). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The header's close button's text. */
  closeText?: string;
  width?: keyof typeof WIDTHS;
};

/**
 * The one modal dialog: Radix underneath (focus trap, Escape, aria-labelledby/-describedby), our overlay and panel
 * on top. Radix renders through a portal, which a server render skips, so callers show an in-page fallback before
 * hydration.
 *
 * The header (title and Close) stays in view and the content scrolls under it, so a dialog taller than the window
 * closes from its top. The panel keeps clear of a toast on screen: `--toast-top` and `--toast-space` (set by the toast
 * region) are how much of the window's top and bottom the toast takes.
 */
export function Dialog({ title, description, children, trigger, open, onOpenChange, closeText = "Close", width = "md" }: DialogProps) {
  const close = useRef<HTMLButtonElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        {/* Above the shell's sidebar (z-50, a drawer on phones): the whole page dims behind a dialog. */}
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <RadixDialog.Content
          onOpenAutoFocus={focusPrimary}
          onEscapeKeyDown={markEscapeHandled}
          onKeyDown={(event) => closeOnEscapeLeftOver(event.nativeEvent, close.current)}
          className={`fixed inset-x-0 top-[calc(5dvh+var(--toast-top,0px))] bottom-[calc(5dvh+var(--toast-space,0px))] z-[61] mx-auto my-auto flex h-fit max-h-[calc(90dvh-var(--toast-top,0px)-var(--toast-space,0px))] w-[calc(100%-2rem)] ${WIDTHS[width]} flex-col overflow-hidden rounded-xl bg-white shadow-xl`}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold wrap-anywhere text-slate-900">{title}</RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
            </div>
            <RadixDialog.Close asChild>
              <Button ref={close} variant="secondary" className="shrink-0">
                {closeText}
              </Button>
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 overflow-y-auto px-4 pt-4 pb-6 sm:px-6">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Opens on the dialog's primary action when it marks one (`data-autofocus`), without scrolling the details away from
 * the top; else Radix's default (the first focusable control).
 */
function focusPrimary(event: Event) {
  const primary = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>("[data-autofocus]");
  if (!primary) return;
  event.preventDefault();
  primary.focus({ preventScroll: true });
}

const escapesHandled = new WeakSet<Event>();

function markEscapeHandled(event: KeyboardEvent) {
  escapesHandled.add(event);
}

/**
 * Radix gives Escape only to the layer opened last; a toast that appeared over the dialog is such a layer and leaves
 * Escape alone (ui/toast-region.tsx), so the dialog closes on it here, as the user in it expects.
 */
function closeOnEscapeLeftOver(event: KeyboardEvent, close: HTMLButtonElement | null) {
  if (event.key !== "Escape" || escapesHandled.has(event)) return;
  close?.click();
}

/** Makes its one child (a button) close the surrounding Dialog, e.g. a form's Cancel. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
