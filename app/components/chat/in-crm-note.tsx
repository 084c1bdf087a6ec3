import { Link } from "@remix-run/react";

import { statusLabel } from "#app/domain/leads/labels.ts";

/**
 * What a chat card or its details show instead of Add to CRM once the lead is in the CRM (a stale Add to
 * CRM answered "Already in CRM" and logged a 409): its CRM status and the way to it.
 */
export function InCrmNote({ status }: { status: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">In CRM · {statusLabel(status)}</span>
      <Link to="/?section=crm" className="font-semibold text-brand-800 underline">
        Open CRM
      </Link>
    </p>
  );
}
