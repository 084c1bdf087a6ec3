import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import BuyerBreezeSection from "#app/components/leads/buyer-breeze-section.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { load } from "#app/services/leads/buyer-breeze-section.server.ts";

export const meta: MetaFunction = () => [{ title: "Buyer Breeze — Breeze" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  return load(context, session, new URL(request.url));
}

/** /buyer-breeze: the saved buyer list as a full page (the same list as the shell's section). */
export default function BuyerBreezePage() {
  const data = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/?section=buyer-breeze" className={buttonClass("ghost", "-ml-3 mb-4")}>
        <span aria-hidden="true">←</span> Back
      </Link>
      <BuyerBreezeSection data={data} basePath="/buyer-breeze" />
    </main>
  );
}

/** A thrown response or failure renders in this page's frame, with the way back. */
export function ErrorBoundary() {
  return <PageError backTo="/?section=buyer-breeze" backLabel="Back" />;
}
