import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { Button } from "#app/components/ui/button.tsx";
import { readUnsubscribe, unsubscribeBuyer } from "#app/services/dispo/unsubscribe.server.ts";
import { allowMethods, readFormData } from "#app/services/http/api.server.ts";

export const meta: MetaFunction = () => [{ title: "Unsubscribe — Breeze" }, { name: "robots", content: "noindex, nofollow" }];

const NOT_FOUND = "This unsubscribe link is not valid.";

/** The confirm page of an email's unsubscribe link (no sign-in: the token is the key); 404 for an unknown token. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const page = await readUnsubscribe(context, params.token ?? "");
  if (!page) throw new Response(NOT_FOUND, { status: 404 });
  return page;
}

/**
 * Unsubscribes the buyer: the mailbox's one-click POST (RFC 8058, body `List-Unsubscribe=One-Click`) answers 200 with
 * an empty body; the confirm page's own form answers the page saying it is done. 404 for an unknown token.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const form = await readFormData(request);
  const done = await unsubscribeBuyer(context, params.token ?? "");
  if (!done) throw new Response(NOT_FOUND, { status: 404 });
  if (form.get("List-Unsubscribe") === "One-Click") return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
  return data({ unsubscribed: true });
}

export default function UnsubscribePage() {
  const { senderName, unsubscribed } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>() as { unsubscribed?: boolean } | undefined;
  const done = unsubscribed || answered?.unsubscribed === true;
  return (
    <main className="mx-auto w-full max-w-xl space-y-4 px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">{done ? "You are unsubscribed" : "Unsubscribe"}</h1>
      {done ? (
        <p className="text-slate-700">{senderName} will not email you about deals again.</p>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-slate-700">Stop all emails about deals from {senderName}?</p>
          <Button type="submit">Unsubscribe</Button>
        </Form>
      )}
    </main>
  );
}
