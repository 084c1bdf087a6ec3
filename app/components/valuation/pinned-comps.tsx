/**
 * Comps the user can defend (docs/decisions/091-comps-the-user-can-defend.md), in the property card
 * and the workbench's Property Value panel: every comp with its adjusted price, each adjustment line and why it stands
 * out; Pin / Unpin and Exclude (a reason and a note of at most 200 characters) per comp; the excluded comps to
 * include again; "Add a comp" by address; and "Comp report". Every control is a plain form post to a route that
 * values the property again and comes back here, so all of it works without JavaScript.
 */
import { Form, useLocation } from "@remix-run/react";

import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { formatMoney } from "#app/domain/shared/format.ts";
import { compCount, compCountWords, lowWeightReason } from "#app/domain/valuation/comp-count.ts";
import type { PinnedCompView, StoredCompDetail } from "#app/domain/valuation/comparables.ts";
import { compSetNote, outlierReasons } from "#app/domain/valuation/outliers.ts";
import {
  ADDRESS_TEXT_MAX,
  COMP_PIN_ACTION,
  EXCLUDE_REASONS,
  excludeReasonLabel,
  NOTE_MAX,
} from "#app/domain/valuation/pinned-comps-form.ts";
import { arvBlendWords, compWeightWords, rebuildArv, type ModelPart } from "#app/domain/valuation/rebuild.ts";

export const COMP_REPORT_ACTION = "/crm/comp-report";

type Props = {
  propertyId: string;
  comps: StoredCompDetail[];
  choices: PinnedCompView[];
  /** The valuation's market-model part (null for an ARV the engine did not make). */
  model?: ModelPart | null;
};

/** The hidden fields every form here carries: the property and the page to come back to. */
function Hidden({ propertyId, returnTo }: { propertyId: string; returnTo: string }) {
  return (
    <>
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
}

function ChoiceButton(props: { propertyId: string; returnTo: string; saleId: string; action: string; label: string; aria: string }) {
  return (
    <Form method="post" action={COMP_PIN_ACTION} preventScrollReset>
      <Hidden propertyId={props.propertyId} returnTo={props.returnTo} />
      <input type="hidden" name="saleId" value={props.saleId} />
      <button type="submit" name="action" value={props.action} aria-label={props.aria} className={buttonClass("secondary", "", "sm")}>
        {props.label}
      </button>
    </Form>
  );
}

function ExcludeForm({ propertyId, returnTo, comp }: { propertyId: string; returnTo: string; comp: StoredCompDetail }) {
  const id = `exclude-${comp.id}`;
  return (
    <details className="text-xs">
      <summary className={buttonClass("secondary", "cursor-pointer list-none", "sm")}>Exclude</summary>
      <Form method="post" action={COMP_PIN_ACTION} preventScrollReset className="mt-2 grid gap-2 rounded-md border border-slate-200 p-2">
        <Hidden propertyId={propertyId} returnTo={returnTo} />
        <input type="hidden" name="saleId" value={comp.saleId ?? ""} />
        <label htmlFor={`${id}-reason`} className="font-medium text-slate-800">
          Why exclude {comp.address}?
        </label>
        <select id={`${id}-reason`} name="reason" required className={inputClass("text-xs")} defaultValue="">
          <option value="" disabled>
            Choose a reason
          </option>
          {EXCLUDE_REASONS.map((reason) => (
            <option key={reason.value} value={reason.value}>
              {reason.label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-note`} className="text-slate-700">
          Note (optional, up to {NOTE_MAX} characters)
        </label>
        <input id={`${id}-note`} name="note" maxLength={NOTE_MAX} className={inputClass("text-xs")} />
        <Button type="submit" name="action" value="exclude" variant="danger" className="text-xs">
          Exclude comp
        </Button>
      </Form>
    </details>
  );
}

/** The comp's weight as the engine stored it, its share of the ARV, and why it is low when it is. */
function CompWeight({ comp, comps, why, model }: { comp: StoredCompDetail; comps: number; why: string[]; model: ModelPart | null }) {
  if (comp.weight === null) return null;
  const low = lowWeightReason(comp, comps, why);
  return (
    <>
      {` · weight ${compWeightWords(comp.weight, model)}`}
      {low ? (
        <span className="block text-xs text-amber-800" data-testid="low-weight">
          {low}
        </span>
      ) : null}
    </>
  );
}

function CompRow({
  comp,
  comps,
  choice,
  why,
  model,
  propertyId,
  returnTo,
}: {
  comp: StoredCompDetail;
  /** How many comps the valuation used (a weight is low against an even share of them). */
  comps: number;
  choice: PinnedCompView | undefined;
  why: string[];
  model: ModelPart | null;
  propertyId: string;
  returnTo: string;
}) {
  const pinned = choice?.choice === "pinned" || choice?.choice === "added";
  return (
    <li className="rounded-md border border-slate-200 bg-white p-3 text-sm">
      <article aria-label={`Comp ${comp.address}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h4 className="font-semibold text-slate-900">
            {comp.address} {choice?.choice === "added" ? <Badge tone="sky">Added</Badge> : pinned ? <Badge tone="sky">Pinned</Badge> : null}
            {why.length > 0 ? <Badge tone="amber">Outlier</Badge> : null}
          </h4>
          <p className="text-slate-700">
            Sold {formatMoney(comp.soldPrice)} · adjusted <strong>{formatMoney(comp.adjustedPrice)}</strong>
            <CompWeight comp={comp} comps={comps} why={why} model={model} />
          </p>
        </div>
        {why.length > 0 ? (
          <ul aria-label="Why it stands out" className="mt-1 list-disc pl-5 text-xs text-amber-800">
            {why.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        {comp.adjustments && comp.adjustments.length > 0 ? (
          <ul aria-label="Adjustments" className="mt-1 list-disc pl-5 text-xs text-slate-700">
            {comp.adjustments.map((adjustment) => (
              <li key={adjustment.kind}>{adjustment.note}</li>
            ))}
          </ul>
        ) : null}
        {comp.saleId ? (
          <div className="mt-2 flex flex-wrap items-start gap-2">
            {pinned ? (
              <ChoiceButton
                propertyId={propertyId}
                returnTo={returnTo}
                saleId={comp.saleId}
                action="unpin"
                label="Unpin"
                aria={`Unpin ${comp.address}`}
              />
            ) : (
              <ChoiceButton
                propertyId={propertyId}
                returnTo={returnTo}
                saleId={comp.saleId}
                action="pin"
                label="Pin"
                aria={`Pin ${comp.address}`}
              />
            )}
            <ExcludeForm propertyId={propertyId} returnTo={returnTo} comp={comp} />
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** How the ARV is made of what the list shows: the comps' weighted value and the market model's, with their shares. */
function ArvRebuildLine({ comps, model }: { comps: StoredCompDetail[]; model: ModelPart | null | undefined }) {
  const rebuilt = rebuildArv(comps, model);
  if (!rebuilt) return null;
  return (
    <p className="rounded-md bg-slate-50 p-2 text-xs text-slate-700" data-testid="arv-rebuild">
      {arvBlendWords(rebuilt)}, on a log scale: {formatMoney(rebuilt.compsValue)}^{rebuilt.compsShare.toFixed(2)} ×{" "}
      {formatMoney(rebuilt.model.value)}^{rebuilt.model.share.toFixed(2)} ≈ <strong>{formatMoney(rebuilt.arv)}</strong>.
    </p>
  );
}

/** "Add a comp" by address, and "Comp report": a document post into a new tab that answers with the PDF. */
function CompActions({ propertyId, returnTo }: { propertyId: string; returnTo: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <Form method="post" action={COMP_PIN_ACTION} preventScrollReset className="flex flex-wrap items-end gap-2">
        <Hidden propertyId={propertyId} returnTo={returnTo} />
        <label className="grid gap-1 text-xs font-medium text-slate-800">
          Add a comp by address
          <input
            name="address"
            required
            minLength={3}
            maxLength={ADDRESS_TEXT_MAX}
            placeholder="e.g. 123 Main St"
            className={inputClass("text-sm")}
          />
        </label>
        <Button type="submit" name="action" value="add" variant="secondary">
          Add a comp
        </Button>
      </Form>
      {/* A document post into a new tab: the answer is the PDF itself, also filed in Documents. */}
      <Form method="post" action={COMP_REPORT_ACTION} target="_blank" reloadDocument className="grid justify-items-end gap-1">
        <Hidden propertyId={propertyId} returnTo={returnTo} />
        <Button type="submit" aria-describedby={`comp-report-note-${propertyId}`}>
          Comp report
        </Button>
        <span id={`comp-report-note-${propertyId}`} className="text-xs text-slate-600">
          Opens the PDF in a new tab and files it in Documents.
        </span>
      </Form>
    </div>
  );
}

export function PinnedComps({ propertyId, comps, choices, model = null }: Props) {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const reasons = outlierReasons(comps.map((c) => ({ ...c, id: c.saleId ?? c.id })));
  const bySale = new Map(choices.map((choice) => [choice.saleId, choice]));
  const excluded = choices.filter((choice) => choice.choice === "excluded");
  return (
    <section aria-label="Defend the comps" className="mt-3 grid gap-3">
      <h4 className="text-sm font-semibold text-slate-900">
        Your comps <span className="font-normal text-slate-600">· {compCountWords(compCount(comps, choices))}</span>
      </h4>
      <ArvRebuildLine comps={comps} model={model} />
      {compSetNote(comps.map((c) => ({ ...c, id: c.saleId ?? c.id }))) ? (
        <p className="text-xs text-amber-800">{compSetNote(comps.map((c) => ({ ...c, id: c.saleId ?? c.id })))}</p>
      ) : null}
      <ul className="grid gap-2">
        {comps.map((comp) => (
          <CompRow
            key={comp.id}
            comp={comp}
            comps={comps.length}
            choice={comp.saleId ? bySale.get(comp.saleId) : undefined}
            why={reasons.get(comp.saleId ?? comp.id) ?? []}
            model={model}
            propertyId={propertyId}
            returnTo={returnTo}
          />
        ))}
      </ul>
      {excluded.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold text-slate-900">Excluded comps</h4>
          <ul aria-label="Excluded comps" className="mt-1 grid gap-1 text-sm">
            {excluded.map((choice) => (
              <li key={choice.saleId} className="flex flex-wrap items-center gap-2">
                <span>
                  {choice.address} — {excludeReasonLabel(choice.reason)}
                  {choice.note ? `: ${choice.note}` : ""}
                </span>
                <ChoiceButton
                  propertyId={propertyId}
                  returnTo={returnTo}
                  saleId={choice.saleId}
                  action="include"
                  label="Include again"
                  aria={`Include ${choice.address} again`}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <CompActions propertyId={propertyId} returnTo={returnTo} />
    </section>
  );
}
