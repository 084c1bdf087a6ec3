import { buttonClass } from "#app/components/ui/button.tsx";
import { useSeesMoney } from "#app/components/workspaces/use-sees-money.ts";
import { crmHref, propertyFacts, type CrmParams } from "#app/domain/leads/crm-view.ts";
import { leadTypeLabel } from "#app/domain/leads/labels.ts";
import { displayPhone } from "#app/domain/leads/phone.ts";
import { headlineNumbersOf } from "#app/domain/offers/deal-numbers.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import type { load } from "#app/services/leads/crm-section.server.ts";

import { LeadStatusBadge } from "./lead-status-badge.tsx";
import { useLinkClicks } from "./link-clicks.ts";

type Data = Awaited<ReturnType<typeof load>>;
type Lead = Data["leads"][number];

/** The leads of the current filter, or the empty state; with more than one member, who each lead is assigned to. */
export function LeadTable({ leads, filter, members = [] }: { leads: Lead[]; filter: CrmParams; members?: Data["members"] }) {
  const onLinkClick = useLinkClicks();
  const names = members.length > 1 ? new Map(members.map((member) => [member.userId, member.name])) : null;
  // Every row's link is this address plus the lead's id (crmHref puts `lead` last).
  const rowHref = `${crmHref(filter)}&lead=`;
  const money = useSeesMoney();
  return (
    // A container (`@container`): where the table's columns do not fit, each lead reads as a card (tailwind.css).
    <div className="@container mt-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      {leads.length === 0 ? (
        <div className="px-6 py-16 text-center">
          <p className="text-lg font-semibold text-slate-900">No leads found</p>
          <p className="mt-1 text-sm text-slate-600">Start by adding your first property lead or adjust your filters.</p>
        </div>
      ) : (
        // Should a row ever be wider than the box, it scrolls inside it, never the page. A scrollable region must be
        // reachable by keyboard to scroll it (WCAG 2.1.1), hence the tabIndex.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is reached by keyboard
        <div className="overflow-x-auto" role="region" aria-label="Leads" tabIndex={0}>
          {/* The rows' links are plain anchors; one handler here turns their plain clicks into client-side navigations
              (link-clicks.ts). Keyboard users press Enter on a link, which fires the same click. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated link clicks */}
          <table onClick={onLinkClick} className="lead-table w-full divide-y divide-slate-200 text-left">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {/* Fixed widths (Property takes the rest): a hundred rows lay out at once, and never push Actions out of view. */}
                <th scope="col" className="px-3 py-3">
                  Property
                </th>
                <th scope="col" className="w-44 px-3 py-3">
                  Owner
                </th>
                <th scope="col" className="w-32 px-3 py-3">
                  Status
                </th>
                <th scope="col" className="w-22 px-3 py-3" hidden={!money}>
                  ARV
                </th>
                {/* The chosen offer and the 70 % rule's max offer, each labelled for what it is. */}
                <th scope="col" className="w-22 px-3 py-3" hidden={!money}>
                  Offer
                </th>
                <th scope="col" className="w-22 px-3 py-3" hidden={!money}>
                  Max offer
                </th>
                <th scope="col" className="w-28 px-3 py-3">
                  Lead Type
                </th>
                {names ? (
                  <th scope="col" className="w-32 px-3 py-3">
                    Assigned to
                  </th>
                ) : null}
                <th scope="col" className="w-37 px-3 py-3">
                  Actions
                </th>
              </tr>
            </thead>
            {/* The cells' look comes from `.lead-rows` (tailwind.css), not from classes repeated on every cell. */}
            <tbody className="lead-rows divide-y divide-slate-100 text-sm text-slate-600">
              {leads.map((lead) => leadRow(lead, rowHref, { money, names }))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const ACTION_CLASS = buttonClass("secondary", "whitespace-nowrap", "sm");

/**
 * One CRM row, as a plain function rather than a component of its own (no hooks, no closures, no per-row component
 * to render or hydrate): the property's and the owner's lines are address lines, so `<br>`s part them.
 */
function leadRow(lead: Lead, rowHref: string, { money, names }: { money: boolean; names: Map<string, string> | null }) {
  const place = lead.city && lead.state ? `${lead.city}, ${lead.state}` : lead.city || lead.state;
  const numbers = headlineNumbersOf(lead);
  return (
    <tr key={lead.id}>
      <td>
        <strong>{lead.address}</strong>
        {place ? <br /> : null}
        {place}
        <br />
        <small>{propertyFacts(lead)}</small>
      </td>
      {lead.ownerName || lead.ownerPhone || lead.ownerEmail ? (
        <td>
          {lead.ownerName ? <strong>{lead.ownerName}</strong> : null}
          {lead.ownerName && lead.ownerPhone ? <br /> : null}
          {lead.ownerPhone ? displayPhone(lead.ownerPhone) : null}
          {(lead.ownerName || lead.ownerPhone) && lead.ownerEmail ? <br /> : null}
          {lead.ownerEmail}
        </td>
      ) : (
        <td className="text-slate-500">No owner info</td>
      )}
      <td>
        <LeadStatusBadge status={lead.status} />
      </td>
      {/* Without deal numbers the cells stay, empty and hidden: the narrow layout labels cells by their position. */}
      <td hidden={!money}>{money ? formatMoney(numbers.arv) : null}</td>
      <td hidden={!money}>{money ? formatMoney(numbers.offer) : null}</td>
      <td hidden={!money}>{money ? formatMoney(numbers.maxOffer) : null}</td>
      <td>{leadTypeLabel(lead.leadType) || "—"}</td>
      {names ? <td>{(lead.assignedTo && names.get(lead.assignedTo)) || "—"}</td> : null}
      <td>
        <a href={rowHref + encodeURIComponent(lead.id)} className={ACTION_CLASS} aria-label={`Work This Lead: ${lead.address}`}>
          Work This Lead
        </a>
      </td>
    </tr>
  );
}
