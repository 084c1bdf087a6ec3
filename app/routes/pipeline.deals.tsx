import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { DEAL_STAGE_LABELS } from "#db/enums.ts";
import { CreateDealForm } from "#app/components/deals/pipeline-section.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { FormError } from "#app/components/ui/field.tsx";
import { CreateDealSchema, MoveDealSchema, type DealFormActionData } from "#app/domain/deals/deal-forms.ts";
import { pipelinePeriodOf } from "#app/domain/deals/pipeline.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { createDeal, getDeal, listLeadsWithoutDeal, updateDeal } from "#app/services/deals/deals.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast, type Toast } from "#app/services/http/toast.server.ts";

/**
 * The pipeline's form actions: create a deal from a lead, move a deal to another stage. Posted by the section's
 * forms (fetchers with JavaScript, plain posts without); success redirects back to the board with a toast. A failed
 * post without JavaScript lands on this page, which shows the errors and the form again.
 */
export const meta: MetaFunction = () => [{ title: "Deal Pipeline — Breeze" }];

/** The page itself (reached directly, or after a failed post without JavaScript): the new-deal form on its own. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  return { leads: await listLeadsWithoutDeal(context, session.workspaceId) };
}

function backToBoard(period: string, toast: Toast) {
  const query = new URLSearchParams({ section: "pipeline" });
  const chosen = pipelinePeriodOf(period);
  if (chosen !== "all") query.set("period", chosen);
  return redirectWithToast(`/?${query}`, toast);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const userId = session.workspaceId;
  const formData = await readFormData(request);
  const period = String(formData.get("period") ?? "all");
  const now = context.now();

  if (formData.get("intent") === "move") {
    const submission = parseWithZod(formData, { schema: MoveDealSchema });
    if (submission.status !== "success")
      return data({ intent: "move", result: submission.reply(), leads: null } satisfies DealFormActionData, { status: 400 });
    // "Under Contract" asks for the contract's terms first: the deal moves when they are saved.
    if (submission.value.stage === "closing") {
      const deal = await getDeal(context, userId, submission.value.dealId);
      if (deal && deal.stage !== "closing" && deal.contractPrice === null) return redirect(`/deals/${deal.id}/contract`);
    }
    const outcome = await updateDeal({ db: context.db, now: () => now }, userId, submission.value.dealId, {
      stage: submission.value.stage,
    });
    if (!outcome.ok)
      return data(
        { intent: "move", result: submission.reply({ formErrors: [outcome.message] }), leads: null } satisfies DealFormActionData,
        { status: outcome.status },
      );
    const address = outcome.deal.property?.address ?? "The deal";
    return backToBoard(period, {
      title: "Deal moved",
      description: `${address} moved to ${DEAL_STAGE_LABELS[submission.value.stage]}.`,
      variant: "success",
    });
  }

  const submission = parseWithZod(formData, { schema: CreateDealSchema });
  const leads = () => listLeadsWithoutDeal(context, userId);
  if (submission.status !== "success")
    return data({ intent: "create", result: submission.reply(), leads: await leads() } satisfies DealFormActionData, { status: 400 });
  const outcome = await createDeal({ db: context.db, now: () => now }, userId, submission.value);
  if (!outcome.ok) {
    const reply = submission.reply({ fieldErrors: { [outcome.field ?? "propertyId"]: [outcome.message] } });
    return data({ intent: "create", result: reply, leads: await leads() } satisfies DealFormActionData, { status: outcome.status });
  }
  const address = outcome.deal.property?.address ?? "The property";
  return backToBoard(period, {
    title: "Deal created",
    description: `${address} added to ${DEAL_STAGE_LABELS[outcome.deal.stage]}.`,
    variant: "success",
  });
}

export default function PipelineDealsFallback() {
  const result = useActionData<typeof action>();
  const { leads } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
      <Link to="/?section=pipeline" className={buttonClass("ghost", "-ml-3")}>
        <span aria-hidden="true">←</span> Back to the pipeline
      </Link>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{result?.intent === "move" ? "Move deal" : "New deal"}</h1>
      {result?.intent !== "move" ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <CreateDealForm
            FormAs={Form}
            leads={result?.intent === "create" ? result.leads : leads}
            period="all"
            lastResult={result?.intent === "create" ? result.result : undefined}
            busy={busy}
          />
        </div>
      ) : (
        <div className="mt-6">
          <FormError
            messages={Object.values(result?.result.error ?? {})
              .flat()
              .filter((message): message is string => Boolean(message))}
          />
        </div>
      )}
    </main>
  );
}

/** A thrown response or failure renders in this page's frame, with the way back. */
export function ErrorBoundary() {
  return <PageError backTo="/?section=pipeline" backLabel="Back to the pipeline" />;
}
