import { useFetcher } from "@remix-run/react";

import { DOCUMENT_STATUS_LABELS, DOCUMENT_STATUSES } from "#db/enums.ts";

const STATUS_OPTIONS = DOCUMENT_STATUSES.map((value) => ({ value, label: DOCUMENT_STATUS_LABELS[value] }));

/** Moves a document along draft → pending → signed → completed (a real form: works without JavaScript). */
export function StatusForm({ document, type }: { document: { id: string; name: string; status: string }; type: string }) {
  const fetcher = useFetcher();
  const id = `status-${document.id}`;
  return (
    <fetcher.Form method="post" action="/documents/update" className="flex min-w-0 items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={document.id} />
      {type === "all" ? null : <input type="hidden" name="returnType" value={type} />}
      <label htmlFor={id} className="sr-only">
        Status of {document.name}
      </label>
      <select
        id={id}
        name="status"
        defaultValue={document.status}
        key={document.status}
        className="w-28 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs"
      >
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-label={`Update the status of ${document.name}`}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Update
      </button>
    </fetcher.Form>
  );
}
