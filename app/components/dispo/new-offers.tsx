import { Link } from "@remix-run/react";

import type { OfferTask } from "#app/domain/dispo/offer-tasks.ts";

/** Today's buyer offers and inquiries waiting for an answer, newest first, each linking to its deal's offers. */
export function NewOffers({ offers }: { offers: readonly OfferTask[] }) {
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="new-offers" className="mb-6">
      <h2 id="new-offers" className="mb-2 text-lg font-semibold text-slate-900">
        Buyer offers
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm" aria-label="Buyer offers">
        {offers.map((offer) => (
          <li key={offer.offerId} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="new-offer">
            <span className="min-w-0">
              <span className="font-semibold break-words text-slate-900">{offer.label}</span>
              <span className="block break-words text-slate-600">
                {offer.address} · <time dateTime={offer.receivedOn}>{offer.receivedOn}</time>
              </span>
            </span>
            <Link to={offer.href} className="font-medium text-brand-700 underline">
              Review offers
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
