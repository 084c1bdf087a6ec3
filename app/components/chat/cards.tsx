/**
 * The chat's cards: a seller-lead card (Add to CRM, I'll Pass, View Details, Let's Work It, Skip This
 * One), a buyer card (Save to Buyer Breeze) and a property card (Add to CRM, I'll Pass, Contact Buyer). The actions
 * that write are small forms posting to /chat/card, so they work without JavaScript; with it they call the /api
 * routes in place (card-actions.ts). The full details (dialog, map, contacts) are a chunk of their own.
 */
import { Link } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";

import { BUYER_TYPE_LABELS } from "#db/enums.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import type { ToastMessage } from "#app/components/ui/toast.tsx";
import { postalLine } from "#app/domain/chat/buyer-lead-cards.ts";
import { NO_CONTACT, type ChatBody } from "#app/domain/chat/messages.ts";
import { contactHref, propertyCardToProperty } from "#app/domain/chat/property-cards.ts";
import { sellerTypeLabel } from "#app/domain/chat/wizard.ts";
import { displayPhone } from "#app/domain/leads/phone.ts";
import { leadToProperty } from "#app/domain/leads/property.ts";
import { ESTIMATE_LABEL, estimatedMaxOffer } from "#app/domain/offers/deal-numbers.ts";
import { formatBaths, formatDate, formatMoney, formatNumber, NOT_AVAILABLE } from "#app/domain/shared/format.ts";
import { workbenchHref } from "#app/domain/workbench/workbench-rules.ts";

import { addToCrm, isInCrmAnswer, saveBuyer } from "./card-actions.ts";
import { InCrmNote } from "./in-crm-note.tsx";

export type CardContext = {
  hydrated: boolean;
  /** Shows a toast (the result of an action). */
  toast: (toast: ToastMessage) => void;
  /** The chat's address with `details` for a card (View Details without JavaScript). */
  detailsHref: (messageId: string) => string;
  openDetails: (messageId: string) => void;
  workIt: (messageId: string) => void;
  skip: (messageId: string) => void;
  /** The next seller card of the same search (Skip This One's link without JavaScript). */
  nextCard: (messageId: string) => string | null;
  /** The CRM status of a seller or property card's place when it is in the CRM already (no Add to CRM then). */
  crmStatus: (messageId: string) => string | null;
  /** Marks a card's place as added to the CRM in this page. */
  markInCrm: (messageId: string) => void;
};

type SellerBody = Extract<ChatBody, { kind: "seller-lead" }>;
type BuyerBody = Extract<ChatBody, { kind: "cash-buyer" }>;
type PropertyBody = Extract<ChatBody, { kind: "property" }>;

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const percent = (value: number | null) => (value === null ? NOT_AVAILABLE : `${formatNumber(value)}%`);

/** A form posting one card action to /chat/card; with JavaScript `run` does it in place. */
function ActionForm({
  intent,
  messageId,
  label,
  busyLabel,
  context,
  run,
}: {
  intent: "add-to-crm" | "save-buyer";
  messageId: string;
  label: string;
  busyLabel: string;
  context: CardContext;
  run: () => Promise<ToastMessage>;
}) {
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      context.toast(await run());
    } finally {
      setBusy(false);
    }
  }
  return (
    <form method="post" action="/chat/card" onSubmit={context.hydrated ? onSubmit : undefined}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="messageId" value={messageId} />
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </form>
  );
}

/** Add to CRM, or — the card's place is in the CRM already, or was just added — its status and the way there. */
function AddToCrm({ id, context, add }: { id: string; context: CardContext; add: () => Promise<ToastMessage> }) {
  const status = context.crmStatus(id);
  if (status) return <InCrmNote status={status} />;
  return (
    <ActionForm
      intent="add-to-crm"
      messageId={id}
      label="Add to CRM"
      busyLabel="Adding..."
      context={context}
      run={async () => {
        const answer = await add();
        if (isInCrmAnswer(answer)) context.markInCrm(id);
        return answer;
      }}
    />
  );
}

/** I'll Pass only logs. */
function PassButton({ what }: { what: string }) {
  return (
    <Button variant="ghost" onClick={() => console.info(`Passed on ${what}`)}>
      I&apos;ll Pass
    </Button>
  );
}

export function SellerCard({ id, body, context }: { id: string; body: SellerBody; context: CardContext }) {
  const { lead, search } = body;
  const next = context.nextCard(id);
  const intercept = (action: (messageId: string) => void) => (event: React.MouseEvent) => {
    if (!context.hydrated) return;
    event.preventDefault();
    action(id);
  };
  return (
    <article aria-labelledby={`card-${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
          Seller Lead {search.index + 1} of {search.total}
        </span>
        {lead.flags.map((flag) => (
          <span key={flag} className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            {sellerTypeLabel(flag)}
          </span>
        ))}
      </div>
      <h3 id={`card-${id}-title`} className="mt-2 text-base font-semibold text-slate-900">
        {lead.addressLine}
      </h3>
      <p className="text-sm text-slate-600">{[lead.city, [lead.state, lead.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</p>
      <Facts
        items={[
          ["Beds", formatNumber(lead.bedrooms)],
          ["Baths", formatBaths(lead.bathrooms)],
          ["Sq Ft", formatNumber(lead.squareFeet)],
          ["Year Built", lead.yearBuilt === null ? NOT_AVAILABLE : String(lead.yearBuilt)],
          ["Estimated Value", formatMoney(lead.estimatedValue)],
          ["Equity", percent(lead.equityPct)],
          [`Max Offer (${ESTIMATE_LABEL.toLowerCase()})`, formatMoney(estimatedMaxOffer(lead.estimatedValue))],
          ["Owner", lead.ownerName ?? NOT_AVAILABLE],
        ]}
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <AddToCrm id={id} context={context} add={() => addToCrm(leadToProperty(lead, { status: "new" }))} />
        <PassButton what={lead.addressLine} />
        <Link to={context.detailsHref(id)} preventScrollReset onClick={intercept(context.openDetails)} className={buttonClass("secondary")}>
          View Details
        </Link>
        <Link
          to={workbenchHref(search.index, { request: search.requestId })}
          onClick={intercept(context.workIt)}
          className={buttonClass("secondary")}
        >
          Let&apos;s Work It
        </Link>
        {next || context.hydrated ? (
          <a href={next ? `#card-${next}` : `#card-${id}`} onClick={intercept(context.skip)} className={buttonClass("ghost")}>
            Skip This One
          </a>
        ) : null}
      </div>
    </article>
  );
}

export function BuyerCard({ id, body, context }: { id: string; body: BuyerBody; context: CardContext }) {
  const { buyer, market } = body;
  const profile = buyer.propertyOwnerProfile;
  const phones = buyer.owner.phoneNumbers.filter((phone) => !phone.dnc);
  return (
    <article aria-labelledby={`card-${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
          {BUYER_TYPE_LABELS[buyer.buyerType] ?? "Cash Buyer"}
        </span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{buyer.owner.ownerType}</span>
        {market ? <span className="text-xs text-slate-600">{market}</span> : null}
      </div>
      <h3 id={`card-${id}-title`} className="mt-2 text-base font-semibold text-slate-900">
        {buyer.owner.fullName}
      </h3>
      <p className="text-sm text-slate-600">Mailing address: {postalLine(buyer.owner.mailingAddress) ?? NOT_AVAILABLE}</p>
      <Facts
        items={[
          ["Properties", formatNumber(profile.propertiesCount)],
          ["Portfolio Value", formatMoney(profile.propertiesTotalEstimatedValue)],
          ["Avg. Purchase Price", formatMoney(profile.averagePurchasePrice)],
          ["Last Purchase", formatDate(profile.lastPurchaseDate ?? buyer.sale.lastSaleDate)],
        ]}
      />
      <p className="mt-3 text-sm text-slate-700">
        <span className="text-slate-500">Latest purchase here: </span>
        {postalLine(buyer.address) ?? NOT_AVAILABLE} · {formatMoney(buyer.sale.lastSalePrice)} · {formatNumber(buyer.building.bedroomCount)}{" "}
        bd / {formatNumber(buyer.building.bathroomCount)} ba · {formatNumber(buyer.building.livingAreaSquareFeet)} sq ft
      </p>
      <p className="mt-1 text-sm text-slate-700">
        <span className="text-slate-500">Contact: </span>
        {[...phones.map((phone) => displayPhone(phone.number)), ...buyer.owner.emails].join(" · ") || NOT_AVAILABLE}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <ActionForm
          intent="save-buyer"
          messageId={id}
          label="Save to Buyer Breeze"
          busyLabel="Saving..."
          context={context}
          run={() => saveBuyer(buyer, market)}
        />
      </div>
    </article>
  );
}

export function PropertyCardView({ id, body, context }: { id: string; body: PropertyBody; context: CardContext }) {
  const { property } = body;
  const contact = contactHref(property);
  return (
    <article aria-labelledby={`card-${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Property</span>
      <h3 id={`card-${id}-title`} className="mt-2 text-base font-semibold text-slate-900">
        {property.address}
      </h3>
      <p className="text-sm text-slate-600">
        {[property.city, [property.state, property.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ") || NOT_AVAILABLE}
      </p>
      <Facts
        items={[
          ["Price", formatMoney(property.price)],
          ["ARV", formatMoney(property.arv)],
          ["Beds / Baths", `${formatNumber(property.bedrooms)} / ${formatBaths(property.bathrooms)}`],
          ["Sq Ft", formatNumber(property.squareFeet)],
        ]}
      />
      {property.description ? <p className="mt-3 text-sm whitespace-pre-wrap text-slate-700">{property.description}</p> : null}
      {property.contactName || property.ownerName ? (
        <p className="mt-1 text-sm text-slate-700">
          <span className="text-slate-500">Contact: </span>
          {property.contactName ?? property.ownerName}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <AddToCrm id={id} context={context} add={() => addToCrm(propertyCardToProperty(property))} />
        <PassButton what={property.address} />
        {contact ? (
          <a href={contact} className={buttonClass("secondary")}>
            Contact Buyer
          </a>
        ) : context.hydrated ? (
          <Button variant="secondary" onClick={() => context.toast({ title: NO_CONTACT, variant: "info" })}>
            Contact Buyer
          </Button>
        ) : null}
      </div>
    </article>
  );
}
