import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { allowMethods } from "#app/services/http/api.server.ts";
import { devMailAvailable, outboxLetterPdf } from "#app/services/platform/outbox.server.ts";

/** Development only: a locally "mailed" letter's PDF by its tracking id (404 anywhere /dev/mail is). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const object = devMailAvailable(request, context.config) ? await outboxLetterPdf(context, context.files, params.trackingId ?? "") : null;
  if (!object) throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${(params.trackingId ?? "letter").replace(/[^\w-]/g, "_")}.pdf"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
