/**
 * The property card's comps (the spec's "Property card dialog": comparable cards, the first 3, with Show/Hide Comps;
 * "Comps": shown or hidden, with the list loaded from the server; 'Comps Analysis Failed'). Show/Hide Comps is
 * a link that sets `comps=1` (the CRM's loader then reads the stored comps in its batch); Find Comps / Refresh Comps
 * posts to /crm/comps, which runs the comps search of POST /api/properties/{id}/comps and redirects back, so both
 * work before JavaScript loads. With JavaScript a progress bar runs while the search does. Below the cards, the comps
 * the user can defend: pin, exclude, add, and the comp report (pinned-comps.tsx, ADR 091).
 */
import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";

import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { CallProgress, useCallProgress } from "#app/components/ui/call-progress.tsx";
import { formatDate } from "#app/domain/shared/format.ts";
import { compCount, compCountWords } from "#app/domain/valuation/comp-count.ts";
import type { Comparable, PinnedCompView, StoredCompDetail } from "#app/domain/valuation/comparables.ts";
import type { ModelPart } from "#app/domain/valuation/rebuild.ts";
import { compCells, COMPS_ACTION, COMPS_MESSAGES, COMPS_SHOWN, compsShown } from "#app/domain/valuation/view.ts";

import { PinnedComps } from "./pinned-comps.tsx";

type Props = {
  propertyId: string;
  /** The stored comps (most alike first) when the card shows them; null when hidden (not loaded). */
  comps: StoredCompDetail[] | null;
  /** The user's pinned and excluded comps of the property (ADR 091). */
  choices: PinnedCompView[];
  /** Where comps are bought from a vendor: the paid re-search's button, priced ("Refresh comps — about N records, $x.xx"). */
  paidRefresh?: string | null;
  /** The valuation's market-model part, when the engine made the ARV. */
  model?: ModelPart | null;
};

function CompCard({ comp }: { comp: Comparable }) {
  const cells = compCells(comp);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <article aria-label={comp.address}>
        <h4 className="text-sm font-semibold text-slate-900">{cells.address}</h4>
        <p className="text-lg font-bold text-slate-900">{cells.soldPrice}</p>
        <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-700">
          <dt className="text-slate-600">Sold</dt>
          <dd>{formatDate(comp.soldDate)}</dd>
          <dt className="text-slate-600">Days on market</dt>
          <dd>{cells.daysOnMarket}</dd>
          <dt className="text-slate-600">Beds/Baths</dt>
          <dd>{cells.bedsBaths}</dd>
          <dt className="text-slate-600">Sq Ft</dt>
          <dd>{cells.squareFeet}</dd>
          <dt className="text-slate-600">$/Sq Ft</dt>
          <dd>{cells.pricePerSqft}</dd>
          <dt className="text-slate-600">Distance</dt>
          <dd>{cells.distance}</dd>
        </dl>
      </article>
    </li>
  );
}

export function PropertyComps({ propertyId, comps, choices, paidRefresh = null, model = null }: Props) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === COMPS_ACTION;
  // The search redirects back either way: with `failed=1` (and a 'Comps Analysis Failed' toast) when it failed.
  const progress = useCallProgress(busy, params.get("failed") === "1", COMPS_MESSAGES);
  const shown = compsShown(params) && comps !== null;
  const toggle = new URLSearchParams(params);
  toggle.delete("failed");
  if (shown) toggle.delete("comps");
  else toggle.set("comps", "1");
  const first = (comps ?? []).slice(0, COMPS_SHOWN);

  return (
    <section aria-label="Comps" className="rounded-lg border border-slate-200 p-4 md:col-span-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          Comps{" "}
          {shown ? (
            <span className="font-normal text-slate-600">
              · {comps!.length === 0 ? "none stored" : compCountWords(compCount(comps!, choices))}
            </span>
          ) : null}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Link to={`/?${toggle}`} preventScrollReset replace className={buttonClass("secondary")}>
            {shown ? "Hide Comps" : "Show Comps"}
          </Link>
          <Form method="post" action={COMPS_ACTION}>
            <input type="hidden" name="propertyId" value={propertyId} />
            <Button type="submit" disabled={busy}>
              {busy ? "Finding Comps..." : shown && comps!.length > 0 ? "Refresh Comps" : "Find Comps"}
            </Button>
          </Form>
          {paidRefresh ? (
            <Form method="post" action={COMPS_ACTION}>
              <input type="hidden" name="propertyId" value={propertyId} />
              <input type="hidden" name="refresh" value="1" />
              <Button type="submit" variant="secondary" disabled={busy}>
                {paidRefresh}
              </Button>
            </Form>
          ) : null}
          {/* The user's own sold homes join the comps of their valuations (docs/import.md). */}
          <Link to="/sales/import" className={buttonClass("ghost")}>
            Import Sold Comps
          </Link>
        </div>
      </div>
      <CallProgress progress={progress} label="Comps search progress" />
      {shown ? (
        first.length > 0 ? (
          <ul aria-label="Comparable properties" className="mt-3 grid gap-3 sm:grid-cols-3">
            {/* The spec's first 3: the most alike of the comps used. */}
            {first.map((comp) => (
              <CompCard key={comp.id} comp={comp} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600">No comps yet: Find Comps searches recent nearby sales of similar homes.</p>
        )
      ) : null}
      {shown && comps!.length > 0 ? <PinnedComps propertyId={propertyId} comps={comps!} choices={choices} model={model} /> : null}
    </section>
  );
}
