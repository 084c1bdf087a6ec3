import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";

import { leadOwnerOf } from "#app/domain/leads/assignee.ts";
import { STATUS_FILTERS } from "#app/domain/leads/labels.ts";
import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { readAsApiUser, requireApiUser } from "#app/services/accounts/auth.server.ts";
import { declareSessionReads, withSessionReads } from "#app/services/accounts/session.server.ts";
import { allowMethods, apiJson, methodNotAllowed, readBody, readQuery } from "#app/services/http/api.server.ts";
import { decodeLeadCursor, listLeadPage, PropertyInputSchema } from "#app/services/leads/properties.server.ts";
import { createProperty } from "#app/services/leads/property-writes.server.ts";

export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 500;

const ListQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_PAGE, `limit must be at most ${MAX_PAGE}`)
    .default(DEFAULT_PAGE),
  cursor: z
    .string()
    .transform((value, ctx) => decodeLeadCursor(value) ?? (ctx.addIssue({ code: "custom", message: "cursor is not valid" }), z.NEVER))
    .optional(),
  status: z
    .enum(
      STATUS_FILTERS.map((option) => option.value),
      { error: "status must be one of all, new, contacted, qualified, under_contract, closed" },
    )
    .optional(),
  q: z.string().max(200, "q must be at most 200 characters").optional(),
});

/** The page of leads, read in the session lookup's batch (the Worker entry starts it: one round trip). */
const readLeadPage = declareSessionReads(async ({ request, context }, { userId, batch }) => {
  const query = readQuery(request, ListQuery);
  const filter = { status: query.status ?? "all", q: query.q ?? "" };
  return { query, page: await listLeadPage(context, userId, { filter, limit: query.limit, after: query.cursor }, batch) };
});

/**
 * GET /api/properties: the user's leads as Property (CRM) items (every field, with the owner's phones and
 * their DNC flags, the agent and the analysis fields; docs/decisions/052-offers-as-form-posts.md), newest first, as a bare array. Paged (docs/decisions/022-properties-api-paged.md): `?limit=` (default 100, at most
 * 500) leads per answer, `Link: <…>; rel="next"` while more remain, `X-Total-Count` the number matching; `?status=`
 * and `?q=` filter as the CRM does. GET /api/properties/{id} adds what is stored for the server (price, notes …).
 */
export const loader = withSessionReads(readLeadPage, async (args: LoaderFunctionArgs) => {
  allowMethods(args.request, ["GET", "POST"]);
  // A bad query answers 400 to a signed-in caller only (else 401).
  const {
    session,
    value: { query, page },
  } = await readAsApiUser(args, readLeadPage);
  const { request } = args;
  const headers: Record<string, string> = { "X-Total-Count": String(page.total) };
  if (page.next) {
    const next = new URL(request.url);
    next.searchParams.set("cursor", page.next);
    next.searchParams.set("limit", String(query.limit));
    headers.Link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return apiJson(redactFor(session.role, page.leads), { headers });
});

/**
 * POST /api/properties {the property fields} → 201 {success, id, property}. The same address, city and state twice
 * → 409 "Already in CRM" with the existing id.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, PropertyInputSchema);
  const outcome = await createProperty(context, leadOwnerOf(session), input);
  if (!outcome.ok) {
    return Response.json(
      { success: false, message: outcome.message, id: outcome.existingId },
      { status: outcome.status, headers: { "Cache-Control": "no-store" } },
    );
  }
  return apiJson({ success: true, id: outcome.property.id, property: outcome.property }, { status: 201 });
}
