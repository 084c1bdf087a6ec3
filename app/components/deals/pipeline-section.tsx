import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher, useFetchers, useSubmit, type Form } from "@remix-run/react";
import { useState, type DragEvent } from "react";

import { DEAL_STAGE_LABELS as STAGE_TITLES, DEAL_STAGES as STAGES, type DealStage as Stage } from "#db/enums.ts";
import { DealDispo, DispoFilter } from "#app/components/dispo/deal-dispo.tsx";
import { useZodValidation } from "#app/components/hooks/use-zod-validation.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, InputField, SelectField } from "#app/components/ui/field.tsx";
import { PeriodSelect } from "#app/components/ui/period-select.tsx";
import { SectionHeader } from "#app/components/ui/section-header.tsx";
import { type DealFormActionData, type DealLeadOption } from "#app/domain/deals/deal-forms.ts";
import { groupByStage, isStage, PIPELINE_PERIODS, propertyDetails, STAGE_BADGES } from "#app/domain/deals/pipeline.ts";
import { statusWithGroup } from "#app/domain/leads/status-groups.ts";
import { formatMoney, formatNumber } from "#app/domain/shared/format.ts";
import { STAGE_TONES } from "#app/domain/shared/status-tones.ts";
import type { load } from "#app/services/deals/pipeline-section.server.ts";

type Data = Awaited<ReturnType<typeof load>>;
type Deal = Data["deals"][number];

const ACTION = "/pipeline/deals";
/** Deals whose move is on its way to the server, shown in their new column at once. */
function usePendingMoves(): Map<string, Stage> {
  const moves = new Map<string, Stage>();
  for (const fetcher of useFetchers()) {
    const form = fetcher.formData;
    if (form?.get("intent") !== "move") continue;
    const stage = form.get("stage");
    const dealId = form.get("dealId");
    if (typeof dealId === "string" && isStage(stage)) moves.set(dealId, stage);
  }
  return moves;
}

/** A deal dropped on another stage moves there (a fetcher each, so moves in flight show at once). */
function useDealDrop(data: Data, pending: ReturnType<typeof usePendingMoves>) {
  const submit = useSubmit();
  const [dropTarget, setDropTarget] = useState<Stage | null>(null);

  function drop(stage: Stage, event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDropTarget(null);
    const dealId = event.dataTransfer.getData("application/x-breeze-deal");
    const deal = data.deals.find((item) => item.id === dealId);
    if (!deal || (pending.get(dealId) ?? deal.stage) === stage) return;
    submit(
      { intent: "move", dealId, stage, period: data.period },
      { method: "post", action: ACTION, navigate: false, fetcherKey: `move-${dealId}` },
    );
  }
  return { dropTarget, setDropTarget, drop };
}

export default function PipelineSection({ data }: { data: Data }) {
  const pending = usePendingMoves();
  const deals = data.deals.map((deal) => (pending.has(deal.id) ? { ...deal, stage: pending.get(deal.id)! } : deal));
  const columns = groupByStage(deals);
  const { dropTarget, setDropTarget, drop } = useDealDrop(data, pending);

  return (
    <div className="space-y-6">
      <SectionHeader
        align="end"
        title="Deal Pipeline"
        description="Drag a deal to another stage, or use its “Move to…” control. A lead whose offer is mailed gets its deal here, in Negotiation."
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <DispoFilter period={data.period} dispo={data.dispo} />
            <PeriodSelect section="pipeline" period={data.period} options={PIPELINE_PERIODS} />
          </div>
        }
      />

      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Total Pipeline" value={formatMoney(data.figures.totalPipeline)} />
        <Figure label="Closed This Month" value={formatMoney(data.figures.closedThisMonth)} />
        <Figure label="Active Deals" value={formatNumber(data.figures.activeDeals)} />
        <Figure label="Close Rate" value={`${data.figures.closeRate}%`} />
      </dl>

      <details className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" open={data.totalDeals === 0 && data.leads.length > 0}>
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">New deal from a lead</summary>
        <div className="mt-4">
          <CreateDeal leads={data.leads} period={data.period} />
        </div>
      </details>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {STAGES.map((stage) => (
          <section
            key={stage}
            aria-labelledby={`stage-${stage}`}
            onDragOver={(event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
              setDropTarget(stage);
            }}
            onDragLeave={() => setDropTarget((current) => (current === stage ? null : current))}
            onDrop={(event) => drop(stage, event)}
            data-stage={stage}
            className={`rounded-xl border bg-slate-100/70 p-3 transition-colors ${dropTarget === stage ? "border-brand-600 bg-brand-50" : "border-slate-200"}`}
          >
            <div className="mb-3 flex items-center justify-between">
              <h2 id={`stage-${stage}`} className="text-sm font-semibold text-slate-800">
                {STAGE_TITLES[stage]}
              </h2>
              <span
                className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700"
                aria-label={`${columns[stage].length} deals`}
              >
                {columns[stage].length}
              </span>
            </div>
            <div className="max-h-96 overflow-y-auto pr-1">
              {columns[stage].length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
                  No deals in this stage
                </p>
              ) : (
                <ul className="space-y-3">
                  {columns[stage].map((deal) => (
                    <li key={deal.id}>
                      <DealCard deal={deal} period={data.period} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

function DealCard({ deal, period }: { deal: Deal; period: string }) {
  const fetcher = useFetcher({ key: `move-${deal.id}` });
  const address = deal.property?.address ?? "Unknown Property";
  return (
    <article
      draggable
      aria-labelledby={`deal-${deal.id}`}
      onDragStart={(event) => {
        event.dataTransfer.setData("application/x-breeze-deal", deal.id);
        event.dataTransfer.effectAllowed = "move";
      }}
      className="cursor-grab rounded-lg border border-slate-200 bg-white p-3 shadow-xs focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 active:cursor-grabbing"
    >
      <h3 id={`deal-${deal.id}`} className="text-sm font-semibold text-slate-900">
        {address}
      </h3>
      <p className="mt-0.5 text-xs text-slate-600">{propertyDetails(deal.property)}</p>
      {deal.property ? <p className="mt-0.5 text-xs text-slate-600">{`Lead: ${statusWithGroup(deal.property.status)}`}</p> : null}
      {/* Wraps in a narrow column instead of pushing the badge out of the card. */}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <span className="whitespace-nowrap text-sm font-semibold text-slate-900">
          {deal.dealValue === null ? "No value" : formatMoney(deal.dealValue)}
        </span>
        <Badge tone={STAGE_TONES[deal.stage]}>{STAGE_BADGES[deal.stage]}</Badge>
      </div>
      <DealDispo dealId={deal.id} dispo={deal.dispo} inClosing={deal.stage === "closing"} />
      <fetcher.Form method="post" action={ACTION} className="mt-3 flex items-center gap-2">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="dealId" value={deal.id} />
        <input type="hidden" name="period" value={period} />
        <label htmlFor={`move-${deal.id}`} className="sr-only">
          Move {address} to…
        </label>
        <select
          id={`move-${deal.id}`}
          name="stage"
          defaultValue={deal.stage}
          key={deal.stage}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs"
        >
          {STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stage === deal.stage ? "Move to…" : STAGE_TITLES[stage]}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Move ${address}`}
        >
          Move
        </button>
      </fetcher.Form>
    </article>
  );
}

type FormComponent = typeof Form;

/** The section's create form, posted by a fetcher: the board stays, errors come back next to the fields. */
function CreateDeal({ leads, period }: { leads: DealLeadOption[]; period: string }) {
  const fetcher = useFetcher<DealFormActionData>({ key: "create-deal" });
  const lastResult = fetcher.data?.intent === "create" ? fetcher.data.result : undefined;
  return <CreateDealForm FormAs={fetcher.Form} leads={leads} period={period} lastResult={lastResult} busy={fetcher.state !== "idle"} />;
}

/**
 * Create a deal from one of the user's leads (posts to /pipeline/deals). Validated in the browser by the schema the
 * action uses; without JavaScript a failed post lands on /pipeline/deals, which renders this form with the errors.
 */
export function CreateDealForm({
  FormAs,
  leads,
  period,
  lastResult,
  busy,
}: {
  FormAs: FormComponent;
  leads: DealLeadOption[];
  period: string;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const validate = useZodValidation(() => import("#app/domain/deals/deal-forms.ts").then((module) => module.CreateDealSchema));
  const [form, fields] = useForm({
    id: "create-deal",
    lastResult,
    onValidate: validate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (leads.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        Every lead already has a deal. Add leads in the{" "}
        <a href="/?section=crm" className="font-medium text-brand-700 underline">
          CRM
        </a>{" "}
        to start new deals.
      </p>
    );
  }
  return (
    // noValidate: the schema's messages, not the browser's, with or without JavaScript.
    <FormAs
      method="post"
      action={ACTION}
      {...getFormProps(form)}
      noValidate
      className="grid items-start gap-4 sm:grid-cols-[2fr_1fr_1fr_auto]"
    >
      {form.errors?.length ? (
        <div className="sm:col-span-4">
          <FormError id={form.errorId} messages={form.errors} />
        </div>
      ) : null}
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="period" value={period} />
      <SelectField
        label="Lead"
        meta={fields.propertyId}
        options={leads.map((lead) => ({ value: lead.id, label: [lead.address, lead.city, lead.state].filter(Boolean).join(", ") }))}
      />
      <InputField label="Deal value" meta={fields.dealValue} inputMode="decimal" placeholder="Lead's offer" />
      <SelectField
        label="Stage"
        meta={fields.stage}
        options={STAGES.map((stage) => ({ value: stage, label: STAGE_TITLES[stage] }))}
        defaultValue="lead_generation"
      />
      <Button type="submit" className="sm:mt-6" disabled={busy}>
        {busy ? "Creating..." : "Create Deal"}
      </Button>
    </FormAs>
  );
}
