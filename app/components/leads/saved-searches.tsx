/** The Saved Searches page: each search with its last run, leads and cost, and Run now / Daily / Delete forms. */
import { Form, Link } from "@remix-run/react";

import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { SectionHeader } from "#app/components/ui/section-header.tsx";
import { WIZARD_FIELDS, WIZARD_TITLES, type WizardAnswers, type WizardKind } from "#app/domain/chat/wizard.ts";
import { savedSearchCriteria } from "#app/domain/leads/saved-search-words.ts";
import { wizardHref, type SavedSearchRow } from "#app/domain/leads/saved-searches.ts";
import { formatDate } from "#app/domain/shared/format.ts";
import { formatCostCents } from "#app/domain/usage/usage-money.ts";

import { SaveSearchName } from "./save-search-name.tsx";
import { SavedSearchEditForm, type SavedSearchEditing } from "./saved-search-edit.tsx";

/** A save the server refused (a taken or missing name): the form again, with its errors, on this page. */
export type RefusedSave = { errors: Record<string, string[]>; answers: WizardAnswers; kind: WizardKind; name: string };

export default function SavedSearchesList({
  searches,
  refusedSave,
  editing,
}: {
  searches: SavedSearchRow[];
  refusedSave: RefusedSave | null;
  /** The search whose Edit form is open (`?edit=`, or an edit the server refused). */
  editing: SavedSearchEditing | null;
}) {
  return (
    <div className="space-y-6">
      <SectionHeader
        title="Saved Searches"
        description="Searches you saved from the lead wizards. A daily search brings only leads you have never received."
        actions={
          <Link to="/?section=chat&agent=lead-finder&wizard=seller" className={buttonClass("secondary")}>
            New search
          </Link>
        }
      />
      {refusedSave ? <RefusedSaveForm save={refusedSave} /> : null}
      {searches.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
          No saved searches yet. Save one from the last step of a lead wizard.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Saved searches">
          {searches.map((search) => (
            <SavedSearchItem key={search.id} search={search} editing={editing?.id === search.id ? editing : null} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedSearchItem({ search, editing }: { search: SavedSearchRow; editing: SavedSearchEditing | null }) {
  const seller = search.kind === "seller";
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={search.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-slate-900">{search.name}</h2>
          <p className="text-xs text-slate-600">{WIZARD_TITLES[search.kind]}</p>
        </div>
        {search.daily ? <Badge tone="emerald">Daily</Badge> : null}
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Criteria">
        {savedSearchCriteria(search.kind, search.answers).map(({ term, words }) => (
          <div key={term} className="flex gap-1">
            <dt className="text-slate-600">{term}:</dt>
            <dd className="font-medium break-words text-slate-900">{words}</dd>
          </div>
        ))}
      </dl>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600">Last run</dt>
          <dd>{search.lastRunAt ? formatDate(search.lastRunAt) : "Never"}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Leads delivered</dt>
          <dd>{search.leadsDelivered}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Cost</dt>
          <dd>{formatCostCents(search.costCents)}</dd>
        </div>
      </dl>
      {search.lastRunNote ? <p className="mt-2 text-xs text-amber-800">{search.lastRunNote}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {seller ? (
          <Form method="post" action="/saved-searches">
            <input type="hidden" name="id" value={search.id} />
            <Button type="submit" name="intent" value="run">
              Run now
            </Button>
          </Form>
        ) : (
          <Link to={wizardHref(search.kind, search.answers)} className={buttonClass("primary", "", "sm")}>
            Run now
          </Link>
        )}
        <Form method="post" action="/saved-searches">
          <input type="hidden" name="id" value={search.id} />
          <input type="hidden" name="daily" value={search.daily ? "off" : "on"} />
          <Button type="submit" variant="secondary" name="intent" value="daily" aria-pressed={search.daily}>
            {search.daily ? "Stop daily run" : "Run daily"}
          </Button>
        </Form>
        <Link
          to={`/saved-searches?edit=${encodeURIComponent(search.id)}`}
          preventScrollReset
          className={buttonClass("secondary")}
          aria-label={`Edit ${search.name}`}
        >
          Edit
        </Link>
        <Form method="post" action="/saved-searches">
          <input type="hidden" name="id" value={search.id} />
          <Button type="submit" variant="ghost" name="intent" value="delete" aria-label={`Delete ${search.name}`}>
            Delete
          </Button>
        </Form>
      </div>
      {editing ? <SavedSearchEditForm search={search} editing={editing} /> : null}
    </li>
  );
}

function RefusedSaveForm({ save }: { save: RefusedSave }) {
  return (
    <Form method="post" action="/saved-searches" className="rounded-xl border border-red-200 bg-red-50 p-4" aria-label="Save search">
      <input type="hidden" name="wizard" value={save.kind} />
      {WIZARD_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={save.answers[field]} />
      ))}
      {Object.entries(save.errors)
        .filter(([field]) => field !== "name")
        .map(([field, messages]) => (
          <p key={field} role="alert" className="mb-2 text-sm text-red-700">
            {messages[0]}
          </p>
        ))}
      <SaveSearchName defaultValue={save.name} error={save.errors.name?.[0]} />
    </Form>
  );
}
