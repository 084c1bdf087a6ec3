import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

import { buttonClass } from "#app/components/ui/button.tsx";

/** A thrown response's own short sentence ("Conversation not found"), when it says more than its status. */
function detailOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status >= 500 || typeof error.data !== "string") return null;
  const text = error.data.trim();
  const plain = text.toLowerCase();
  return text && text.length <= DETAIL_MAX && plain !== "not found" && plain !== error.statusText.toLowerCase() ? text : null;
}

/** Longer bodies are not sentences meant for the page. */
const DETAIL_MAX = 200;

/**
 * What a route's ErrorBoundary shows inside its own layout (the shell's section area, a page's frame): a thrown 404
 * reads "404 Page Not Found", anything else a short apology with the status — never a stack trace. A 4xx thrown with
 * a short sentence of its own (a form refused without JavaScript: "Conversation not found") shows that sentence.
 */
export function RouteErrorMessage({ homeHref = "/", homeLabel = "Back to home" }: { homeHref?: string; homeLabel?: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const detail = detailOf(error);
  return (
    <section role="alert" aria-labelledby="route-error-heading" className="mx-auto max-w-lg py-10 text-center">
      <h1 id="route-error-heading" className="text-2xl font-semibold text-slate-900">
        {notFound ? "404 Page Not Found" : "Something went wrong"}
      </h1>
      <p className="mt-2 text-slate-600">
        {notFound
          ? (detail ?? "The page you are looking for does not exist or has moved.")
          : isRouteErrorResponse(error)
            ? `${error.status} ${detail ?? error.statusText}`.trim()
            : "An unexpected error occurred. Please try again."}
      </p>
      <Link to={homeHref} className={buttonClass("primary", "mt-6")}>
        {homeLabel}
      </Link>
    </section>
  );
}

/** A standalone page's boundary: the page frame with a way back (where there is one), and the message. */
export function PageError({ backTo, backLabel = "Back" }: { backTo?: string; backLabel?: string }) {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      {backTo ? (
        <Link to={backTo} className={buttonClass("ghost", "-ml-3")}>
          <span aria-hidden="true">←</span> {backLabel}
        </Link>
      ) : null}
      <RouteErrorMessage />
    </main>
  );
}
