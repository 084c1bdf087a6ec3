import { Form } from "@remix-run/react";

import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { InputField } from "#app/components/ui/field.tsx";
import type { OfferView } from "#app/domain/dispo/deal-page.ts";
import { formatDate, formatMoney } from "#app/domain/shared/format.ts";

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * The deal's inquiries and offers side by side; while the deal is not yet assigned, a new one can be declined, and an
 * offer (with the contract terms in) accepted.
 */
export function DealOffers({ offers, canAccept, assigned }: { offers: OfferView[]; canAccept: boolean; assigned: boolean }) {
  if (offers.length === 0) return <p className="text-sm text-slate-600">No offers yet.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Offers">
      {offers.map((offer) => (
        <li key={offer.id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="deal-offer">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{offer.name}</p>
              <p className="text-xs break-all text-slate-600">{[offer.email, offer.phoneText].filter(Boolean).join(" · ")}</p>
            </div>
            {offer.status === "accepted" ? (
              <Badge tone="teal">Accepted</Badge>
            ) : offer.status === "declined" ? (
              <Badge tone="neutral">Declined</Badge>
            ) : offer.amount === null ? (
              <Badge tone="neutral">Inquiry</Badge>
            ) : null}
          </div>
          <dl className="space-y-1 text-sm">
            <Line label="Amount" value={formatMoney(offer.amount)} />
            <Line label="Earnest money" value={formatMoney(offer.earnestMoney)} />
            <Line label="Close date" value={formatDate(offer.closeDate)} />
            <Line label="Proof of funds" value={offer.proofOfFunds ? "Yes" : "No"} />
          </dl>
          <p className="text-xs text-slate-700">{offer.history}</p>
          {offer.message ? <p className="text-sm break-words whitespace-pre-line text-slate-800">{offer.message}</p> : null}
          {offer.status === "new" && !assigned ? (
            <div className="flex flex-wrap gap-2">
              {canAccept && offer.amount !== null ? <AnswerForm offerId={offer.id} intent="accept" label="Accept Offer" /> : null}
              <AnswerForm offerId={offer.id} intent="decline" label={offer.amount === null ? "Decline Inquiry" : "Decline Offer"} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Accepting or declining one offer: a plain form post. */
function AnswerForm({ offerId, intent, label }: { offerId: string; intent: "accept" | "decline"; label: string }) {
  return (
    <Form method="post" className="min-w-0 flex-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="offerId" value={offerId} />
      <Button type="submit" variant={intent === "accept" ? "primary" : "secondary"} className="w-full">
        {label}
      </Button>
    </Form>
  );
}

/** "Fee received": the fee actually paid at closing, recorded as the deal's profit. */
export function FeeReceivedForm({ value, errors }: { value: string | undefined; errors?: string[] }) {
  return (
    <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="fee" />
      <InputField
        label="Fee received"
        meta={{ id: "fee-received", name: "amount", errorId: "fee-received-error", errors, initialValue: value }}
        inputMode="decimal"
      />
      <Button type="submit" variant="secondary">
        Record Fee
      </Button>
    </Form>
  );
}
