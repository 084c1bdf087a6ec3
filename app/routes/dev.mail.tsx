import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { formatMoney } from "#app/domain/shared/format.ts";
import { devMailAvailable, latestOutboxLetters } from "#app/services/platform/outbox.server.ts";

const SHOWN = 50;

/**
 * Development only: the local mail provider's outbox — every letter "mailed" (Mail the Offer, Send Offer) with its
 * tracking id, recipient, amount and PDF, newest first. Anywhere else it is a 404, like /dev/outbox.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!devMailAvailable(request, context.config)) throw new Response("Not Found", { status: 404 });
  return { letters: await latestOutboxLetters(context, SHOWN) };
}

export const meta: MetaFunction = () => [{ title: "Mail outbox (development) — Breeze" }, { name: "robots", content: "noindex, nofollow" }];

export default function DevMail() {
  const { letters } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Mail outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        Development only: letters the local mail provider has &ldquo;mailed&rdquo;, newest first (the last {SHOWN}). Emails are in the{" "}
        <a href="/dev/outbox" className="text-brand-700 underline">
          email outbox
        </a>
        .
      </p>
      {letters.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No letters yet.</p>
      ) : (
        <ol className="mt-8 space-y-4">
          {letters.map((letter) => (
            <li key={letter.trackingId}>
              <article
                aria-labelledby={`letter-${letter.trackingId}`}
                className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <h2 id={`letter-${letter.trackingId}`} className="text-lg font-semibold text-slate-900">
                  Letter to {letter.recipientName}
                </h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt className="text-slate-500">Tracking id</dt>
                  <dd className="font-mono break-all text-slate-800">{letter.trackingId}</dd>
                  <dt className="text-slate-500">Address</dt>
                  <dd className="text-slate-800">{letter.recipientAddress}</dd>
                  <dt className="text-slate-500">Offer</dt>
                  <dd className="text-slate-800">{formatMoney(letter.offerAmount)}</dd>
                  <dt className="text-slate-500">Status</dt>
                  <dd className="text-slate-800">{letter.status}</dd>
                  <dt className="text-slate-500">Mailed</dt>
                  <dd className="text-slate-800">
                    <time dateTime={letter.createdAt}>{letter.createdAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}</time>
                  </dd>
                </dl>
                {letter.hasPdf ? (
                  <a
                    href={`/dev/mail/${letter.trackingId}.pdf`}
                    className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
                  >
                    Open the letter (PDF)
                  </a>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
