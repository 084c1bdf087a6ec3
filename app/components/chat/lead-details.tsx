/**
 * Seller Lead Details (the spec's "View Details", "Seller Lead Details dialog"): the lead's map, its building, owner
 * and valuation sections and the owner's contacts, with Confirm Add to CRM. A Radix dialog with JavaScript; without
 * it the same content in the page (the View Details link's `details` parameter). A chunk of its own: the chat loads
 * it once it is on screen.
 */
import { Link } from "@remix-run/react";
import { useState } from "react";

import { LeadFacts, OwnerContactFacts } from "#app/components/leads/lead-facts.tsx";
import { PropertyMap } from "#app/components/leads/property-map.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import type { ToastMessage } from "#app/components/ui/toast.tsx";
import { leadAddress, leadToProperty } from "#app/domain/leads/property.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";

import { addToCrm, isInCrmAnswer } from "./card-actions.ts";
import { InCrmNote } from "./in-crm-note.tsx";

type Props = {
  messageId: string;
  lead: LeadQueueItem;
  streetViewUrl: string | null;
  /** The lead's CRM status when it is in the CRM already: no Confirm Add to CRM then. */
  crmStatus: string | null;
};

function Details({ lead, streetViewUrl }: Omit<Props, "messageId" | "crmStatus">) {
  const label = leadAddress(lead);
  return (
    <div className="grid gap-3">
      <PropertyMap place={{ latitude: lead.lat, longitude: lead.lon, address: label }} streetViewUrl={streetViewUrl} label={label} />
      <LeadFacts lead={lead} />
      <OwnerContactFacts lead={lead} />
    </div>
  );
}

/** Confirm Add to CRM: posts to /chat/card; with JavaScript (`onConfirm`) it adds in place. */
function ConfirmAdd({ messageId, onConfirm }: { messageId: string; onConfirm?: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action="/chat/card"
      onSubmit={
        onConfirm
          ? async (event) => {
              event.preventDefault();
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value="add-to-crm" />
      <input type="hidden" name="messageId" value={messageId} />
      <Button type="submit" disabled={busy}>
        {busy ? "Adding..." : "Confirm Add to CRM"}
      </Button>
    </form>
  );
}

export function LeadDetailsDialog({
  messageId,
  lead,
  streetViewUrl,
  crmStatus,
  onClose,
  onAdded,
  toast,
}: Props & { onClose: () => void; onAdded: () => void; toast: (toast: ToastMessage) => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Seller Lead Details"
      description={leadAddress(lead)}
      width="lg"
    >
      <Details lead={lead} streetViewUrl={streetViewUrl} />
      {/* The dialog's Close is in its header. */}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {crmStatus ? (
          <InCrmNote status={crmStatus} />
        ) : (
          <ConfirmAdd
            messageId={messageId}
            onConfirm={async () => {
              const answer = await addToCrm(leadToProperty(lead, { status: "new" }));
              if (isInCrmAnswer(answer)) onAdded();
              toast(answer);
              onClose();
            }}
          />
        )}
      </div>
    </Dialog>
  );
}

/** Without JavaScript: the details in the page, above the conversation, with the way back. */
export function LeadDetailsPanel({ messageId, lead, streetViewUrl, crmStatus, closeHref }: Props & { closeHref: string }) {
  return (
    <section id="lead-details" aria-labelledby="lead-details-heading" className="rounded-xl border border-brand-200 bg-slate-50 p-4 sm:p-5">
      <h2 id="lead-details-heading" className="text-lg font-semibold text-slate-900">
        Seller Lead Details
      </h2>
      <p className="mb-3 text-sm text-slate-600">{leadAddress(lead)}</p>
      <Details lead={lead} streetViewUrl={streetViewUrl} />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Link to={closeHref} className={buttonClass("secondary")}>
          Close
        </Link>
        {crmStatus ? <InCrmNote status={crmStatus} /> : <ConfirmAdd messageId={messageId} />}
      </div>
    </section>
  );
}
