/**
 * "Work This Lead": the property's details in a dialog with JavaScript, or in the page without it (the `lead` URL
 * parameter opens either, so the link works before hydration).
 */
import { Link, useNavigate, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import type { WorkspaceRole } from "#db/enums.ts";
import { DealAnalysisPanel } from "#app/components/deals/analysis-panel.tsx";
import { ReassignForm } from "#app/components/leads/assignee-forms.tsx";
import { PropertyOffer } from "#app/components/offers/property-offer.tsx";
import { LeadSequence } from "#app/components/today/lead-sequence.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { CollapsibleSection } from "#app/components/ui/collapsible-section.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { PropertyComps } from "#app/components/valuation/property-comps.tsx";
import { ValuationHistory } from "#app/components/valuation/valuation-history.tsx";
import { useSeesMoney } from "#app/components/workspaces/use-sees-money.ts";
import { propertyFacts } from "#app/domain/leads/crm-view.ts";
import { leadTypeLabel } from "#app/domain/leads/labels.ts";
import { displayPhone, ownerPhones } from "#app/domain/leads/phone.ts";
import { dealNumbersOf, VALUATION_SOURCE_LABELS } from "#app/domain/offers/deal-numbers.ts";
import { formatDate, formatMoney, formatNumber } from "#app/domain/shared/format.ts";
import { confidenceAndRangeText } from "#app/domain/valuation/view.ts";
import { mayWork } from "#app/domain/workspaces/roles.ts";
import type { load } from "#app/services/leads/crm-section.server.ts";

import { LeadStatusBadge } from "./lead-status-badge.tsx";

type Selected = NonNullable<Awaited<ReturnType<typeof load>>["selected"]>;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** One group of the card's facts; it folds away, so the long card reads a part at a time. */
function DetailGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CollapsibleSection title={title}>
      <dl className="grid grid-cols-2 gap-3">{children}</dl>
    </CollapsibleSection>
  );
}

/**
 * Who the lead is assigned to, with the reassign form for who may reassign (the shell's role; the server checks it
 * again); nothing in a workspace of one member.
 */
function Assignee({ selected }: { selected: Selected }) {
  const role = (useRouteLoaderData("routes/_index") as { user?: { role?: WorkspaceRole } } | undefined)?.user?.role;
  const { members, property } = selected;
  if (members.length < 2) return null;
  if (role && mayWork(role, "assign"))
    return (
      <div className="md:col-span-2">
        <ReassignForm propertyId={property.id} assignedTo={property.assignedTo} members={members} from="lead" />
      </div>
    );
  const name = members.find((member) => member.userId === property.assignedTo)?.name ?? "nobody";
  return <p className="text-sm text-slate-600 md:col-span-2">{`Assigned to ${name}`}</p>;
}

/** The property's details: location, building, valuation, owner (phones with DNC flagged), contacts, record dates. */
function LeadDetails({ selected }: { selected: Selected }) {
  const p = selected.property;
  // A role without deal numbers gets none from the server; the card leaves out their groups and the offer's controls.
  const money = useSeesMoney();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Assignee selected={selected} />
      <DetailGroup title="Property details">
        <Detail label="Address">{p.address}</Detail>
        <Detail label="City, state, ZIP">{[p.city, [p.state, p.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</Detail>
        <Detail label="Bedrooms">{formatNumber(p.bedrooms)}</Detail>
        <Detail label="Bathrooms">{p.bathrooms ?? "N/A"}</Detail>
        <Detail label="Square feet">{formatNumber(p.squareFeet)}</Detail>
        <Detail label="Year built">{p.yearBuilt ?? "N/A"}</Detail>
        <Detail label="Property type">
          <span className="capitalize">{leadTypeLabel(p.propertyType)}</span>
        </Detail>
      </DetailGroup>
      {money ? <FinancialAnalysis selected={selected} /> : null}
      <OwnerInfo property={p} />
      <DetailGroup title="Lead classification">
        <Detail label="Status">
          <LeadStatusBadge status={p.status} />
        </Detail>
        <Detail label="Lead type">
          <span>{leadTypeLabel(p.leadType) || "N/A"}</span>
        </Detail>
        <Detail label="Created">{formatDate(p.createdAt)}</Detail>
        <Detail label="Updated">{formatDate(p.updatedAt)}</Detail>
      </DetailGroup>
      <LeadSequence propertyId={p.id} sequence={selected.sequence} notes={selected.notes} />
      {money ? (
        <>
          <DealAnalysisPanel property={p} rule={selected.dealRule} running={selected.analysisRunning} />
          <PropertyOffer property={p} rule={selected.dealRule} />
          <PropertyComps
            propertyId={p.id}
            comps={selected.comps}
            choices={selected.pinnedComps}
            paidRefresh={selected.compsRefresh}
            model={p.modelValue !== null && p.modelShare !== null ? { value: p.modelValue, share: p.modelShare } : null}
          />
          <ValuationHistory history={selected.valuations} />
        </>
      ) : null}
      {selected.contacts.length ? <Contacts contacts={selected.contacts} /> : null}
    </div>
  );
}

/** The property's one record of its numbers: what the CRM table and the workbench show too. */
function FinancialAnalysis({ selected }: { selected: Selected }) {
  const p = selected.property;
  const numbers = dealNumbersOf(p, selected.dealRule);
  return (
    <DetailGroup title="Financial analysis">
      <Detail label="ARV">
        <span data-testid="card-arv">{formatMoney(numbers.arv)}</span>
        {numbers.rangeLow !== null && numbers.rangeHigh !== null ? (
          <span className="block text-xs text-slate-600" data-testid="card-arv-range">
            80 % range {formatMoney(numbers.rangeLow)} – {formatMoney(numbers.rangeHigh)}
          </span>
        ) : null}
        {/* The range's confidence in words beside it, as the workbench shows them (ADR 076). */}
        <span className="block text-xs text-slate-600" data-testid="card-arv-confidence">
          Confidence {confidenceAndRangeText(numbers.confidenceScore, numbers.rangeLow, numbers.rangeHigh)}
        </span>
        {numbers.source ? (
          <span className="block text-xs text-slate-600">
            {VALUATION_SOURCE_LABELS[numbers.source]}, {formatDate(numbers.asOf)}
          </span>
        ) : null}
      </Detail>
      <Detail label="Repairs · fee">
        {formatMoney(numbers.repairs)} · {formatMoney(numbers.assignmentFee)}
      </Detail>
      <Detail label="Max offer">
        <span data-testid="card-max-offer">{formatMoney(numbers.maxOffer)}</span>
      </Detail>
      <Detail label="Offer">
        <span data-testid="card-offer">{formatMoney(numbers.offer)}</span>
      </Detail>
      <Detail label="Equity">{p.equityPercentage === null ? "N/A" : `${formatNumber(p.equityPercentage)}%`}</Detail>
      <Detail label="Equity balance">{formatMoney(p.equityBalance)}</Detail>
      <Detail label="Last sale price">{formatMoney(p.lastSalePrice)}</Detail>
      <Detail label="Last sale date">{formatDate(p.lastSaleDate)}</Detail>
    </DetailGroup>
  );
}

/** The owner: name, mailing address, phones (a DNC one struck through and flagged) and emails; or "No owner info". */
function OwnerInfo({ property: p }: { property: Selected["property"] }) {
  const phones = ownerPhones(p);
  const emails = [...new Set([p.ownerEmail, ...(p.ownerEmails ?? [])].filter((email): email is string => Boolean(email)))];
  return (
    <CollapsibleSection title="Owner info">
      {p.ownerName || phones.length || emails.length || p.ownerMailingAddress ? (
        <dl className="space-y-3">
          <Detail label="Owner">{p.ownerName ?? "N/A"}</Detail>
          {p.ownerMailingAddress ? <Detail label="Mailing address">{p.ownerMailingAddress}</Detail> : null}
          <Detail label="Phones">
            {phones.length ? (
              <ul className="space-y-1">
                {phones.map((phone) => (
                  <li key={phone.number} className="flex flex-wrap items-center gap-2">
                    <span className={phone.dnc ? "text-slate-500 line-through" : ""}>{displayPhone(phone.number)}</span>
                    {phone.type !== "unknown" ? <span className="text-xs text-slate-500 capitalize">{phone.type}</span> : null}
                    {phone.dnc ? (
                      <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-bold text-red-800" title="On the do-not-call list">
                        DNC
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              "N/A"
            )}
          </Detail>
          <Detail label="Email">
            {emails.length ? (
              <ul>
                {emails.map((email) => (
                  <li key={email} className="break-all">
                    <a href={`mailto:${email}`} className="text-brand-700 underline">
                      {email}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              "N/A"
            )}
          </Detail>
        </dl>
      ) : (
        <p className="text-sm text-slate-500">No owner info</p>
      )}
    </CollapsibleSection>
  );
}

function Contacts({ contacts }: { contacts: Selected["contacts"] }) {
  return (
    <section aria-label="Contacts" className="rounded-lg border border-slate-200 p-4 md:col-span-2">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">Contacts</h3>
      <ul className="divide-y divide-slate-100 text-sm">
        {contacts.map((contact) => (
          <li key={contact.id} className="flex flex-wrap gap-x-4 py-1.5">
            <span className="font-medium text-slate-900">{contact.name}</span>
            {contact.phone ? <span className="text-slate-600">{displayPhone(contact.phone)}</span> : null}
            {contact.email ? <span className="break-all text-slate-600">{contact.email}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LeadDialog({ selected, closeHref }: { selected: Selected; closeHref: string }) {
  const navigate = useNavigate();
  const close = () => navigate(closeHref, { preventScrollReset: true, replace: true });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      width="lg"
      title={selected.property.address}
      description={`${[selected.property.city, selected.property.state].filter(Boolean).join(", ")} · ${propertyFacts(selected.property)}`}
      closeText="Close"
    >
      <LeadDetails selected={selected} />
    </Dialog>
  );
}

/** Without JavaScript the details render in the page, with a link back. */
export function LeadPanel({ selected, closeHref }: { selected: Selected; closeHref: string }) {
  return (
    <section aria-labelledby="lead-details-heading" className="mb-6 rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
      {/* Close beside the title, however long the address: the card's way back is at its top. */}
      <div className="mb-4 flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="lead-details-heading" className="text-lg font-semibold wrap-anywhere text-slate-900">
            {selected.property.address}
          </h2>
          <p className="text-sm text-slate-600">
            {[selected.property.city, selected.property.state].filter(Boolean).join(", ")} · {propertyFacts(selected.property)}
          </p>
        </div>
        <Link to={closeHref} className={buttonClass("secondary", "shrink-0")}>
          Close
        </Link>
      </div>
      <LeadDetails selected={selected} />
    </section>
  );
}
