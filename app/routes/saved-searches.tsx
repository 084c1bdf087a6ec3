import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import SavedSearchesList from "#app/components/leads/saved-searches.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { isWizardKind, readAnswers, type WizardKind } from "#app/domain/chat/wizard.ts";
import {
  EditSavedSearchSchema,
  SAVED_SEARCH_NOT_FOUND,
  SavedSearchActionSchema,
  SaveSearchSchema,
} from "#app/domain/leads/saved-searches.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { fieldErrors, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { runSavedSearch } from "#app/services/leads/saved-search-run.server.ts";
import { deleteSavedSearch, editSavedSearch, listSavedSearches, saveSearch, setDaily } from "#app/services/leads/saved-searches.server.ts";

export const meta: MetaFunction = () => [{ title: "Saved Searches — Breeze" }];

const PAGE = "/saved-searches";

/** `?edit=<id>` opens that search's Edit form on its card; a search that is not the user's answers 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const searches = await listSavedSearches(context, session.workspaceId);
  const editing = new URL(request.url).searchParams.get("edit");
  if (editing !== null && !searches.some((search) => search.id === editing)) throw new Response(SAVED_SEARCH_NOT_FOUND, { status: 404 });
  return { searches, editing };
}

/**
 * Save (posted by the wizard's last step), Run now, Daily on/off and Delete, each a form that works without JavaScript
 * and answers with a redirect and a toast. A refused save answers 400 with the field errors and the answers, so the page
 * offers the save again; a search that is not the user's answers 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const userId = session.workspaceId;
  const form = await readFormData(request);
  const now = context.now();

  if (form.get("intent") === "save") {
    const answers = readAnswers(form);
    const wizard = form.get("wizard");
    const kind: WizardKind = isWizardKind(wizard) ? wizard : "seller";
    const parsed = SaveSearchSchema.safeParse({ wizard: form.get("wizard"), name: form.get("name") ?? "" });
    const refuse = (errors: Record<string, string[]>, status = 400) =>
      data({ save: { errors, answers, kind, name: String(form.get("name") ?? "").slice(0, 200) } }, { status });
    if (!parsed.success) return refuse(fieldErrors(parsed.error.issues));
    const saved = await saveSearch({ db: context.db, now: () => now }, userId, {
      kind: parsed.data.wizard,
      name: parsed.data.name,
      answers,
      createdBy: session.user.id,
    });
    if (!saved.ok)
      return refuse(Object.fromEntries(Object.entries(saved.errors).map(([field, message]) => [field, [message]])), saved.status);
    return redirectWithToast(PAGE, {
      title: "Search saved",
      description: `"${parsed.data.name}" is in your saved searches.`,
      variant: "success",
    });
  }

  if (form.get("intent") === "edit") return edit(context, userId, form);

  const parsed = SavedSearchActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ save: null, message: "Choose a saved search and an action" }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "run") {
    const outcome = await runSavedSearch(context, userId, input.id);
    if (!outcome.ok) throw new Response(SAVED_SEARCH_NOT_FOUND, { status: 404 });
    if (outcome.delivered > 0) {
      const description = `${outcome.delivered} new ${outcome.delivered === 1 ? "lead" : "leads"} in your lead queue.`;
      return redirectWithToast("/leads/workbench", { title: "Search run", description, variant: "success" });
    }
    return redirectWithToast(PAGE, { title: "No new leads", description: outcome.note ?? "No new leads this time.", variant: "info" });
  }
  if (input.intent === "daily") {
    const switched = await setDaily({ db: context.db, now: () => now }, userId, input.id, input.daily === "on");
    if (!switched.ok && switched.status === 404) throw new Response(SAVED_SEARCH_NOT_FOUND, { status: 404 });
    if (!switched.ok) return data({ save: null, message: switched.message }, { status: switched.status });
  } else if (!(await deleteSavedSearch(context, userId, input.id))) {
    throw new Response(SAVED_SEARCH_NOT_FOUND, { status: 404 });
  }
  const title = input.intent === "delete" ? "Search deleted" : input.daily === "on" ? "Runs daily" : "Daily run off";
  return redirectWithToast(PAGE, { title, variant: "success" });
}

/**
 * Edit: a new name and new answers for one of the user's searches, by the same rules as a save; refused input answers
 * 400 with the form's field errors and what was typed, a search that is not the user's 404.
 */
async function edit(context: ActionFunctionArgs["context"], userId: string, form: FormData) {
  const answers = readAnswers(form);
  const id = String(form.get("id") ?? "").slice(0, 64);
  const name = String(form.get("name") ?? "").slice(0, 200);
  const refuse = (errors: Record<string, string[]>) => data({ edit: { id, name, answers, errors } }, { status: 400 });
  const parsed = EditSavedSearchSchema.safeParse({ intent: "edit", id, name });
  if (!parsed.success) return refuse(fieldErrors(parsed.error.issues));
  const edited = await editSavedSearch(context, userId, { id: parsed.data.id, name: parsed.data.name, answers });
  if (!edited.ok && edited.status === 404) throw new Response(SAVED_SEARCH_NOT_FOUND, { status: 404 });
  if (!edited.ok) return refuse(Object.fromEntries(Object.entries(edited.errors).map(([field, message]) => [field, [message]])));
  return redirectWithToast(PAGE, { title: "Search updated", description: `"${parsed.data.name}" is saved.`, variant: "success" });
}

/** /saved-searches: the user's saved searches with their last run, leads and cost, and what can be done with each. */
export default function SavedSearchesPage() {
  const { searches, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/?section=dashboard" className={buttonClass("ghost", "-ml-3 mb-4")}>
        <span aria-hidden="true">←</span> Back
      </Link>
      {actionData && "message" in actionData ? (
        <p role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {actionData.message}
        </p>
      ) : null}
      <SavedSearchesList
        searches={searches}
        refusedSave={actionData && "save" in actionData ? actionData.save : null}
        editing={actionData && "edit" in actionData ? actionData.edit : editing ? { id: editing } : null}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <PageError backTo={PAGE} backLabel="Saved Searches" />;
}
