import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { DealLinkPanel } from "#app/components/dispo/deal-link.tsx";
import { DealOffers, FeeReceivedForm } from "#app/components/dispo/deal-offers.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { FeeReceivedSchema } from "#app/domain/dispo/offer-schema.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { DEAL_NOT_FOUND } from "#app/services/deals/deals.server.ts";
import { acceptOffer, declineOffer, recordFeeReceived } from "#app/services/dispo/assignment.server.ts";
import { makeDealLink, revokeDealLink } from "#app/services/dispo/deal-links.server.ts";
import { loadOffersPage } from "#app/services/dispo/offers-page.server.ts";
import { allowMethods, fieldErrors, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

export const meta: MetaFunction = () => [{ title: "Offers — Breeze" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const page = await loadOffersPage(context, { userId: session.workspaceId, dealId: params.id ?? "" });
  if (!page) throw new Response(DEAL_NOT_FOUND, { status: 404 });
  return page;
}

type Refusal = { intent: string; message?: string; errors?: string[]; value?: string };
const refuse = (status: number, refusal: Refusal) => data({ refusal, newUrl: null }, { status });

/** The page's forms: make or revoke the public link, accept or decline an offer, record the fee received. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const userId = session.workspaceId;
  const dealId = params.id ?? "";
  const back = `/deals/${dealId}/offers`;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "link") {
    const token = await makeDealLink(context, { userId, dealId, showStreet: form.get("showStreet") === "yes" });
    if (!token) throw new Response(DEAL_NOT_FOUND, { status: 404 });
    return data({ refusal: null, newUrl: `${context.config.APP_ORIGIN.replace(/\/$/, "")}/d/${token}` });
  }
  if (intent === "revoke") {
    if (!(await revokeDealLink(context, { userId, dealId }))) throw new Response(DEAL_NOT_FOUND, { status: 404 });
    return redirectWithToast(back, { title: "Link revoked", description: "The deal page no longer opens.", variant: "success" });
  }
  if (intent === "accept") {
    const accepted = await acceptOffer(context, {
      userId,
      dealId,
      offerId: String(form.get("offerId") ?? "").slice(0, 64),
      actorId: session.user.id,
    });
    if (!accepted.ok) {
      if (accepted.status === 404) throw new Response(accepted.message, { status: 404 });
      return refuse(accepted.status, { intent, message: accepted.message });
    }
    return redirectWithToast(back, {
      title: "Deal assigned",
      description: `${accepted.document.name} is in Documents (Assignment Contracts).`,
      variant: "success",
    });
  }
  if (intent === "decline") {
    const declined = await declineOffer(context, {
      userId,
      dealId,
      offerId: String(form.get("offerId") ?? "").slice(0, 64),
      actorId: session.user.id,
    });
    if (!declined.ok) {
      if (declined.status === 404) throw new Response(declined.message, { status: 404 });
      return refuse(declined.status, { intent, message: declined.message });
    }
    return redirectWithToast(back, { title: "Offer declined", description: `${declined.name}'s offer is answered.`, variant: "success" });
  }
  if (intent === "fee") {
    const value = String(form.get("amount") ?? "");
    const parsed = FeeReceivedSchema.safeParse({ amount: form.get("amount") ?? undefined });
    if (!parsed.success) return refuse(400, { intent, errors: fieldErrors(parsed.error.issues).amount, value: value.slice(0, 40) });
    const recorded = await recordFeeReceived(context, { userId, dealId, amount: parsed.data.amount, actorId: session.user.id });
    if (!recorded.ok) {
      if (recorded.status === 404) throw new Response(recorded.message, { status: 404 });
      return refuse(recorded.status, { intent, message: recorded.message });
    }
    return redirectWithToast(back, { title: "Fee received", description: `${formatMoney(recorded.profit)} recorded.`, variant: "success" });
  }
  return refuse(400, { intent, message: "Unknown action" });
}

/** /deals/{id}/offers: the deal page's link, the buyers' offers side by side, the assignment and the fee received. */
export default function DealOffersPage() {
  const { deal, link, offers, open, canAccept } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusal = answer?.refusal ?? null;
  return (
    <main className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/?section=pipeline" className={buttonClass("ghost", "-ml-3")}>
        <span aria-hidden="true">←</span> Back to the pipeline
      </Link>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold break-words text-slate-900">Offers: {deal.address}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {deal.badge ? <Badge tone={deal.assigned ? "teal" : "violet"}>{deal.badge}</Badge> : null}
          <span>Contract price {formatMoney(deal.contractPrice)}</span>
          <span>· Asking {formatMoney(deal.asking)}</span>
          {deal.fee !== null ? <span>· Assignment fee {formatMoney(deal.fee)}</span> : null}
          {deal.feeReceived ? <span>· Fee received {formatMoney(deal.profit)}</span> : null}
        </p>
        {deal.assignmentDocumentId ? (
          <a href={`/documents/${deal.assignmentDocumentId}/view`} className="text-sm font-medium text-brand-700 underline">
            View the Assignment of Contract
          </a>
        ) : null}
      </div>
      {refusal?.message ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {refusal.message}
        </p>
      ) : null}
      <DealLinkPanel link={link} newUrl={answer?.newUrl ?? null} open={open} />
      {deal.assigned ? (
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <FeeReceivedForm
            value={refusal?.intent === "fee" ? refusal.value : deal.profit !== null ? String(deal.profit) : undefined}
            errors={refusal?.intent === "fee" ? refusal.errors : undefined}
          />
        </section>
      ) : null}
      <section aria-labelledby="offers-heading" className="space-y-3">
        <h2 id="offers-heading" className="text-lg font-semibold text-slate-900">
          Offers and inquiries
        </h2>
        {!canAccept && !deal.assigned ? <p className="text-sm text-slate-600">Add the contract terms to accept an offer.</p> : null}
        <DealOffers offers={offers} canAccept={canAccept} assigned={deal.assigned} />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=pipeline" backLabel="Back to the pipeline" />;
}
