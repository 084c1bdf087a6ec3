import { useEffect, useRef, type FocusEvent } from "react";

import { leadRowsHtml } from "~/components/crm/lead-rows";
import { useLinkClicks } from "~/components/crm/link-clicks";
import { crmHref } from "~/domain/crm-view";
import type { load } from "~/services/sections/crm.server";

type Data = Awaited<ReturnType<typeof load>>;
type Lead = Data["leads"][number];

/**
 * The rows are one HTML string (lead-rows.ts), so React replaces all of them when the list changes (the 5 s refresh
 * brought a new lead): the row link that had the keyboard focus gets it back, as it would keep it in keyed rows.
 */
function useKeptFocus(html: string) {
  const rows = useRef<HTMLTableSectionElement>(null);
  const focusedHref = useRef<string | null>(null);
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    focusedHref.current = event.target instanceof HTMLAnchorElement ? event.target.getAttribute("href") : null;
  };
  // A link removed with the old rows sends no blur that reaches React; one the user leaves does.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.target.isConnected) focusedHref.current = null;
  };
  useEffect(() => {
    const href = focusedHref.current;
    if (!href || !rows.current || rows.current.contains(document.activeElement)) return;
    rows.current.querySelector<HTMLAnchorElement>(`a[href="${CSS.escape(href)}"]`)?.focus();
  }, [html]);
  return { rows, onFocus, onBlur };
}

/** The leads of the current filter, or the empty state. */
export function LeadTable({ leads, filter }: { leads: Lead[]; filter: Data["filter"] }) {
  const onLinkClick = useLinkClicks();
  // Every row's link is this address plus the lead's id (crmHref puts `lead` last).
  const html = leadRowsHtml(leads, `${crmHref(filter)}&lead=`);
  const { rows, onFocus, onBlur } = useKeptFocus(html);
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
          {/* The rows' links are plain anchors; one handler here turns their plain clicks into client-side navigations
              (link-clicks.ts). Keyboard users press Enter on a link, which fires the same click. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
          <table
            onClick={onLinkClick}
            onFocus={onFocus}
            onBlur={onBlur}
            className="w-full min-w-[52rem] table-fixed divide-y divide-slate-200 text-left"
          >
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
            {/* The rows as one HTML string (lead-rows.ts); their look comes from `.lead-rows` (tailwind.css). */}
            <tbody
              ref={rows}
              className="lead-rows divide-y divide-slate-100 text-sm text-slate-600"
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </table>
        </div>
      )}
    </div>
  );
}
