import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { SequenceEditor, SEQUENCES_PATH } from "#app/components/sequences/sequence-editor.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { FormPage } from "#app/components/ui/form-page.tsx";
import {
  editDraft,
  EditIntentSchema,
  readDraft,
  readWithoutOffer,
  SequenceFormSchema,
  toDraft,
  WithoutOfferSchema,
  type DraftStep,
} from "#app/domain/sequences/editor.ts";
import type { WithoutOffer } from "#app/domain/sequences/task-state.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { fieldErrors, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { readUserSequence, saveUserSequence } from "#app/services/sequences/user-sequence.server.ts";

export const meta: MetaFunction = () => [{ title: "Sequences — Breeze" }];

const SEQUENCE_NOT_FOUND = "Sequence not found";
const CHECK_STEPS = "Check the highlighted steps";
/** An id longer than this is no sequence's (ids are UUIDs). */
const MAX_ID_LENGTH = 64;

/** The user's "New seller lead" (their saved steps, or the default): the session lookup and one read. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const sequence = await readUserSequence(context, session.workspaceId);
  return {
    sequenceId: sequence.id,
    name: sequence.name,
    steps: toDraft(sequence.steps),
    withoutOffer: sequence.withoutOffer,
    companyName: session.user.company?.companyName ?? null,
  };
}

type Answer = { draft: DraftStep[]; withoutOffer?: WithoutOffer; errors: Record<string, string[]>; message: string | null };
const answer = (body: Answer, status = 200) => data(body, { status });

/**
 * Every button of the editor posts the whole draft. Up, Down, Remove, Add step and Restore default answer the
 * rearranged draft (nothing saved); Preview checks it and answers it with the previews; Save checks it, saves it in day
 * order and goes back to the page with a toast. A refused draft answers 400 with its field errors and writes nothing;
 * a sequence id that is not the user's is a 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = await readFormData(request);
  const draft = readDraft(form.entries());
  const intent = EditIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return answer({ draft, errors: {}, message: "Choose what to do" }, 400);
  const withoutOffer = readWithoutOffer(form.get("withoutOffer"));
  if (!withoutOffer) {
    const refused = WithoutOfferSchema.safeParse(form.get("withoutOffer"));
    const message = refused.success ? CHECK_STEPS : refused.error.issues[0].message;
    return answer({ draft, errors: { withoutOffer: [message] }, message }, 400);
  }

  if (intent.data.kind !== "save" && intent.data.kind !== "preview") {
    const edited = editDraft(draft, intent.data);
    return answer({ draft: edited.draft, withoutOffer, errors: {}, message: edited.error }, edited.error ? 400 : 200);
  }
  const parsed = SequenceFormSchema.safeParse({ steps: draft });
  if (!parsed.success) return answer({ draft, withoutOffer, errors: fieldErrors(parsed.error.issues), message: CHECK_STEPS }, 400);
  if (intent.data.kind === "preview") return answer({ draft: toDraft(parsed.data.steps), withoutOffer, errors: {}, message: null });

  const posted = form.get("sequenceId");
  const sequenceId = typeof posted === "string" && posted.trim() ? posted.trim().slice(0, MAX_ID_LENGTH + 1) : null;
  const saved = await saveUserSequence(context, session.workspaceId, sequenceId, parsed.data.steps, withoutOffer);
  if (!saved.ok) throw new Response(SEQUENCE_NOT_FOUND, { status: 404 });
  return redirectWithToast(SEQUENCES_PATH, {
    title: "Sequence saved",
    description: "Sequences you start from now on use these steps.",
    variant: "success",
  });
}

/** /sequences: edit the steps of "New seller lead" — add, remove, reorder, templates — and preview them. */
export default function SequencesPage() {
  const saved = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return (
    <FormPage title="Sequences" backTo="/today" backLabel="Back to Today">
      <h2 className="mb-2 text-lg font-semibold text-slate-900">{saved.name}</h2>
      {posted?.message ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {posted.message}
        </p>
      ) : null}
      <SequenceEditor
        sequenceId={saved.sequenceId}
        name={saved.name}
        steps={posted?.draft ?? saved.steps}
        withoutOffer={posted?.withoutOffer ?? saved.withoutOffer}
        errors={posted?.errors ?? {}}
        companyName={saved.companyName}
        unsaved={posted !== undefined}
      />
    </FormPage>
  );
}

export function ErrorBoundary() {
  return <PageError backTo={SEQUENCES_PATH} backLabel="Sequences" />;
}
