import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { BuyerInputSchema } from "#app/domain/dispo/buyer-schema.ts";
import { readAsApiUser, requireApiUser } from "#app/services/accounts/auth.server.ts";
import { declareSessionReads, withSessionReads } from "#app/services/accounts/session.server.ts";
import { addBuyer, listBuyers } from "#app/services/dispo/buyers.server.ts";
import { allowMethods, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** The list, read in the session lookup's batch; the buyers' purchases are the second round trip. */
const readBuyers = declareSessionReads(({ context }, { userId, batch }) => listBuyers(context, { userId, batch }));

/** GET /api/buyers → `{ buyers, total }`: the newest 100 buyers with buy-box, consent and cash purchases, and the count of all. */
export const loader = withSessionReads(readBuyers, async (args: LoaderFunctionArgs) => {
  allowMethods(args.request, ["GET", "POST"]);
  const { value } = await readAsApiUser(args, readBuyers);
  return apiJson(value);
});

/**
 * POST /api/buyers (JSON or a form) → 201 `{ success, buyer }`; a buyer with the same name and email already on the
 * list → 200 `{ success, buyer, message: "Already on your list" }`; bad fields → 400 with `errors`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, BuyerInputSchema);
  const { created, buyer } = await addBuyer(context, { userId: session.workspaceId, input });
  if (!created) return apiJson({ success: true, buyer, message: "Already on your list" });
  return apiJson({ success: true, buyer }, { status: 201 });
}
