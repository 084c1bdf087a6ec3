import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

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
  /** A "Close" button under the content, for dialogs whose content has no button of its own that closes it. */
  closeText?: string;
  width?: keyof typeof WIDTHS;
};

/**
 * The one modal dialog: Radix underneath (focus trap, Escape, aria-labelledby/-describedby), our overlay and panel
 * on top. Radix renders through a portal, which a server render skips, so callers show an in-page fallback before
 * hydration.
 */
export function Dialog({ title, description, children, trigger, open, onOpenChange, closeText, width = "md" }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        {/* Above the shell's sidebar (z-50, a drawer on phones): the whole page dims behind a dialog. */}
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <RadixDialog.Content
          className={`fixed top-1/2 left-1/2 z-[61] max-h-[90vh] w-[calc(100%-2rem)] ${WIDTHS[width]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl`}
        >
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
          <div className="mt-4">{children}</div>
          {closeText ? (
            <div className="mt-6 flex justify-end">
              <DialogClose>
                <Button variant="secondary">{closeText}</Button>
              </DialogClose>
            </div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Makes its one child (a button) close the surrounding Dialog, e.g. a form's Cancel. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
