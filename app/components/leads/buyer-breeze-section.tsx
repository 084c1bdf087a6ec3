import { Link, useNavigation, useRevalidator } from "@remix-run/react";

import { ConfirmAction, ConfirmStep } from "#app/components/ui/confirm-action.tsx";
import { SectionHeader } from "#app/components/ui/section-header.tsx";
import { displayPhone } from "#app/domain/leads/phone.ts";
import { formatDate, formatMoney, formatNumber } from "#app/domain/shared/format.ts";
import type { load } from "#app/services/leads/buyer-breeze-section.server.ts";

type Data = Awaited<ReturnType<typeof load>>;
type Lead = Data["leads"][number];

const CONFIRMATION = "Are you sure you want to remove this buyer lead?";

/** The saved buyers as cards; used by the shell's section and by the /buyer-breeze page (`basePath`). */
export default function BuyerBreezeSection({
  data,
  basePath = "/?section=buyer-breeze",
}: {
  data: Data;
  basePath?: "/?section=buyer-breeze" | "/buyer-breeze";
}) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const navigatingHere =
    navigation.state === "loading" &&
    (navigation.location.pathname === "/buyer-breeze" || new URLSearchParams(navigation.location.search).get("section") === "buyer-breeze");
  const loading = navigatingHere || revalidator.state === "loading";
  const confirming = data.leads.find((lead) => lead.id === data.confirmRemoveId) ?? null;

  return (
    <div className="space-y-5">
      <SectionHeader
        align="end"
        title="Buyer Breeze"
        description="Your saved cash buyers, ready for your next deal."
        actions={
          loading ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" />
              Loading...
            </p>
          ) : null
        }
      />
      <p className="text-sm text-slate-600">
        Selling a contract? Your{" "}
        <Link to="/buyers" className="font-medium text-brand-700 underline">
          buyer list
        </Link>{" "}
        keeps each buyer&apos;s buy-box, email consent and recent cash purchases.
      </p>
      {confirming ? <ConfirmRemove lead={confirming} basePath={basePath} /> : null}
      {data.leads.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No Buyer Leads Yet</h2>
          <p className="mt-2 text-sm text-slate-600">
            Use the Cash Buyer Wizard in the{" "}
            <Link to="/?section=chat" className="font-medium text-brand-700 underline">
              Lead Finder
            </Link>{" "}
            to find cash buyers in your market and save them here.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.leads.map((lead) => (
            <li key={lead.id}>
              <BuyerCard lead={lead} basePath={basePath} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function BuyerCard({ lead, basePath }: { lead: Lead; basePath: string }) {
  return (
    <article
      aria-labelledby={`buyer-${lead.id}`}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex items-start justify-between gap-2">
        <div>
          <h2 id={`buyer-${lead.id}`} className="font-semibold text-slate-900">
            {lead.buyerName}
          </h2>
          <p className="text-sm text-slate-600">{lead.market}</p>
        </div>
        <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{lead.buyerTypeLabel}</span>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <Figure label="Properties" value={formatNumber(lead.totalProperties)} />
        <Figure label="Portfolio value" value={formatMoney(lead.portfolioValue)} />
        <Figure label="Avg. purchase" value={formatMoney(lead.avgPurchasePrice)} />
        <Figure label="Total equity" value={formatMoney(lead.totalEquity)} />
      </dl>
      <div className="mt-3 space-y-1 text-sm text-slate-700">
        {lead.phoneNumbers.length ? (
          <p>
            <span className="sr-only">Phones: </span>
            {lead.phoneNumbers.map((phone) => (
              <a key={phone} href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="mr-2 text-brand-700 hover:underline">
                {displayPhone(phone)}
              </a>
            ))}
          </p>
        ) : null}
        {lead.emailAddresses.length ? (
          <p className="break-all">
            <span className="sr-only">Emails: </span>
            {lead.emailAddresses.map((email) => (
              <a key={email} href={`mailto:${email}`} className="mr-2 text-brand-700 hover:underline">
                {email}
              </a>
            ))}
          </p>
        ) : null}
        {lead.lastPropertyAddress ? (
          <p className="text-xs text-slate-500">
            Last purchase: {lead.lastPropertyAddress}
            {lead.lastPropertyPurchaseDate ? ` on ${formatDate(lead.lastPropertyPurchaseDate)}` : ""}
            {lead.lastPropertyPurchasePrice !== null ? ` for ${formatMoney(lead.lastPropertyPurchasePrice)}` : ""}
          </p>
        ) : null}
      </div>
      <div className="mt-auto flex justify-end pt-4">
        <RemoveButton lead={lead} basePath={basePath} />
      </div>
    </article>
  );
}

/** With JavaScript: a dialog asks, then DELETE /api/buyer-leads/{id}. Without: a link to the confirmation step. */
/** What removing a buyer lead posts and how it asks first (the dialog with JavaScript, the page step without). */
const removal = (lead: Lead, basePath: string) => ({
  title: "Remove buyer lead",
  question: CONFIRMATION,
  subject: lead.buyerName,
  action: "/buyer-breeze/remove",
  fields: { id: lead.id, returnTo: basePath === "/buyer-breeze" ? "/buyer-breeze" : "/?section=buyer-breeze" },
});

function RemoveButton({ lead, basePath }: { lead: Lead; basePath: string }) {
  const separator = basePath.includes("?") ? "&" : "?";
  return (
    <ConfirmAction
      {...removal(lead, basePath)}
      triggerText="Remove"
      triggerLabel={`Remove ${lead.buyerName}`}
      confirmText="Remove"
      pendingText="Removing..."
      noScriptHref={`${basePath}${separator}remove=${lead.id}`}
    />
  );
}

function ConfirmRemove({ lead, basePath }: { lead: Lead; basePath: string }) {
  return <ConfirmStep {...removal(lead, basePath)} cancelHref={basePath} confirmText="Yes, remove" />;
}
