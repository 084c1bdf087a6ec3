import { Form } from "@remix-run/react";

import { Button } from "#app/components/ui/button.tsx";
import { formatDate } from "#app/domain/shared/format.ts";

export type DealLinkInfo = { active: boolean; showStreet: boolean; createdAt: string; revokedAt: string | null } | null;

/**
 * The deal's page for buyers: make a link (shown here once; the blast's emails carry it), make a new one (the old one
 * stops working) or revoke it; and whether a buyer who leaves their details sees the exact street.
 */
export function DealLinkPanel({ link, newUrl, open }: { link: DealLinkInfo; newUrl: string | null; open: boolean }) {
  return (
    <section aria-labelledby="deal-link" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="deal-link" className="text-lg font-semibold text-slate-900">
        Deal page for buyers
      </h2>
      {newUrl ? (
        <div role="status" className="space-y-1 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          <p className="font-semibold">Share this link with your buyers. It is shown only now: copy it.</p>
          <p className="font-mono break-all" data-testid="deal-link-url">
            {newUrl}
          </p>
        </div>
      ) : null}
      <p className="text-sm text-slate-700">
        {!open
          ? "The deal page is closed: the deal is assigned or no longer under contract."
          : link?.active
            ? `A link is live since ${formatDate(link.createdAt)}${link.showStreet ? "; buyers who leave their details see the street" : ""}.`
            : "No live link. Buyers see the city, ZIP, facts and numbers, never the seller."}
      </p>
      {open ? (
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="link" />
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="showStreet" value="yes" defaultChecked={link?.showStreet ?? false} className="h-4 w-4" />
              Show the street to buyers who leave their details
            </label>
            <Button type="submit">{link?.active ? "Make a New Link" : "Make Link"}</Button>
          </Form>
          {link?.active ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke" />
              <Button type="submit" variant="secondary">
                Revoke Link
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
