import { Link } from "@remix-run/react";

import { LeadFacts } from "#app/components/leads/lead-facts.tsx";
import { PropertyMap } from "#app/components/leads/property-map.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { statusLabel } from "#app/domain/leads/labels.ts";
import { leadAddress } from "#app/domain/leads/property.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import { LEAD_STATUS_TONES } from "#app/domain/shared/status-tones.ts";
import { leadStatusOf } from "#app/domain/workbench/workbench-rules.ts";

/** The lead's status as the workbench shows it: its CRM status once saved, else New (unknown → New). */
export function WorkbenchStatusBadge({ crmStatus }: { crmStatus: string | null }) {
  const status = leadStatusOf(crmStatus);
  return <Badge tone={LEAD_STATUS_TONES[status]}>{statusLabel(status)}</Badge>;
}

/** Beside the "New" badge of a lead a saved search delivered, until it is worked (ADR 085). */
export const NEW_FROM_SAVED_SEARCH = "Delivered by your saved search";

/** "Lead card": the street view (or placeholder), the status badge and the lead's sections. */
export function LeadCard({
  lead,
  crmStatus,
  streetViewUrl,
  isNew = false,
}: {
  lead: LeadQueueItem;
  crmStatus: string | null;
  streetViewUrl: string | null;
  /** Delivered by a saved search and not worked yet (ADR 085). */
  isNew?: boolean;
}) {
  const address = leadAddress(lead);
  return (
    <article aria-labelledby="workbench-lead-heading" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <PropertyMap place={{ latitude: lead.lat, longitude: lead.lon, address }} streetViewUrl={streetViewUrl} label={address} />
      <div className="p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id="workbench-lead-heading" className="text-xl font-semibold text-slate-900">
              {lead.addressLine}
            </h2>
            <p className="text-sm text-slate-600">
              {[lead.city, [lead.state, lead.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
            </p>
          </div>
          <WorkbenchStatusBadge crmStatus={crmStatus} />
        </div>
        {isNew ? (
          <p className="mt-2 flex items-center gap-2 text-xs text-slate-600">
            <Badge tone="emerald">New</Badge> {NEW_FROM_SAVED_SEARCH}
          </p>
        ) : null}
        <div className="mt-4">
          <LeadFacts lead={lead} />
        </div>
      </div>
    </article>
  );
}

/** The empty state, with the way to a search. */
export function NoLeads({ wizardHref, title }: { wizardHref: string; title: string }) {
  return (
    <section
      aria-labelledby="workbench-empty-heading"
      className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center"
    >
      <h2 id="workbench-empty-heading" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">Run the seller wizard to find leads to review here.</p>
      <Link to={wizardHref} className={buttonClass("primary", "mt-4")}>
        Find Seller Leads
      </Link>
    </section>
  );
}
