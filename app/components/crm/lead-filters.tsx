import { Form } from "@remix-run/react";

import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { TabLinks } from "#app/components/ui/tab-links.tsx";
import type { AssigneeOption } from "#app/domain/leads/assignee.ts";
import { crmHref, type CrmParams } from "#app/domain/leads/crm-view.ts";
import { STATUS_FILTERS } from "#app/domain/leads/labels.ts";
import { STATUS_GROUPING_TEXT } from "#app/domain/leads/status-groups.ts";

/**
 * The status pills and the search box (with the assignee, in a workspace of several members). All are GET
 * navigations, so the filter lives in the URL; the search form keeps the chosen status and a status pill keeps the
 * search and the assignee.
 */
export function LeadFilters({ filter, members = [] }: { filter: CrmParams; members?: AssigneeOption[] }) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <div className="grid gap-1">
        <TabLinks
          label="Filter leads by status"
          links={STATUS_FILTERS.map((option) => ({
            key: option.value,
            href: crmHref({ status: option.value, q: filter.q, assignee: filter.assignee }),
            label: option.label,
            current: option.value === filter.status,
          }))}
        />
        <p className="text-xs text-slate-600" data-testid="status-grouping">
          {STATUS_GROUPING_TEXT}
        </p>
      </div>
      <Form method="get" action="/" role="search" className="flex gap-2" preventScrollReset>
        <input type="hidden" name="section" value="crm" />
        {filter.status !== "all" ? <input type="hidden" name="status" value={filter.status} /> : null}
        <label htmlFor="crm-search" className="sr-only">
          Search leads
        </label>
        <Input
          id="crm-search"
          type="search"
          name="q"
          defaultValue={filter.q}
          key={filter.q}
          placeholder="Search leads..."
          maxLength={200}
          className="min-w-0 sm:w-64"
        />
        {members.length > 1 ? (
          <>
            <label htmlFor="crm-assignee" className="sr-only">
              Assigned to
            </label>
            <select
              id="crm-assignee"
              name="assignee"
              defaultValue={filter.assignee ?? ""}
              key={filter.assignee ?? ""}
              className="rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
            >
              <option value="">Everyone&apos;s leads</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
    </div>
  );
}
