import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";

import { isLocalRequest } from "#app/services/http/request.server.ts";
import { latestOutboxEmails } from "#app/services/platform/outbox.server.ts";

const SHOWN = 50;

/**
 * Development only: the local email provider's outbox (reset links, contact notices), newest first. It exists only
 * when the app runs locally (loopback origin and request) with the local email provider; anywhere else it is a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isLocalRequest(request, context.config.APP_ORIGIN) || context.config.APP_ENV === "production" || context.config.EMAIL !== "local") {
    throw new Response("Not Found", { status: 404 });
  }
  return { emails: await latestOutboxEmails(context, SHOWN) };
}

export const meta: MetaFunction = () => [
  { title: "Email outbox (development) — Breeze" },
  { name: "robots", content: "noindex, nofollow" },
];

const URL_PATTERN = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)])/g;

/** The body as text with its http(s) links clickable (a reset link opens in one click). */
function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function DevOutbox() {
  const { emails } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Email outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        Development only: emails the local provider has &ldquo;sent&rdquo;, newest first (the last {SHOWN}). Reload to see new ones.
      </p>
      {emails.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No emails yet.</p>
      ) : (
        <ol className="mt-8 space-y-4">
          {emails.map((email) => (
            <li key={email.id}>
              <article aria-labelledby={`email-${email.id}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <h2 id={`email-${email.id}`} className="text-lg font-semibold text-slate-900">
                  {email.subject}
                </h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt className="text-slate-500">To</dt>
                  <dd className="break-all text-slate-800">{email.to}</dd>
                  {Object.entries(email.headers ?? {}).map(([name, value]) => (
                    <Fragment key={name}>
                      <dt className="text-slate-500">{name}</dt>
                      <dd className="break-all text-slate-800">{value}</dd>
                    </Fragment>
                  ))}
                  <dt className="text-slate-500">Sent</dt>
                  <dd className="text-slate-800">
                    <time dateTime={email.createdAt}>{email.createdAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}</time>
                  </dd>
                </dl>
                <pre className="mt-3 overflow-x-auto rounded-md bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-800">
                  <Linkified text={email.text} />
                </pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
