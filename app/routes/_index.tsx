import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData, useSearchParams, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { Suspense, type ComponentProps } from "react";

import { ChunkFallback, LazyPreloads, loadSources, preloadable } from "#app/components/shell/lazy.tsx";
import { RouteErrorMessage } from "#app/components/shell/route-error.tsx";
import type { RouteHandle } from "#app/components/shell/route-handle.ts";
import { SectionView } from "#app/components/shell/section-view.tsx";
import { pageChunks, SECTION_NAV, SHELL_CHUNK } from "#app/components/shell/sections.ts";
import type SignedInShell from "#app/components/shell/signed-in-shell.tsx";
import { SiteFooter } from "#app/components/shell/site-footer.tsx";
import { BrandLink } from "#app/components/ui/brand-link.tsx";
import { AGENTS, type AgentId } from "#app/domain/chat/agents.ts";
import { sectionOf } from "#app/domain/shell/sections.ts";
import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { areaOf, mayWork } from "#app/domain/workspaces/roles.ts";
import type { RootData } from "#app/root.tsx";
import { getCurrentUser } from "#app/services/accounts/auth.server.ts";
import { withSessionReads } from "#app/services/accounts/session.server.ts";
import { lazyPreloads } from "#app/services/platform/lazy-chunks.server.ts";
import { loadSection, sectionReads } from "#app/services/shell/sections.server.ts";

/** The signed-in home's shell in its own chunk: the landing, at the same address, never loads it. */
const Shell = preloadable<ComponentProps<typeof SignedInShell>>(
  import.meta.glob("/app/components/shell/signed-in-shell.tsx"),
  `/${SHELL_CHUNK}`,
);

/** Signed out, `/` is the landing: text and links, sent without JavaScript (docs/decisions/074-shell-sections-and-chunks.md). */
export const handle: RouteHandle = {
  hydrate: (data) => (data as { signedIn?: boolean } | undefined)?.signedIn !== false,
};

export const meta: MetaFunction = () => [
  { title: "Breeze — find, value and close off-market deals" },
  {
    name: "description",
    content:
      "Breeze is the one workspace for wholesalers: motivated-seller lists, cash buyers, comps-based valuation, offers by mail and a CRM, helped by AI agents.",
  },
];

/** The landing cards' icons (SVG paths), by agent; the agents themselves are in domain/chat/agents. */
const AGENT_ICONS: Record<AgentId, string> = {
  "lead-finder": "M21 21l-4.35-4.35M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15z",
  "deal-analyzer": "M3 3v18h18M7 15l4-4 3 3 6-6",
  negotiation: "M8 10h8M8 14h5M21 12a9 9 0 0 1-13.5 7.8L3 21l1.2-4.5A9 9 0 1 1 21 12z",
  "lock-it-up": "M9 12l2 2 4-4M12 3l7 4v5c0 4.5-3 8-7 9-4-1-7-4.5-7-9V7l7-4z",
};

const FEATURES = [
  {
    name: "CRM system",
    text: "Every lead with its owner, phones, emails, valuation and status in one searchable table.",
  },
  {
    name: "Kanban-style deal pipeline",
    text: "Move deals from lead generation through analysis and negotiation to closing, and see your pipeline's value.",
  },
  {
    name: "Document hub",
    text: "Purchase agreements, assignment contracts, letters of intent and closing documents, stored safely and ready to send.",
  },
] as const;

function Icon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-6"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

/**
 * Signed out: the landing page. Signed in: the shell with the section of `?section=` (chat by default). The CRM
 * section reads beside the session lookup, in its batch (`sectionReads`, started by the Worker entry).
 */
export const loader = withSessionReads(sectionReads, async (args: LoaderFunctionArgs) => {
  const { request, context } = args;
  const url = new URL(request.url);
  const section = sectionOf(url.searchParams.get("section"));
  const loaded = await loadSection(section, args, url);
  if (!loaded) return { signedIn: false as const };
  const { session, payload } = loaded;
  // The default section is Terry's chat: a role that may not read it starts on Today instead of a refusal.
  if (!url.searchParams.has("section") && !mayWork(session.role, areaOf("GET", `/${section}`))) throw redirect("/today");
  const current = await getCurrentUser(context, session.user);
  return {
    signedIn: true as const,
    supportEmail: context.config.SUPPORT_EMAIL,
    user: {
      displayName: current.displayName,
      initials: current.initials,
      email: current.email,
      companyName: current.company?.companyName ?? null,
      title: current.company?.title ?? null,
      workspaceId: session.workspaceId,
      role: session.role,
      workspaces: session.memberships,
    },
    payload: redactFor(session.role, payload),
    // The shell's and the section's chunks (and a screen the section opens), preloaded with the page (the landing loads neither).
    preloads: lazyPreloads(pageChunks(section, url.searchParams)),
  };
});

/** A navigation inside the app loads the section's code while the server answers, so it renders at once. */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const [data] = await Promise.all([serverLoader<typeof loader>(), loadSources(pageChunks(sectionOf(params.get("section")), params))]);
  return data;
}

export default function Index() {
  const data = useLoaderData<typeof clientLoader>();
  if (!data.signedIn) return <Landing />;
  return (
    <>
      <LazyPreloads preloads={data.preloads} />
      <Suspense fallback={<ChunkFallback />}>
        <Shell.Component user={data.user} section={data.payload.id} sections={SECTION_NAV} supportEmail={data.supportEmail}>
          <Suspense fallback={<ChunkFallback />}>
            <SectionView payload={data.payload} userName={data.user.displayName} />
          </Suspense>
        </Shell.Component>
      </Suspense>
    </>
  );
}

/**
 * A section that throws (a 404 for a record that is not the user's, a failed query) keeps the shell: the sidebar
 * from the root loader's user, the message in the section area. Signed out, the message alone.
 */
export function ErrorBoundary() {
  const root = useRouteLoaderData<RootData>("root");
  const [searchParams] = useSearchParams();
  if (!root?.user) {
    return (
      <main className="flex min-h-full items-center justify-center p-8">
        <RouteErrorMessage />
      </main>
    );
  }
  const user = { displayName: root.user.displayName, initials: root.user.initials, email: root.user.email, companyName: null, title: null };
  return (
    <Suspense fallback={<ChunkFallback />}>
      <Shell.Component user={user} section={sectionOf(searchParams.get("section"))} sections={SECTION_NAV} supportEmail={root.supportEmail}>
        <RouteErrorMessage />
      </Shell.Component>
    </Suspense>
  );
}

function Landing() {
  return (
    <div className="min-h-full">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <BrandLink />
        <Link
          to="/login"
          className="rounded-md px-3 py-2 text-sm font-medium text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Sign In
        </Link>
      </header>

      <main>
        <section className="mx-auto max-w-6xl px-4 pt-10 pb-16 text-center sm:px-6 sm:pt-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            Breeze through your <span className="text-brand-700">off-market deals</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600 sm:text-xl">
            Find motivated sellers and cash buyers, value every property from comparable sales, and mail your offer — one workspace with AI
            agents instead of four tools.
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Link
              to="/register"
              className="rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Get Started
            </Link>
            <Link
              to="/login"
              className="rounded-lg border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Sign In
            </Link>
          </div>
        </section>

        <section aria-labelledby="agents-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <h2 id="agents-heading" className="text-center text-2xl font-bold sm:text-3xl">
            Your AI agents
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {AGENTS.map((agent) => (
              <li key={agent.id}>
                <article
                  aria-labelledby={`agent-${agent.title}`}
                  className="h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
                >
                  <div className="flex size-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                    <Icon path={AGENT_ICONS[agent.id]} />
                  </div>
                  <h3 id={`agent-${agent.title}`} className="mt-4 text-lg font-semibold">
                    {agent.title}
                  </h3>
                  <p className="mt-2 text-sm text-slate-600">{agent.text}</p>
                </article>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="features-heading" className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="features-heading" className="text-center text-2xl font-bold sm:text-3xl">
              Everything in one place
            </h2>
            <ul className="mt-8 grid gap-8 md:grid-cols-3">
              {FEATURES.map((feature) => (
                <li key={feature.name}>
                  <h3 className="text-lg font-semibold text-brand-900">{feature.name}</h3>
                  <p className="mt-2 text-slate-600">{feature.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
