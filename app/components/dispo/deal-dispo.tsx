import { Form, Link, useSubmit } from "@remix-run/react";

import { DISPO_STATUS_LABELS, DISPO_STATUSES } from "#db/enums.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import type { DispoCard } from "#app/domain/dispo/contract.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

/** A deal card's disposition lines: the status badge, the deadlines counting down, the spread, and the terms' page. */
export function DealDispo({ dealId, dispo, inClosing }: { dealId: string; dispo: DispoCard | null; inClosing: boolean }) {
  if (!dispo) {
    return inClosing ? (
      <Link to={`/deals/${dealId}/contract`} className="mt-2 block text-xs font-medium text-brand-700 underline">
        Add contract terms
      </Link>
    ) : null;
  }
  return (
    <div className="mt-2 space-y-1 text-xs text-slate-700" data-testid="deal-dispo">
      <Badge tone={dispo.status === "fee_received" ? "emerald" : dispo.status === "assigned" ? "teal" : "violet"}>{dispo.badge}</Badge>
      <ul>
        {dispo.countdowns.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {dispo.spread !== null ? <p className="font-semibold text-slate-900">Spread: {formatMoney(dispo.spread)}</p> : null}
      <Link to={`/deals/${dealId}/contract`} className="block font-medium text-brand-700 underline">
        Contract details
      </Link>
      <Link to={`/deals/${dealId}/blast`} className="block font-medium text-brand-700 underline">
        Email buyers
      </Link>
      <Link to={`/deals/${dealId}/offers`} className="block font-medium text-brand-700 underline">
        Deal page and offers
      </Link>
    </div>
  );
}

/** The board's disposition filter as a GET form (works without JavaScript via Apply; with it a change applies at once). */
export function DispoFilter({ period, dispo }: { period: string; dispo: string | null }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action="/"
      className="flex items-end gap-2"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <input type="hidden" name="section" value="pipeline" />
      {period !== "all" ? <input type="hidden" name="period" value={period} /> : null}
      <div>
        <label htmlFor="pipeline-dispo" className="mb-1 block text-sm font-medium text-slate-800">
          Disposition
        </label>
        <select id="pipeline-dispo" name="dispo" defaultValue={dispo ?? ""} key={dispo ?? ""} className={inputClass()}>
          <option value="">All deals</option>
          {DISPO_STATUSES.map((status) => (
            <option key={status} value={status}>
              {DISPO_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </noscript>
    </Form>
  );
}
