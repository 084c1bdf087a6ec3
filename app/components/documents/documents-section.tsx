/**
 * The documents section: category tabs, the document cards with their status form and delete, Upload and Generate
 * Contract. The forms live in components/documents/.
 */
import { Link } from "@remix-run/react";

import { GenerateContract } from "#app/components/documents/generate-contract.tsx";
import { StatusForm } from "#app/components/documents/status-form.tsx";
import { Upload } from "#app/components/documents/upload.tsx";
import { ImportSalesForm } from "#app/components/sales/import-sales-form.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { ConfirmAction, ConfirmStep } from "#app/components/ui/confirm-action.tsx";
import { SectionHeader } from "#app/components/ui/section-header.tsx";
import { TabLinks } from "#app/components/ui/tab-links.tsx";
import { statusWithGroup } from "#app/domain/leads/status-groups.ts";
import { relativeTime } from "#app/domain/shared/format.ts";
import { DOCUMENT_STATUS_TONES } from "#app/domain/shared/status-tones.ts";
import type { load } from "#app/services/documents/documents-section.server.ts";

type Data = Awaited<ReturnType<typeof load>>;

/** The category tabs: `type` in the URL, "all" when absent. */
const DOCUMENT_TABS = [
  { type: "all", label: "All Documents" },
  { type: "purchase_agreement", label: "Purchase Agreements" },
  { type: "assignment_contract", label: "Assignment Contracts" },
  { type: "closing_statement", label: "Closing Documents" },
  { type: "letter_of_intent", label: "Letter of Intents" },
  { type: "template", label: "Templates" },
] as const;

const tabHref = (type: string, extra = "") => `/?section=documents${type === "all" ? "" : `&type=${type}`}${extra}`;

const DELETE_QUESTION = "Are you sure you want to delete this document?";
/** What deleting a document posts and how it asks first (the dialog with JavaScript, the page step without). */
const deletion = (document: { id: string; name: string }, type: string) => ({
  title: "Delete document",
  question: DELETE_QUESTION,
  subject: document.name,
  action: "/documents/update",
  fields: { intent: "delete", id: document.id, ...(type === "all" ? {} : { returnType: type }) },
});

export default function DocumentsSection({ data }: { data: Data }) {
  const now = new Date(data.now);
  const confirming = data.documents.find((document) => document.id === data.confirmDeleteId) ?? null;
  return (
    <div className="space-y-5">
      <SectionHeader
        title="Documents"
        description="Contracts, letters of intent and closing paperwork in one place."
        actions={
          <>
            <Upload type={data.type} />
            <Link to={tabHref(data.type, "&generate=1")} className={buttonClass("secondary")}>
              Generate Contract
            </Link>
          </>
        }
      />
      <section aria-labelledby="sales-import-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="sales-import-heading" className="text-sm font-semibold text-slate-900">
          Your sold comps
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          Import sold homes from a CSV: your valuations use them as comps, and no one else sees them.{" "}
          <Link to="/sales/import" className="font-medium text-brand-700 underline">
            Columns and imported sales
          </Link>
        </p>
        <ImportSalesForm id="documents-sales-file" />
      </section>
      {data.generating ? <GenerateContract properties={data.properties} cancelHref={tabHref(data.type)} /> : null}
      {confirming ? <ConfirmStep {...deletion(confirming, data.type)} cancelHref={tabHref(data.type)} confirmText="Yes, delete" /> : null}
      <TabLinks
        label="Document categories"
        variant="underline"
        links={DOCUMENT_TABS.map((tab) => ({ key: tab.type, href: tabHref(tab.type), label: tab.label, current: tab.type === data.type }))}
      />
      {data.documents.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">No documents found</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.documents.map((document) => (
            <li key={document.id}>
              <DocumentCard document={document} type={data.type} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One document: its name, kind and status, View and Download when it has a file, the status form and Delete. */
function DocumentCard({ document, type, now }: { document: Data["documents"][number]; type: string; now: Date }) {
  return (
    <article
      aria-labelledby={`document-${document.id}`}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`document-${document.id}`} className="font-semibold break-words text-slate-900">
        {document.name}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{document.typeLabel}</p>
      {document.leadStatus ? <p className="mt-1 text-xs text-slate-500">{`Lead: ${statusWithGroup(document.leadStatus)}`}</p> : null}
      <p className="mt-2 flex items-center gap-2 text-xs text-slate-500">
        <Badge tone={DOCUMENT_STATUS_TONES[document.stage]}>{document.stageLabel}</Badge>
        <span>Updated {relativeTime(document.updatedAt, now)}</span>
      </p>
      <div className="mt-auto space-y-3 pt-4">
        {document.hasFile ? (
          <div className="flex gap-2">
            <a
              href={`/documents/${document.id}/view`}
              target="_blank"
              rel="noreferrer"
              className={buttonClass("secondary", "flex-1")}
              aria-label={`View ${document.name}`}
            >
              View
            </a>
            <a
              href={`/documents/${document.id}/download`}
              download
              className={buttonClass("secondary", "flex-1")}
              aria-label={`Download ${document.name}`}
            >
              Download
            </a>
          </div>
        ) : null}
        <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <StatusForm document={document} type={type} />
          <ConfirmAction
            {...deletion(document, type)}
            triggerText="Delete"
            triggerLabel={`Delete ${document.name}`}
            confirmText="Delete"
            pendingText="Deleting..."
            noScriptHref={tabHref(type, `&delete=${document.id}`)}
          />
        </div>
      </div>
    </article>
  );
}
