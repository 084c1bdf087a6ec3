import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { NavigationProgress } from "#app/components/shell/navigation-progress.tsx";
import { useNonce } from "#app/components/shell/nonce.tsx";
import { NotFound } from "#app/components/shell/not-found.tsx";
import { pageNeedsScripts } from "#app/components/shell/route-handle.ts";
import { Toaster } from "#app/components/ui/toast.tsx";
import { avatarInitials, displayName } from "#app/domain/accounts/user-display.ts";
import { TIME_ZONE_COOKIE } from "#app/domain/shared/time-zone.ts";
import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { readToast } from "#app/services/http/toast.server.ts";
import { policyOf } from "#app/services/usage/policy.server.ts";

import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Breeze — find, value and close off-market deals" },
  {
    name: "description",
    content: "Breeze finds motivated sellers and cash buyers, values properties from comparable sales and mails your offers.",
  },
];

/**
 * Every page gets the signed-in user's display fields (or null) and a toast flashed by the previous action; the
 * support address too, so a route's error boundary can draw the shell without its own loader's data.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const { toast, clear } = readToast(request);
  const user = session
    ? {
        id: session.user.id,
        email: session.user.email,
        displayName: displayName(session.user),
        initials: avatarInitials(displayName(session.user)),
        role: session.role,
      }
    : null;
  // What one unit of each paid action costs on this deployment's providers: the cost previews beside the buttons.
  const unitCostCents = session ? redactFor(session.role, { unitCostCents: policyOf(context).unitCostCents }).unitCostCents : null;
  return data(
    { user, toast, supportEmail: context.config.SUPPORT_EMAIL, unitCostCents },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export type RootData = typeof loader;

/** The browser's IANA zone for the server (ADR 096): Today's days default to it until the user picks one. */
const TIME_ZONE_SCRIPT = `try{document.cookie="${TIME_ZONE_COOKIE}="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+";path=/;max-age=31536000;samesite=lax;secure"}catch(e){}`;

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  // A page without scripts is a document choice: once the app runs (a page with scripts hydrated), a page reached
  // client-side keeps them, so scroll restoration and the router stay mounted.
  const hydrated = useHydrated();
  const scripts = pageNeedsScripts(useMatches()) || hydrated;
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0e7490" />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-slate-50 font-sans text-slate-900 antialiased">
        <Toaster initial={rootData?.toast ?? null}>
          <NavigationProgress />
          {children}
        </Toaster>
        {/* A signed-in page sent without scripts (Today) still tells the server the browser's zone: one inline line. */}
        {scripts || rootData?.user ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: TIME_ZONE_SCRIPT }} /> : null}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 405) {
    // A form or client posted to an address that only shows information (no action): say so, not "went wrong".
    return (
      <main className="mx-auto flex min-h-full max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
        <h1 className="text-2xl font-semibold">Method not allowed</h1>
        <p className="text-slate-600">This page can be opened, but nothing can be sent to it.</p>
        <a href="/" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900">
          Back to home
        </a>
      </main>
    );
  }
  // Never show a stack trace: a short apology and a way home.
  return (
    <main className="mx-auto flex min-h-full max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-slate-600">
        {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "An unexpected error occurred. Please try again."}
      </p>
      <a href="/" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900">
        Back to home
      </a>
    </main>
  );
}
