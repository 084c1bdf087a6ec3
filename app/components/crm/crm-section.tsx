/**
 * The CRM section: figures, Add Lead, Work This Lead, filters and the lead table. Its parts live in
 * components/crm/; the URL helpers in domain/leads/crm-view.
 */
import { Link } from "@remix-run/react";
import { Suspense, type ComponentProps } from "react";

import type { AddLead } from "#app/components/crm/add-lead.tsx";
import { LeadFilters } from "#app/components/crm/lead-filters.tsx";
import { LeadTable } from "#app/components/crm/lead-table.tsx";
import type { LeadDialog, LeadPanel } from "#app/components/crm/work-this-lead.tsx";
import { useRefreshWhileVisible } from "#app/components/hooks/use-refresh-while-visible.ts";
import { hydratedChoice, preloadable, useLoadOnIntent } from "#app/components/shell/lazy.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SectionHeader } from "#app/components/ui/section-header.tsx";
import { CRM_REFRESH_MS, crmHref, exportHref, PAGE_SIZE } from "#app/domain/leads/crm-view.ts";
import { formatNumber } from "#app/domain/shared/format.ts";
import type { load } from "#app/services/leads/crm-section.server.ts";

type Data = Awaited<ReturnType<typeof load>>;

// Add Lead (a form: conform, Radix's dialog) and the lead's details are chunks of their own, fetched at the user's
// first pointer, touch, key or focus on the page (or by the navigation that opens one): the section's first load is
// the table, and evaluating Radix and conform right after hydration was a long task on a phone.
const ADD_LEAD = "/app/components/crm/add-lead.tsx";
const WORK_THIS_LEAD = "/app/components/crm/work-this-lead.tsx";
const DIALOG_FILES = import.meta.glob(["/app/components/crm/add-lead.tsx", "/app/components/crm/work-this-lead.tsx"]);
const AddLeadPart = preloadable<ComponentProps<typeof AddLead>>(DIALOG_FILES, ADD_LEAD, "AddLead");
const LeadDialogPart = preloadable<ComponentProps<typeof LeadDialog>>(DIALOG_FILES, WORK_THIS_LEAD, "LeadDialog");
const LeadPanelPart = preloadable<ComponentProps<typeof LeadPanel>>(DIALOG_FILES, WORK_THIS_LEAD, "LeadPanel");
const DIALOG_PARTS = [AddLeadPart, LeadDialogPart, LeadPanelPart];
/** Work This Lead: the dialog once JavaScript runs, the in-page panel before (and without it). */
const LeadDetails = hydratedChoice(LeadDialogPart, LeadPanelPart);

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{formatNumber(value)}</dd>
    </div>
  );
}

export default function CrmSection({ data }: { data: Data }) {
  useRefreshWhileVisible(CRM_REFRESH_MS);
  useLoadOnIntent(DIALOG_PARTS);
  const { filter, figures, leads, selected } = data;
  // The list's filters with the assignee's (a workspace of several members), kept by every link of the section.
  const listed = { ...filter, assignee: data.assignee || undefined };
  const here = crmHref({ ...listed, limit: data.limit === PAGE_SIZE ? undefined : data.limit });

  return (
    <div className="mx-auto max-w-7xl">
      <SectionHeader
        title="CRM & Lead Management"
        description="Every lead with its owner, valuation and status."
        actions={
          <>
            <a href={exportHref(listed)} download className={buttonClass("secondary")}>
              Export
            </a>
            <Link to={crmHref({ ...filter, add: true })} preventScrollReset className={buttonClass("primary")}>
              Add Lead
            </Link>
          </>
        }
      />

      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Figure label="Total Leads" value={figures.totalLeads} />
        <Figure label="Qualified" value={figures.qualified} />
        <Figure label="Under Contract" value={figures.underContract} />
      </dl>

      <div className="mt-6">
        <Suspense fallback={null}>
          {data.adding ? <AddLeadPart.Component open closeHref={here} /> : null}
          {selected ? <LeadDetails selected={selected} closeHref={here} /> : null}
        </Suspense>
        {data.selectedMissing ? (
          <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            That lead was not found.
          </p>
        ) : null}
      </div>

      <LeadFilters filter={listed} members={data.members} />

      <LeadTable leads={leads} filter={listed} members={data.members} />
      {data.matching > leads.length ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
          <span>
            Showing {formatNumber(leads.length)} of {formatNumber(data.matching)} leads
          </span>
          <Link to={crmHref({ ...listed, limit: data.limit + PAGE_SIZE })} preventScrollReset className={buttonClass("secondary")}>
            Show more
          </Link>
        </div>
      ) : null}
    </div>
  );
}
