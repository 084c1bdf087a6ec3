import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { BlastForm } from "#app/components/dispo/blast-form.tsx";
import { DealFormPage } from "#app/components/dispo/deal-form-page.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { BlastSchema, blastSummary } from "#app/domain/dispo/blast.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { DEAL_NOT_FOUND } from "#app/services/deals/deals.server.ts";
import { readBlastPage } from "#app/services/dispo/blast-page.server.ts";
import { blastDeal } from "#app/services/dispo/blast.server.ts";
import { allowMethods, fieldErrors, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

export const meta: MetaFunction = () => [{ title: "Email buyers — Breeze" }];

/** The deal's matched buyers with whether each was emailed; 404 for a foreign or unknown deal. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const page = await readBlastPage(context, { userId: session.workspaceId, dealId: (params.id ?? "").slice(0, 64) });
  if (!page) throw new Response(DEAL_NOT_FOUND, { status: 404 });
  return { ...page, blastKey: crypto.randomUUID() };
}

/** Emails the deal to the checked buyers, then back to this page with what went; a refusal is shown on the form. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const dealId = (params.id ?? "").slice(0, 64);
  const form = await readFormData(request);
  const parsed = BlastSchema.safeParse({
    buyerIds: form.getAll("buyerId").map(String),
    sendAgain: form.get("sendAgain") === "on",
    blastKey: form.get("blastKey")?.toString() || undefined,
  });
  if (!parsed.success) return data({ message: Object.values(fieldErrors(parsed.error.issues)).flat().join(" ") }, { status: 400 });
  const blasted = await blastDeal(context, { userId: session.workspaceId, dealId, input: parsed.data, actorId: session.user.id });
  if (!blasted.ok) {
    if (blasted.status === 404 && blasted.message === DEAL_NOT_FOUND) throw new Response(DEAL_NOT_FOUND, { status: 404 });
    return data({ message: blasted.message }, { status: blasted.status });
  }
  return redirectWithToast(`/deals/${dealId}/blast`, {
    title: "Deal emailed",
    description: blastSummary(blasted.sent, blasted.skipped),
    variant: "success",
  });
}

/** /deals/{id}/blast: email the deal to its matched buyers who consent, each once unless sent again. */
export default function BlastPage() {
  const { address, buyers, blastKey } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <DealFormPage
      title="Email buyers"
      wide
      alert={refused?.message}
      lead={
        <>
          {address ?? "The deal"}: each buyer gets one email with the deal&apos;s city, facts and asking price, and a one-click unsubscribe.
          Only buyers who agreed to email are emailed, once per deal unless you send again.
        </>
      }
    >
      <BlastForm key={blastKey} buyers={buyers} blastKey={blastKey} />
    </DealFormPage>
  );
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=pipeline" backLabel="Back to the pipeline" />;
}
