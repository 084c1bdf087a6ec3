import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { buttonClass } from "./button.tsx";

/**
 * The page of a form that lives in a shell section (Add Lead, New Message, Generate Contract …). Without JavaScript a
 * failed post lands here and shows the form again with its errors; a plain visit shows it on its own.
 */
export function FormPage({
  title,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  /** Left out: no way back (a page open to a role that may go to none of the places it would lead). */
  backTo?: string;
  backLabel?: string;
  children: ReactNode;
}) {
  return (
    // Its header's right side is empty at every width: a toast drops there (tailwind.css), clear of the form's controls.
    <main className="toast-at-top mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      {backTo ? (
        <Link to={backTo} className={buttonClass("ghost", "-ml-3")}>
          <span aria-hidden="true">←</span> {backLabel}
        </Link>
      ) : null}
      <h1 className={`${backTo ? "mt-4 " : ""}mb-6 text-2xl font-bold text-slate-900`}>{title}</h1>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </main>
  );
}

/** The Cancel link of such a form: back to the section. */
export function CancelLink({ to }: { to: string }) {
  return (
    <Link to={to} className={buttonClass("secondary")}>
      Cancel
    </Link>
  );
}
