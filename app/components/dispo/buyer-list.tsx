import type { SerializeFrom } from "@remix-run/cloudflare";

import { Badge } from "#app/components/ui/badge.tsx";
import type { BuyerView } from "#app/services/dispo/buyers.server.ts";

type Buyer = SerializeFrom<BuyerView>;

/** The buyer list: each buyer's contact, what they said (buy-box), what they did (cash purchases) and their email consent. */
export function BuyerList({ buyers, total }: { buyers: readonly Buyer[]; total: number }) {
  if (buyers.length === 0)
    return <p className="text-sm text-slate-600">No buyers yet. Add one, import a CSV, or add the buyers you saved in Buyer Breeze.</p>;
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600" data-testid="buyers-count">
        {total === buyers.length
          ? `${total.toLocaleString("en-US")} ${total === 1 ? "buyer" : "buyers"}`
          : `The newest ${buyers.length} of ${total.toLocaleString("en-US")} buyers`}
      </p>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" aria-label="Buyers">
        {buyers.map((buyer) => (
          <li key={buyer.id} className="space-y-1 p-3 text-sm" data-testid="buyer-row">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900">{buyer.name}</span>
              {buyer.company ? <span className="text-slate-600">{buyer.company}</span> : null}
              <Badge tone={buyer.consent === "Email: yes" ? "emerald" : "neutral"}>{buyer.consent}</Badge>
              <span className="text-xs text-slate-500">{buyer.sourceLabel}</span>
            </div>
            <p className="text-slate-700">{[buyer.email, buyer.phoneText].filter(Boolean).join(" · ")}</p>
            <p className="text-slate-700">
              <span className="font-medium">Buy-box:</span> {buyer.buyBox}
            </p>
            <p className="text-slate-700">
              <span className="font-medium">Bought:</span> {buyer.did}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
