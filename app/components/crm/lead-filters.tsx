import { Form } from "@remix-run/react";

import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { TabLinks } from "#app/components/ui/tab-links.tsx";
import { crmHref } from "#app/domain/leads/crm-view.ts";
import { STATUS_FILTERS, type StatusFilter } from "#app/domain/leads/labels.ts";
import { STATUS_GROUPING_TEXT } from "#app/domain/leads/status-groups.ts";

/**
 * The status pills and the search box. Both are GET navigations, so the filter lives in the URL; the search form
 * keeps the chosen status and a status pill keeps the search.
 */
export function LeadFilters({ filter }: { filter: { status: StatusFilter; q: string } }) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <div className="grid gap-1">
        <TabLinks
          label="Filter leads by status"
          links={STATUS_FILTERS.map((option) => ({
            key: option.value,
            href: crmHref({ status: option.value, q: filter.q }),
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
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
    </div>
  );
}
