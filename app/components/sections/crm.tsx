import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useFetcher, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError, InputField, SelectField } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { LEAD_TYPES, PROPERTY_TYPES } from "@db/enums";
import { LEAD_STATUSES, leadTypeLabel, ownerPhones, PropertyInputSchema, STATUS_FILTERS, statusLabel, type StatusFilter } from "~/domain/crm";
import { formatDate, formatMoney, formatNumber } from "~/domain/format";
import { formatPhone } from "~/domain/phone";
import type { load } from "~/services/sections/crm.server";

type Data = Awaited<ReturnType<typeof load>>;
type Lead = Data["leads"][number];
type Selected = NonNullable<Data["selected"]>;

/** The CRM list refreshes this often while visible (spec 01 §9). */
export const CRM_REFRESH_MS = 5000;

type CrmParams = { status: StatusFilter; q: string; limit?: number; add?: boolean; lead?: string };

/** The section's URL with its filters kept, so reload, back and links without JavaScript all work. */
export function crmHref({ status, q, limit, add, lead }: CrmParams, path = "/"): string {
  const params = new URLSearchParams({ section: "crm" });
  if (status !== "all") params.set("status", status);
  if (q) params.set("q", q);
  if (limit) params.set("limit", String(limit));
  if (add) params.set("add", "1");
  if (lead) params.set("lead", lead);
  return `${path}?${params}`;
}

function exportHref({ status, q }: { status: StatusFilter; q: string }) {
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (q) params.set("q", q);
  const query = params.toString();
  return `/crm/export.csv${query ? `?${query}` : ""}`;
}

/** Revalidates the page's loaders on an interval while the tab is visible and nothing else is loading. */
function useRefreshWhileVisible(ms: number) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, navigation });
  useEffect(() => {
    latest.current = { revalidator, navigation };
  });
  useEffect(() => {
    const timer = window.setInterval(() => {
      const { revalidator: r, navigation: n } = latest.current;
      if (document.visibilityState === "visible" && r.state === "idle" && n.state === "idle") r.revalidate();
    }, ms);
    return () => window.clearInterval(timer);
  }, [ms]);
}

const STATUS_BADGE: Record<string, string> = {
  new: "bg-sky-100 text-sky-800",
  contacted: "bg-amber-100 text-amber-800",
  qualified: "bg-emerald-100 text-emerald-800",
  under_contract: "bg-violet-100 text-violet-800",
  closed: "bg-slate-200 text-slate-800",
  analyzed: "bg-teal-100 text-teal-800",
  offer_produced: "bg-orange-100 text-orange-800",
  offer_sent: "bg-indigo-100 text-indigo-800",
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_BADGE[status] ?? STATUS_BADGE.new}`}>
      {statusLabel(status)}
    </span>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{formatNumber(value)}</dd>
    </div>
  );
}

/** "3 beds · 2 baths · 1,540 sqft" as one text node (the CRM renders a hundred of these per page). */
function propertyFacts(lead: { bedrooms: number | null; bathrooms: number | null; squareFeet: number | null }): string {
  return `${lead.bedrooms ?? "N/A"} beds · ${lead.bathrooms ?? "N/A"} baths · ${formatNumber(lead.squareFeet)} sqft`;
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
        <StatusBadge status={lead.status} />
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

// --- Work This Lead ---------------------------------------------------------------------------------------------

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function DetailGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      <dl className="grid grid-cols-2 gap-3">{children}</dl>
    </section>
  );
}

/** The property's details: location, building, valuation, owner (phones with DNC flagged), contacts, record dates. */
function LeadDetails({ selected }: { selected: Selected }) {
  const p = selected.property;
  const phones = ownerPhones(p);
  const emails = [...new Set([p.ownerEmail, ...(p.ownerEmails ?? [])].filter((email): email is string => Boolean(email)))];
  return (
    <div className="grid gap-4 md:grid-cols-2">
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
      <DetailGroup title="Financial analysis">
        <Detail label="ARV">{formatMoney(p.arv)}</Detail>
        <Detail label="Max offer">{formatMoney(p.maxOffer)}</Detail>
        <Detail label="Equity">{p.equityPercentage === null ? "N/A" : `${formatNumber(p.equityPercentage)}%`}</Detail>
        <Detail label="Equity balance">{formatMoney(p.equityBalance)}</Detail>
        <Detail label="Last sale price">{formatMoney(p.lastSalePrice)}</Detail>
        <Detail label="Last sale date">{formatDate(p.lastSaleDate)}</Detail>
        <Detail label="Confidence">{p.confidenceScore === null ? "N/A" : `${p.confidenceScore}%`}</Detail>
      </DetailGroup>
      <section aria-label="Owner info" className="rounded-lg border border-slate-200 p-4">
        <h3 className="mb-3 text-sm font-semibold text-slate-900">Owner info</h3>
        {p.ownerName || phones.length || emails.length || p.ownerMailingAddress ? (
          <dl className="space-y-3">
            <Detail label="Owner">{p.ownerName ?? "N/A"}</Detail>
            {p.ownerMailingAddress ? <Detail label="Mailing address">{p.ownerMailingAddress}</Detail> : null}
            <Detail label="Phones">
              {phones.length ? (
                <ul className="space-y-1">
                  {phones.map((phone) => (
                    <li key={phone.number} className="flex flex-wrap items-center gap-2">
                      <span className={phone.dnc ? "text-slate-500 line-through" : ""}>{formatPhone(phone.number)}</span>
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
      </section>
      <DetailGroup title="Lead classification">
        <Detail label="Status">
          <StatusBadge status={p.status} />
        </Detail>
        <Detail label="Lead type">
          <span className="capitalize">{leadTypeLabel(p.leadType) || "N/A"}</span>
        </Detail>
        <Detail label="Created">{formatDate(p.createdAt)}</Detail>
        <Detail label="Updated">{formatDate(p.updatedAt)}</Detail>
      </DetailGroup>
      {selected.contacts.length ? (
        <section aria-label="Contacts" className="rounded-lg border border-slate-200 p-4 md:col-span-2">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Contacts</h3>
          <ul className="divide-y divide-slate-100 text-sm">
            {selected.contacts.map((contact) => (
              <li key={contact.id} className="flex flex-wrap gap-x-4 py-1.5">
                <span className="font-medium text-slate-900">{contact.name}</span>
                {contact.phone ? <span className="text-slate-600">{formatPhone(contact.phone)}</span> : null}
                {contact.email ? <span className="break-all text-slate-600">{contact.email}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function LeadDialog({ selected, closeHref }: { selected: Selected; closeHref: string }) {
  const navigate = useNavigate();
  const close = () => navigate(closeHref, { preventScrollReset: true, replace: true });
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{selected.property.address}</Dialog.Title>
          <Dialog.Description className="mb-4 text-sm text-slate-600">
            {[selected.property.city, selected.property.state].filter(Boolean).join(", ")} · {propertyFacts(selected.property)}
          </Dialog.Description>
          <LeadDetails selected={selected} />
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Without JavaScript the details render in the page, with a link back. */
function LeadPanel({ selected, closeHref }: { selected: Selected; closeHref: string }) {
  return (
    <section aria-labelledby="lead-details-heading" className="mb-6 rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="lead-details-heading" className="text-lg font-semibold text-slate-900">
            {selected.property.address}
          </h2>
          <p className="text-sm text-slate-600">
            {[selected.property.city, selected.property.state].filter(Boolean).join(", ")} · {propertyFacts(selected.property)}
          </p>
        </div>
        <Link to={closeHref} className={buttonClass("secondary")}>
          Close
        </Link>
      </div>
      <LeadDetails selected={selected} />
    </section>
  );
}

// --- Add Lead ---------------------------------------------------------------------------------------------------

const FORM_STATUSES = LEAD_STATUSES.slice(0, 5);

type FormComponent = typeof Form;

/**
 * The Add Lead form (posts to /crm/leads). Validated in the browser by the same schema as the server; without
 * JavaScript the server's field errors come back on the /crm/leads page.
 */
export function AddLeadForm({ FormAs, lastResult, busy, cancel }: { FormAs: FormComponent; lastResult?: SubmissionResult<string[]> | null; busy: boolean; cancel?: ReactNode }) {
  const [form, fields] = useForm({
    id: "add-lead",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PropertyInputSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    // noValidate: the schema's messages, not the browser's, with or without JavaScript.
    <FormAs method="post" action="/crm/leads" {...getFormProps(form)} noValidate className="space-y-4">
      <FormError id={form.errorId} messages={form.errors} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Property</legend>
        <InputField label="Address" meta={fields.address} autoComplete="off" maxLength={200} />
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField label="City" meta={fields.city} />
          <InputField label="State" meta={fields.state} maxLength={2} placeholder="AZ" />
          <InputField label="ZIP code" meta={fields.zipCode} inputMode="numeric" maxLength={10} />
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          <InputField label="Bedrooms" meta={fields.bedrooms} type="number" min={1} step={1} />
          <InputField label="Bathrooms" meta={fields.bathrooms} type="number" min={0.5} step={0.5} />
          <InputField label="Square feet" meta={fields.squareFeet} type="number" min={1} step={1} />
          <InputField label="Year built" meta={fields.yearBuilt} type="number" min={1800} step={1} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField label="Property type" meta={fields.propertyType} options={PROPERTY_TYPES.map((value) => ({ value, label: leadTypeLabel(value) }))} defaultValue="single_family" />
          <SelectField label="Lead type" meta={fields.leadType} options={[{ value: "", label: "None" }, ...LEAD_TYPES.map((value) => ({ value, label: leadTypeLabel(value) }))]} />
          <SelectField label="Status" meta={fields.status} options={FORM_STATUSES.map((value) => ({ value, label: statusLabel(value) }))} defaultValue="new" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="ARV" meta={fields.arv} inputMode="decimal" placeholder="250000" />
          <InputField label="Max offer" meta={fields.maxOffer} inputMode="decimal" placeholder="175000" />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Owner</legend>
        <InputField label="Owner name" meta={fields.ownerName} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Owner phone" meta={fields.ownerPhone} type="tel" autoComplete="off" />
          <InputField label="Owner email" meta={fields.ownerEmail} type="email" autoComplete="off" />
        </div>
        <InputField label="Owner mailing address" meta={fields.ownerMailingAddress} autoComplete="off" />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save Lead"}
        </Button>
      </div>
    </FormAs>
  );
}

function AddLead({ open, closeHref }: { open: boolean; closeHref: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ result: SubmissionResult<string[]> }>({ key: "add-lead" });
  const busy = fetcher.state !== "idle";
  const form = <AddLeadForm FormAs={fetcher.Form} lastResult={fetcher.data?.result} busy={busy} cancel={<Link to={closeHref} className={buttonClass("secondary")}>Cancel</Link>} />;
  if (!open) return null;
  if (!hydrated) {
    return (
      <section aria-labelledby="add-lead-heading" className="mb-6 rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
        <h2 id="add-lead-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Add Lead
        </h2>
        {form}
      </section>
    );
  }
  return (
    <Dialog.Root open onOpenChange={(next) => (next ? undefined : navigate(closeHref, { preventScrollReset: true, replace: true }))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Add Lead</Dialog.Title>
          <Dialog.Description className="mb-4 text-sm text-slate-600">Add a property and its owner to your CRM.</Dialog.Description>
          {form}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// --- the section ------------------------------------------------------------------------------------------------

export default function CrmSection({ data }: { data: Data }) {
  useRefreshWhileVisible(CRM_REFRESH_MS);
  const hydrated = useHydrated();
  const { filter, figures, leads, selected } = data;
  const here = crmHref({ ...filter, limit: data.limit === 100 ? undefined : data.limit });

  return (
    <div className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">CRM &amp; Lead Management</h1>
          <p className="text-sm text-slate-600">Every lead with its owner, valuation and status.</p>
        </div>
        <div className="flex gap-2">
          <a href={exportHref(filter)} download className={buttonClass("secondary")}>
            Export
          </a>
          <Link to={crmHref({ ...filter, add: true })} preventScrollReset className={buttonClass("primary")}>
            Add Lead
          </Link>
        </div>
      </div>

      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Figure label="Total Leads" value={figures.totalLeads} />
        <Figure label="Qualified" value={figures.qualified} />
        <Figure label="Under Contract" value={figures.underContract} />
      </dl>

      <div className="mt-6">
        <AddLead open={data.adding} closeHref={here} />
        {selected ? hydrated ? <LeadDialog selected={selected} closeHref={here} /> : <LeadPanel selected={selected} closeHref={here} /> : null}
        {data.selectedMissing ? (
          <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            That lead was not found.
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label="Filter leads by status">
          <ul className="flex flex-wrap gap-1">
            {STATUS_FILTERS.map((option) => {
              const active = option.value === filter.status;
              return (
                <li key={option.value}>
                  <Link
                    to={crmHref({ status: option.value, q: filter.q })}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={`inline-block rounded-full px-3 py-1.5 text-sm font-medium ${active ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"}`}
                  >
                    {option.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <Form method="get" action="/" role="search" className="flex gap-2" preventScrollReset>
          <input type="hidden" name="section" value="crm" />
          {filter.status !== "all" ? <input type="hidden" name="status" value={filter.status} /> : null}
          <label htmlFor="crm-search" className="sr-only">
            Search leads
          </label>
          <input
            id="crm-search"
            type="search"
            name="q"
            defaultValue={filter.q}
            key={filter.q}
            placeholder="Search leads..."
            maxLength={200}
            className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 sm:w-64"
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
      </div>

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
                  <th scope="col" className="px-3 py-3">Property</th>
                  <th scope="col" className="w-[22%] px-3 py-3">Owner</th>
                  <th scope="col" className="w-32 px-3 py-3">Status</th>
                  <th scope="col" className="w-22 px-3 py-3">ARV</th>
                  <th scope="col" className="w-22 px-3 py-3">Max Offer</th>
                  <th scope="col" className="w-28 px-3 py-3">Lead Type</th>
                  <th scope="col" className="w-37 px-3 py-3">Actions</th>
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
      {data.matching > leads.length ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
          <span>
            Showing {formatNumber(leads.length)} of {formatNumber(data.matching)} leads
          </span>
          <Link to={crmHref({ ...filter, limit: data.limit + 100 })} preventScrollReset className={buttonClass("secondary")}>
            Show more
          </Link>
        </div>
      ) : null}
    </div>
  );
}
