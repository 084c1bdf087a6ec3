/**
 * The workbench's Get Property Value banner (the spec's "Workbench banners" and "Seller card actions"; "Workbench
 * flow" and "Valuation progress", the value-calculation Demo Mode): a form post of the lead's facts to the page's
 * action, which values the lead as calculate-arv does and records the ARV, its confidence and its comps on the saved
 * property; then the ARV with its 80 % range, its confidence in words (docs/decisions/076-valuation-80-percent-range.md)
 * and the comparable-properties table (address, sold price, days on market, beds/baths, sqft, $/sqft, distance). With
 * JavaScript a progress bar runs while the call does. Part of the offer steps' chunk.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";

import { Button } from "#app/components/ui/button.tsx";
import { CallProgress, useCallProgress } from "#app/components/ui/call-progress.tsx";
import { PinnedComps } from "#app/components/valuation/pinned-comps.tsx";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import { DEMO_MODE } from "#app/domain/offers/offer-rules.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { compCount, compCountWords } from "#app/domain/valuation/comp-count.ts";
import type { Comparable, PinnedCompView, StoredCompDetail } from "#app/domain/valuation/comparables.ts";
import type { ModelPart } from "#app/domain/valuation/rebuild.ts";
import {
  compCells,
  confidenceAndRangeText,
  demoValuation,
  RANGE_LABEL,
  VALUATION_MESSAGES,
  type ValuationStep,
} from "#app/domain/valuation/view.ts";
import { leadValuationFields } from "#app/domain/workbench/lead-facts.ts";
import { STEP_ANCHORS } from "#app/domain/workbench/step-anchors.ts";
import type { WorkbenchActionData } from "#app/domain/workbench/workbench-forms.ts";
import { workbenchAction } from "#app/domain/workbench/workbench-rules.ts";

type Props = {
  lead: LeadQueueItem;
  index: number;
  propertyId: string;
  /** The ARV recorded on the property by an earlier valuation (or analysis). */
  storedArv: number | null;
  /** The comps recorded on the property by the last valuation. */
  comps: StoredCompDetail[];
  /** The user's pinned and excluded comps (ADR 091). */
  pinnedComps: PinnedCompView[];
  /** The stored valuation's market-model part, when the engine made it. */
  model: ModelPart | null;
  valuation: ValuationStep | null;
  request?: string | null;
};

const COLUMNS = ["Address", "Sold Price", "Days on Market", "Beds/Baths", "Sq Ft", "$/Sq Ft", "Distance"] as const;

export function CompsTable({ comps, caption }: { comps: Comparable[]; caption: string }) {
  return (
    // A container: on a phone each comp reads as a card (`card-table`, tailwind.css) instead of scrolling sideways.
    <div className="@container mt-3 rounded-lg border border-slate-200 bg-white">
      <table className="card-table w-full text-left text-sm">
        <caption className="px-3 pt-3 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        <thead className="text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {comps.map((comp) => {
            const cells = compCells(comp);
            return (
              <tr key={comp.id}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {cells.address}
                </th>
                <td data-label="Sold Price" className="px-3 py-2">
                  {cells.soldPrice}
                </td>
                <td data-label="Days on Market" className="px-3 py-2">
                  {cells.daysOnMarket}
                </td>
                <td data-label="Beds/Baths" className="px-3 py-2">
                  {cells.bedsBaths}
                </td>
                <td data-label="Sq Ft" className="px-3 py-2">
                  {cells.squareFeet}
                </td>
                <td data-label="$/Sq Ft" className="px-3 py-2">
                  {cells.pricePerSqft}
                </td>
                <td data-label="Distance" className="px-3 py-2">
                  {cells.distance}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-lg font-bold text-slate-900">{value}</dd>
    </div>
  );
}

/** The hidden fields: the saved property, the lead's position and the lead's facts (what the workbench sends to calculate-arv). */
function LeadFacts({ lead, index, propertyId }: Pick<Props, "lead" | "index" | "propertyId">) {
  const fields = leadValuationFields(lead, propertyId, index);
  return (
    <>
      {fields.map(([name, value]) =>
        value === null || value === "" ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
    </>
  );
}

function DemoResult({ lead }: { lead: LeadQueueItem }) {
  const demo = demoValuation(lead.estimatedValue);
  const comps: Comparable[] = demo.comps.map((comp, index) => ({
    id: `demo-${index}`,
    address: comp.address,
    soldPrice: comp.soldPrice,
    soldDate: "",
    bedrooms: lead.bedrooms,
    bathrooms: lead.bathrooms,
    squareFeet: lead.squareFeet,
    pricePerSqft: lead.squareFeet ? comp.soldPrice / lead.squareFeet : null,
    distance: null,
    similarityScore: null,
    daysOnMarket: null,
    sourceUrl: null,
  }));
  return (
    <div role="status" aria-label={DEMO_MODE.value} className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold text-amber-900">{DEMO_MODE.value}</h3>
      <p className="mt-1 text-sm text-amber-900">
        Demo Mode: the valuation service could not be reached, so these figures are not a valuation. The three comps are placeholders at
        95%, 102% and 105% of the estimated value and the ARV is their average; nothing was saved.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="ARV (demo)" value={formatMoney(demo.arv)} />
      </dl>
      <CompsTable comps={comps} caption="Demo comparables" />
    </div>
  );
}

/** The valuation shown: the ARV, its 80 % range and confidence, and the comps with their pins. */
function ValueResult({
  arv,
  result,
  propertyId,
  comps,
  pinnedComps,
  model,
}: Pick<Props, "propertyId" | "comps" | "pinnedComps" | "model"> & {
  arv: number;
  result: Exclude<ValuationStep, "demo"> | null;
}) {
  return (
    <div className="mt-4" role="group" aria-label="Property value">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="ARV" value={formatMoney(arv)} />
        <Figure
          label={RANGE_LABEL}
          value={
            result?.low !== null && result?.low !== undefined && result.high !== null
              ? `${formatMoney(result.low)} – ${formatMoney(result.high)}`
              : "N/A"
          }
        />
        <Figure label="Confidence" value={confidenceAndRangeText(result?.confidence, result?.low, result?.high)} />
      </dl>
      {comps.length > 0 ? (
        <CompsTable comps={comps} caption={`Comparable properties · ${compCountWords(compCount(comps, pinnedComps))}`} />
      ) : null}
      {comps.length > 0 ? <PinnedComps propertyId={propertyId} comps={comps} choices={pinnedComps} model={model} /> : null}
    </div>
  );
}

export function PropertyValue({ lead, index, propertyId, storedArv, comps, pinnedComps, model, valuation, request }: Props) {
  const navigation = useNavigation();
  const actionData = useActionData<WorkbenchActionData>();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "value";
  const refused = actionData?.intent === "value" ? actionData : null;
  const progress = useCallProgress(busy, refused !== null, VALUATION_MESSAGES);
  const result = valuation && valuation !== "demo" ? valuation : null;
  const arv = result?.arv ?? (comps.length > 0 ? storedArv : null);

  return (
    <section
      id={STEP_ANCHORS.value}
      aria-label="Get Property Value"
      className="scroll-mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-5"
    >
      <h2 tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        Get Property Value
      </h2>
      <Form method="post" action={workbenchAction(request)} className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <LeadFacts lead={lead} index={index} propertyId={propertyId} />
        <p className="text-sm text-slate-700">The ARV from recent comparable sales near {lead.addressLine}.</p>
        <Button type="submit" name="intent" value="value" disabled={busy}>
          {busy ? "Calculating..." : arv ? "Recalculate Property Value" : "Get Property Value"}
        </Button>
      </Form>
      <CallProgress progress={progress} label="Property value progress" />
      {refused && !busy ? (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <strong className="font-semibold">{refused.title}</strong> - {refused.message}
        </p>
      ) : null}
      {valuation === "demo" ? <DemoResult lead={lead} /> : null}
      {valuation !== "demo" && arv ? (
        <ValueResult arv={arv} result={result} propertyId={propertyId} comps={comps} pinnedComps={pinnedComps} model={model} />
      ) : null}
    </section>
  );
}
