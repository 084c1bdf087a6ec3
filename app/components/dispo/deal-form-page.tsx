import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { buttonClass } from "#app/components/ui/button.tsx";

/**
 * The page of one of a deal's forms (Email buyers, Under Contract): back to the pipeline, the title and what the form
 * does, a refusal the action answered, and the form on its card. `wide` gives the form a wider column.
 */
export function DealFormPage({
  title,
  lead,
  alert,
  wide = false,
  children,
}: {
  title: string;
  lead: ReactNode;
  alert?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main className={`mx-auto w-full ${wide ? "max-w-3xl" : "max-w-2xl"} space-y-5 px-4 py-6 sm:px-6 sm:py-10`}>
      <Link to="/?section=pipeline" className={buttonClass("ghost", "-ml-3")}>
        <span aria-hidden="true">←</span> Back to the pipeline
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{lead}</p>
      </div>
      {alert ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {alert}
        </p>
      ) : null}
      <div className={`rounded-xl border border-slate-200 bg-white shadow-sm ${wide ? "p-4 sm:p-6" : "p-6"}`}>{children}</div>
    </main>
  );
}
