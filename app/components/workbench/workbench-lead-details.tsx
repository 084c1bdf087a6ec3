/**
 * The full-details view Let's Work It opens — the lead's sections, the owner's contact information, the max offer
 * labelled as the 70% rule, and Confirm Add to CRM (or, once saved, its CRM status and Open in CRM). A Radix dialog with JavaScript; without it the same content in
 * the page with a Close link (the `details` URL parameter opens either). Its own chunk (preloadable): the workbench's
 * first load does not carry it.
 */
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";

import { LeadFacts, OwnerContactFacts } from "#app/components/leads/lead-facts.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Dialog, DialogClose } from "#app/components/ui/dialog.tsx";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import {
  dealNumbersOf,
  ESTIMATE_LABEL,
  estimatedMaxOffer,
  maxOfferLabel,
  maxOfferRuleText,
  type DealRule,
} from "#app/domain/offers/deal-numbers.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { confidenceAndRangeText } from "#app/domain/valuation/view.ts";
import type { SavedLead } from "#app/domain/workbench/saved-lead.ts";
import { workbenchAction } from "#app/domain/workbench/workbench-rules.ts";

import { WorkbenchStatusBadge } from "./lead-card.tsx";

export type LeadDetailsProps = {
  lead: LeadQueueItem;
  index: number;
  /** The saved property, once the lead is in the CRM, with its deal numbers. */
  saved: SavedLead | null;
  /** The user's deal rule. */
  rule: DealRule;
  closeHref: string;
  /** The search whose queue the page shows, when it is not the latest (`?request=`). */
  request?: string | null;
};

/**
 * The max offer labelled as the rule. A lead in the CRM with an ARV shows its stored deal numbers (the page
 * under the dialog shows the same); before that, the spec's fallback — 70 % of the estimated value — labelled as an
 * estimate, which never becomes an offer.
 */
function MaxOfferLine({ lead, saved, rule }: Pick<LeadDetailsProps, "lead" | "saved" | "rule">) {
  const numbers = saved && saved.arv ? dealNumbersOf(saved, rule) : null;
  const label = maxOfferLabel(rule);
  return (
    <section aria-label={label} className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-emerald-900">{numbers ? label : `${label} · ${ESTIMATE_LABEL}`}</span>
        <span className="text-xl font-bold text-emerald-900" data-testid="details-max-offer">
          {formatMoney(numbers ? numbers.maxOffer : estimatedMaxOffer(lead.estimatedValue))}
        </span>
      </p>
      {numbers ? (
        <p className="mt-1 text-xs text-emerald-900">
          {maxOfferRuleText(rule)} {formatMoney(numbers.arv)} × {rule.fairPct}% − {formatMoney(numbers.repairs)} repairs −{" "}
          {formatMoney(numbers.assignmentFee)} fee.
        </p>
      ) : null}
      {numbers ? (
        <dl className="mt-2 grid grid-cols-2 gap-2 text-xs text-emerald-900 sm:grid-cols-4">
          <div>
            <dt>ARV</dt>
            <dd className="font-semibold" data-testid="details-arv">
              {formatMoney(numbers.arv)}
            </dd>
          </div>
          <div>
            <dt>Repairs · fee</dt>
            <dd className="font-semibold">
              {formatMoney(numbers.repairs)} · {formatMoney(numbers.assignmentFee)}
            </dd>
          </div>
          <div>
            <dt>Offer</dt>
            <dd className="font-semibold" data-testid="details-offer">
              {formatMoney(numbers.offer)}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-4">
            <dt>ARV confidence</dt>
            <dd className="font-semibold">{confidenceAndRangeText(numbers.confidenceScore, numbers.rangeLow, numbers.rangeHigh)}</dd>
          </div>
        </dl>
      ) : (
        <p className="mt-1 text-xs text-emerald-900">
          {maxOfferRuleText(rule)} Before the property is valued, this is only an estimate: 70% of the estimated value (
          {formatMoney(lead.estimatedValue)}). It is never mailed as an offer.
        </p>
      )}
    </section>
  );
}

function LeadDetails({ lead, saved, rule }: Pick<LeadDetailsProps, "lead" | "saved" | "rule">) {
  return (
    <div className="grid gap-3">
      <MaxOfferLine lead={lead} saved={saved} rule={rule} />
      <OwnerContactFacts lead={lead} />
      <LeadFacts lead={lead} confidenceScore={saved?.arv ? saved.confidenceScore : undefined} />
      {saved ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          In your CRM as <WorkbenchStatusBadge crmStatus={saved.status} />
          <Link to={`/?section=crm&lead=${saved.propertyId}`} className="font-semibold text-brand-800 underline">
            Open in CRM
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Confirm Add to CRM: posts the lead (status new). Offered only while the lead is not in the CRM; a stale
 * page's post still answers 'Already in CRM'.
 */
function ConfirmAddForm({
  lead,
  index,
  request,
  primary = false,
}: Pick<LeadDetailsProps, "lead" | "index" | "request"> & { primary?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  return (
    <Form method="post" action={workbenchAction(request)}>
      <input type="hidden" name="leadId" value={lead.id} />
      <input type="hidden" name="vendor" value={lead.raw.vendor} />
      <input type="hidden" name="index" value={index} />
      <Button type="submit" name="intent" value="add" disabled={busy} {...(primary ? { "data-autofocus": true } : {})}>
        {busy ? "Adding..." : "Confirm Add to CRM"}
      </Button>
    </Form>
  );
}

function title(lead: LeadQueueItem) {
  return lead.addressLine;
}

function description(lead: LeadQueueItem) {
  return [lead.city, [lead.state, lead.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

export function LeadDetailsDialog({ lead, index, saved, rule, closeHref, request }: LeadDetailsProps) {
  const navigate = useNavigate();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : navigate(closeHref, { replace: true, preventScrollReset: true }))}
      width="lg"
      title={title(lead)}
      description={description(lead)}
    >
      <LeadDetails lead={lead} saved={saved} rule={rule} />
      {/* The dialog's Close is in its header, in view however far the details scroll; it opens on its primary action. */}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {saved ? (
          <DialogClose>
            <Button data-autofocus>Continue with this lead</Button>
          </DialogClose>
        ) : (
          <ConfirmAddForm lead={lead} index={index} request={request} primary />
        )}
      </div>
    </Dialog>
  );
}

/** Without JavaScript the details render in the page, above the lead card, with a link back. */
export function LeadDetailsPanel({ lead, index, saved, rule, closeHref, request }: LeadDetailsProps) {
  return (
    <section aria-labelledby="lead-details-heading" className="mb-6 rounded-xl border border-brand-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="lead-details-heading" className="text-lg font-semibold text-slate-900">
            {title(lead)}
          </h2>
          <p className="text-sm text-slate-600">{description(lead)}</p>
        </div>
        <Link to={closeHref} className={buttonClass("secondary")}>
          Close
        </Link>
      </div>
      <LeadDetails lead={lead} saved={saved} rule={rule} />
      {saved ? null : (
        <div className="mt-6 flex justify-end">
          <ConfirmAddForm lead={lead} index={index} request={request} />
        </div>
      )}
    </section>
  );
}
