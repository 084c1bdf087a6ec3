import { Form, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";

import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { blastPreview, type BlastRow } from "#app/domain/dispo/blast.ts";
import type { UsageKind } from "#app/domain/usage/kinds.ts";

type RootCosts = { unitCostCents: Record<UsageKind, number> | null };

/** How many emails the form would send as it stands: checked buyers not emailed yet, or all checked when sending again. */
function countOf(buyers: readonly BlastRow[], checked: ReadonlySet<string>, sendAgain: boolean): number {
  return buyers.filter((buyer) => checked.has(buyer.buyerId) && (buyer.emailed === null || sendAgain)).length;
}

/**
 * The blast: the deal's matched buyers as checkboxes (those who may be emailed and were not yet, checked), "send
 * again", and the button priced as it stands ("Email 37 buyers — $0.04"). A Remix form: without JavaScript the button
 * shows the count it was rendered with.
 */
export function BlastForm({ buyers, blastKey }: { buyers: readonly BlastRow[]; blastKey: string }) {
  const unitCost = (useRouteLoaderData("root") as RootCosts | undefined)?.unitCostCents?.buyer_email ?? 0;
  const [checked, setChecked] = useState(() => new Set(buyers.filter((b) => b.mayEmail && b.emailed === null).map((b) => b.buyerId)));
  const [sendAgain, setSendAgain] = useState(false);
  const busy = useNavigation().state === "submitting";
  const toggle = (id: string, on: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  if (buyers.length === 0)
    return (
      <p className="text-sm text-slate-600">No buyers on your list match this deal yet. Add buyers whose markets name its city or ZIP.</p>
    );
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="blastKey" value={blastKey} />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Matched buyers</legend>
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {buyers.map((buyer) => (
            <li key={buyer.buyerId} className="flex gap-3 p-3 text-sm" data-testid="blast-buyer">
              <input
                id={`blast-${buyer.buyerId}`}
                type="checkbox"
                name="buyerId"
                value={buyer.buyerId}
                disabled={!buyer.mayEmail}
                checked={checked.has(buyer.buyerId)}
                onChange={(event) => toggle(buyer.buyerId, event.currentTarget.checked)}
                className="mt-1 size-4 shrink-0"
              />
              <div className="min-w-0 space-y-1">
                <label htmlFor={`blast-${buyer.buyerId}`} className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{buyer.name}</span>
                  {buyer.company ? <span className="text-slate-600">{buyer.company}</span> : null}
                  {buyer.emailed ? <Badge tone="teal">{buyer.emailed === "sent" ? "Emailed" : "Being emailed"}</Badge> : null}
                </label>
                <ul className="text-xs break-words text-slate-600">
                  {buyer.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name="sendAgain"
          value="on"
          checked={sendAgain}
          onChange={(event) => setSendAgain(event.currentTarget.checked)}
          className="size-4"
        />
        Send again to buyers already emailed about this deal
      </label>
      <Button type="submit" disabled={busy} data-testid="blast-submit">
        {blastPreview(countOf(buyers, checked, sendAgain), unitCost)}
      </Button>
    </Form>
  );
}
