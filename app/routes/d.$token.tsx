import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { DealPageFacts } from "#app/components/dispo/deal-page.tsx";
import { OfferForm, type OfferFormValues } from "#app/components/dispo/offer-form.tsx";
import type { RouteHandle } from "#app/components/shell/route-handle.ts";
import { openDealLink } from "#app/services/dispo/deal-links.server.ts";
import { OFFER_THROTTLED, OFFER_TOO_FAST, sendPageOffer } from "#app/services/dispo/deal-offers.server.ts";
import { formStamp } from "#app/services/dispo/form-stamp.server.ts";
import { allowMethods, readFormData } from "#app/services/http/api.server.ts";
import { clientIp } from "#app/services/http/request.server.ts";

/** The page is for the people its link was sent to: never indexed, never cached, its address never sent to another site. */
const PRIVATE_PAGE = {
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
};

export const headers: HeadersFunction = () => PRIVATE_PAGE;

export const meta: MetaFunction = () => [
  { title: "A deal under contract — Breeze" },
  { name: "description", content: "A property under contract: its facts, its numbers and how to make an offer." },
  { name: "robots", content: "noindex, nofollow" },
];

/** Text and a plain form: sent without JavaScript. */
export const handle: RouteHandle = { hydrate: () => false };

const NOT_FOUND = "This deal page is not available";
const VALUE_FIELDS = ["name", "email", "phone", "amount", "earnestMoney", "closeDate", "message"] as const;

/** The deal behind a live link and a freshly signed form stamp; 404 for an unknown, revoked or expired link. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const open = await openDealLink(context, params.token ?? "");
  if (!open) throw new Response(NOT_FOUND, { status: 404, headers: PRIVATE_PAGE });
  const stamp = await formStamp({ secret: open.link.formSecret, linkId: open.link.id, now: context.now() });
  return data({ page: open.page, stamp }, { headers: PRIVATE_PAGE });
}

/** A buyer's inquiry or offer: answered on the page (sent, or each field's message), 429 past the throttle. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const form = await readFormData(request);
  const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const outcome = await sendPageOffer(context, { token: params.token ?? "", fields, ip: clientIp(request) });
  const values = Object.fromEntries(VALUE_FIELDS.map((name) => [name, String(fields[name] ?? "").slice(0, 200)])) as OfferFormValues;
  switch (outcome.kind) {
    case "not-found":
      throw new Response(NOT_FOUND, { status: 404, headers: PRIVATE_PAGE });
    case "throttled":
      return data(
        { status: "refused" as const, message: OFFER_THROTTLED, values },
        { status: 429, headers: { ...PRIVATE_PAGE, "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "too-fast":
      return data({ status: "refused" as const, message: OFFER_TOO_FAST, values }, { status: 400, headers: PRIVATE_PAGE });
    case "invalid":
      return data({ status: "invalid" as const, errors: outcome.errors, values }, { status: 400, headers: PRIVATE_PAGE });
    case "sent":
      return data({ status: "sent" as const, street: outcome.street }, { headers: PRIVATE_PAGE });
  }
}

/** /d/{token}: a deal under contract as its buyers see it, and "I'm interested / make an offer". */
export default function DealPage() {
  const { page, stamp } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <DealPageFacts page={page} />
      <section aria-labelledby="make-offer" className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="make-offer" className="mb-1 text-lg font-semibold text-slate-900">
          I&apos;m interested / make an offer
        </h2>
        {answer?.status === "sent" ? (
          <div role="status" className="space-y-2 text-slate-800">
            <p className="font-semibold">Thank you! Your details were sent; the seller of this contract will be in touch.</p>
            {answer.street ? <p>The property&apos;s address: {answer.street}</p> : null}
          </div>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600">
              {page.streetOnInquiry ? "Leave your details to see the exact address. " : ""}
              Your details go only to the wholesaler who shared this page.
            </p>
            {answer?.status === "refused" ? (
              <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
                {answer.message}
              </p>
            ) : null}
            <OfferForm stamp={stamp} values={answer?.values ?? {}} errors={answer?.status === "invalid" ? answer.errors : undefined} />
          </>
        )}
      </section>
    </main>
  );
}
