import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmStep } from "~/components/ui/confirm-action";
import { FormError, SelectField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/components/use-hydrated";
import { DOCUMENT_STATUS_LABELS, DOCUMENT_STATUSES } from "@db/enums";
import { CONTRACT_KINDS } from "~/domain/contract-text";
import { GenerateContractSchema } from "~/domain/document-forms";
import { relativeTime } from "~/domain/format";
import type { GenerateContractActionData } from "~/routes/documents.generate";
import type { load } from "~/services/sections/documents.server";

type Data = Awaited<ReturnType<typeof load>>;

const ACCEPT = ".pdf,.doc,.docx,.txt";
const STATUS_STYLE: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700",
  pending: "bg-amber-100 text-amber-800",
  signed: "bg-sky-100 text-sky-800",
  completed: "bg-emerald-100 text-emerald-800",
};

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
const STATUS_OPTIONS = DOCUMENT_STATUSES.map((value) => ({ value, label: DOCUMENT_STATUS_LABELS[value] }));

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
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Documents</h1>
          <p className="text-sm text-slate-600">Contracts, letters of intent and closing paperwork in one place.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Upload type={data.type} />
          <Link to={tabHref(data.type, "&generate=1")} className={buttonClass("secondary")}>
            Generate Contract
          </Link>
        </div>
      </div>
      {data.generating ? <GenerateContract data={data} /> : null}
      {confirming ? (
        <ConfirmStep {...deletion(confirming, data.type)} cancelHref={tabHref(data.type)} confirmText="Yes, delete" />
      ) : null}
      <nav aria-label="Document categories">
        <ul className="flex flex-wrap gap-1 border-b border-slate-200">
          {DOCUMENT_TABS.map((tab) => {
            const active = tab.type === data.type;
            return (
              <li key={tab.type}>
                <Link
                  to={tabHref(tab.type)}
                  aria-current={active ? "page" : undefined}
                  preventScrollReset
                  className={`-mb-px block border-b-2 px-3 py-2 text-sm font-medium ${active ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {data.documents.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">No documents found</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.documents.map((document) => (
            <li key={document.id}>
              <article aria-labelledby={`document-${document.id}`} className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <h2 id={`document-${document.id}`} className="font-semibold break-words text-slate-900">
                  {document.name}
                </h2>
                <p className="mt-1 text-sm text-slate-600">{document.typeLabel}</p>
                <p className="mt-2 flex items-center gap-2 text-xs text-slate-500">
                  <span className={`rounded-full px-2 py-0.5 font-medium capitalize ${STATUS_STYLE[document.status] ?? STATUS_STYLE.draft}`}>{document.status}</span>
                  <span>Updated {relativeTime(document.updatedAt, now)}</span>
                </p>
                <div className="mt-auto space-y-3 pt-4">
                  {document.hasFile ? (
                    <div className="flex gap-2">
                      <a href={`/documents/${document.id}/view`} target="_blank" rel="noreferrer" className={buttonClass("secondary", "flex-1")} aria-label={`View ${document.name}`}>
                        View
                      </a>
                      <a href={`/documents/${document.id}/download`} download className={buttonClass("secondary", "flex-1")} aria-label={`Download ${document.name}`}>
                        Download
                      </a>
                    </div>
                  ) : null}
                  <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
                    <StatusForm document={document} type={data.type} />
                    <ConfirmAction
                      {...deletion(document, data.type)}
                      triggerText="Delete"
                      triggerLabel={`Delete ${document.name}`}
                      confirmText="Delete"
                      pendingText="Deleting..."
                      noScriptHref={tabHref(data.type, `&delete=${document.id}`)}
                    />
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Moves a document along draft → pending → signed → completed (a real form: works without JavaScript). */
function StatusForm({ document, type }: { document: Data["documents"][number]; type: string }) {
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
      <select id={id} name="status" defaultValue={document.status} key={document.status} className="w-28 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs">
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

/** With JavaScript: the button opens the file picker and the file goes to /api/documents/upload. Without: a multipart form. */
function Upload({ type }: { type: string }) {
  const hydrated = useHydrated();
  const toast = useToast();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const documentType = type === "all" ? "template" : type;

  async function upload(file: File) {
    setUploading(true);
    try {
      const body = new FormData();
      body.set("file", file);
      body.set("type", documentType);
      const response = await fetch("/api/documents/upload", { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as { success?: boolean; message?: string };
      if (!response.ok || !answer.success) throw new Error(answer.message || "Upload failed");
      toast({ title: "Document Uploaded", description: "Your document has been successfully uploaded.", variant: "success" });
      revalidator.revalidate();
    } catch (error) {
      toast({ title: "Upload Failed", description: error instanceof Error && error.message ? error.message : "Upload failed", variant: "error" });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <Form
      method="post"
      action={`/documents/upload${type === "all" ? "" : `?type=${type}`}`}
      encType="multipart/form-data"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        const file = input.current?.files?.[0];
        if (file) void upload(file);
        else input.current?.click();
      }}
    >
      <input type="hidden" name="type" value={documentType} />
      <label htmlFor="document-file" className={hydrated ? "sr-only" : "text-sm font-medium text-slate-800"}>
        Document file
      </label>
      <input
        ref={input}
        id="document-file"
        type="file"
        name="file"
        accept={ACCEPT}
        required={!hydrated}
        className={hydrated ? "sr-only" : "max-w-56 text-sm"}
        tabIndex={hydrated ? -1 : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (hydrated && file) void upload(file);
        }}
      />
      {hydrated ? (
        <Button type="button" disabled={uploading} onClick={() => input.current?.click()}>
          {uploading ? "Uploading..." : "Upload Document"}
        </Button>
      ) : (
        <Button type="submit">Upload Document</Button>
      )}
    </Form>
  );
}

type FormComponent = typeof Form;
type PropertyOptions = Data["properties"];

/**
 * "Generate Contract": a property of the user's and a contract type, posted to /documents/generate. Validated in the
 * browser by the server's schema; without JavaScript the server's errors come back on the /documents/generate page.
 */
export function GenerateContractForm({
  FormAs,
  properties,
  lastResult,
  busy,
  cancel,
}: {
  FormAs: FormComponent;
  properties: PropertyOptions;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
  cancel?: ReactNode;
}) {
  const [form, fields] = useForm({
    id: "generate-contract",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GenerateContractSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (properties.length === 0) {
    return <p className="text-sm text-slate-600">Add a property in the CRM first; the contract is filled from it and your company profile.</p>;
  }
  return (
    // noValidate: the schema's messages, not the browser's, with or without JavaScript.
    <FormAs method="post" action="/documents/generate" {...getFormProps(form)} noValidate className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-start">
      <FormError id={form.errorId} messages={form.errors} />
      <SelectField
        label="Property"
        meta={fields.propertyId}
        options={properties.map((property) => ({ value: property.id, label: [property.address, property.city, property.state].filter(Boolean).join(", ") }))}
      />
      <SelectField label="Contract type" meta={fields.kind} options={Object.entries(CONTRACT_KINDS).map(([value, label]) => ({ value, label }))} />
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" disabled={busy}>
          {busy ? "Generating..." : "Generate PDF"}
        </Button>
        {cancel}
      </div>
    </FormAs>
  );
}

function GenerateContract({ data }: { data: Data }) {
  const fetcher = useFetcher<GenerateContractActionData>();
  return (
    <section aria-labelledby="generate-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="generate-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Generate Contract
      </h2>
      <GenerateContractForm
        FormAs={fetcher.Form}
        properties={data.properties}
        lastResult={fetcher.data?.result}
        busy={fetcher.state !== "idle"}
        cancel={
          <Link to={tabHref(data.type)} className={buttonClass("secondary")}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}
