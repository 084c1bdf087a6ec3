import { Link } from "@remix-run/react";

import { LeadStatusBadge } from "~/components/crm/lead-status-badge";
import { buttonClass } from "~/components/ui/button";
import { crmHref, propertyFacts } from "~/domain/crm-view";
import { formatMoney } from "~/domain/format";
import { leadTypeLabel } from "~/domain/lead-labels";
import { formatPhone } from "~/domain/phone";
import type { load } from "~/services/sections/crm.server";

type Data = Awaited<ReturnType<typeof load>>;
type Lead = Data["leads"][number];

/** The leads of the current filter, or the empty state. */
export function LeadTable({ leads, filter }: { leads: Lead[]; filter: Data["filter"] }) {
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      {leads.length === 0 ? (
        <div className="px-6 py-16 text-center">
          <p className="text-lg font-semibold text-slate-900">No leads found</p>
          <p className="mt-1 text-sm text-slate-600">Start by adding your first property lead or adjust your filters.</p>
        </div>
      ) : (
        // The table scrolls inside its own box on a narrow screen, never the page. A scrollable region must be
        // reachable by keyboard to scroll it (WCAG 2.1.1), hence the tabIndex.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="overflow-x-auto" role="region" aria-label="Leads" tabIndex={0}>
          <table className="w-full min-w-[52rem] table-fixed divide-y divide-slate-200 text-left">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {/* Fixed widths (Property takes the rest): a hundred rows lay out at once, and never push Actions out of view. */}
                <th scope="col" className="px-3 py-3">
                  Property
                </th>
                <th scope="col" className="w-[22%] px-3 py-3">
                  Owner
                </th>
                <th scope="col" className="w-32 px-3 py-3">
                  Status
                </th>
                <th scope="col" className="w-22 px-3 py-3">
                  ARV
                </th>
                <th scope="col" className="w-22 px-3 py-3">
                  Max Offer
                </th>
                <th scope="col" className="w-28 px-3 py-3">
                  Lead Type
                </th>
                <th scope="col" className="w-37 px-3 py-3">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-sm text-slate-600 [&>tr]:align-top [&>tr>td]:px-3 [&>tr>td]:py-3">
              {leads.map((lead) => (
                <LeadRow key={lead.id} lead={lead} filter={filter} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * One CRM row. Cell padding and alignment come from the table body's classes, not from each cell: server rendering
 * cost grows with the number of attributes, and a page holds a hundred rows.
 */
function LeadRow({ lead, filter }: { lead: Lead; filter: Data["filter"] }) {
  const hasOwner = Boolean(lead.ownerName || lead.ownerPhone || lead.ownerEmail);
  return (
    <tr>
      <td>
        <p className="font-medium text-slate-900">{lead.address}</p>
        <p className="text-slate-600">{[lead.city, lead.state].filter(Boolean).join(", ")}</p>
        <p className="text-xs text-slate-500">{propertyFacts(lead)}</p>
      </td>
      <td>
        {hasOwner ? (
          <>
            <p className="font-medium text-slate-900">{lead.ownerName}</p>
            {lead.ownerPhone ? <p>{formatPhone(lead.ownerPhone)}</p> : null}
            {lead.ownerEmail ? <p className="wrap-anywhere">{lead.ownerEmail}</p> : null}
          </>
        ) : (
          <span className="text-slate-500">No owner info</span>
        )}
      </td>
      <td>
        <LeadStatusBadge status={lead.status} />
      </td>
      <td className="whitespace-nowrap text-slate-900">{formatMoney(lead.arv)}</td>
      <td className="whitespace-nowrap text-slate-900">{formatMoney(lead.maxOffer)}</td>
      <td className="capitalize">{leadTypeLabel(lead.leadType) || "—"}</td>
      <td>
        <Link
          to={crmHref({ ...filter, lead: lead.id })}
          preventScrollReset
          className={buttonClass("secondary", "whitespace-nowrap", "sm")}
          aria-label={`Work This Lead: ${lead.address}`}
        >
          Work This Lead
        </Link>
      </td>
    </tr>
  );
}
