import { expect } from "vitest";

import { toastOf, type ApiClient, type Handler } from "#tests/integration/api-client.ts";

import type { HandlerRecipe, Probe, Recipe } from "./recipe-types.ts";
import { ACCOUNT_API_RECIPES } from "./recipes-api-account.ts";
import { DISPO_API_RECIPES } from "./recipes-api-dispo.ts";
import { API_RECIPES } from "./recipes-api.ts";
import { DISPO_PAGE_RECIPES } from "./recipes-pages-dispo.ts";
import { TEAM_PAGE_RECIPES } from "./recipes-pages-team.ts";
import { PAGE_RECIPES } from "./recipes-pages.ts";
import type { Ids } from "./world.ts";

/** The recipe table: how the matrix exercises each route id of the manifest. */
export const RECIPES: Record<string, Recipe> = {
  ...ACCOUNT_API_RECIPES,
  ...API_RECIPES,
  ...DISPO_API_RECIPES,
  ...PAGE_RECIPES,
  ...DISPO_PAGE_RECIPES,
  ...TEAM_PAGE_RECIPES,
};

export type Answered = { status: number; text: string; location: string; response: Response; sent: string };

const SERVER_ERROR = 500;
const CLIENT_ERROR = 400;
const REDIRECT = 300;

/** Sends one probe through the route's handler as `client` (or signed out) with `ids` filled in. */
export async function sendProbe(client: ApiClient, handler: Handler, probe: Probe, ids: Ids, anonymous = false): Promise<Answered> {
  const path = probe.path(ids);
  const json = probe.json?.(ids);
  const form = probe.form?.(ids);
  const response = await client.send(handler, probe.method, path, { params: probe.params?.(ids) ?? {}, json, form, anonymous });
  const text = await response.clone().text();
  const sent = [path, JSON.stringify(json ?? null), JSON.stringify(form ?? null)].join("\n");
  return { status: response.status, text, location: response.headers.get("Location") ?? "", response, sent };
}

/** What a probe of `route` is called in a failure message. */
export const probeName = (route: string, kind: string, probe: Probe, ids: Ids) => `${route} ${kind} ${probe.method} ${probe.path(ids)}`;

/** The /api failure shape: `{ success: false, message, errors? }`. */
export function expectApiFailure(answer: Answered, name: string) {
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(body.success, `${name}: success`).toBe(false);
  expect(typeof body.message, `${name}: message`).toBe("string");
  if ("errors" in body) expect(typeof body.errors, `${name}: errors`).toBe("object");
}

/** The answer's status against the recipe's promise for a foreign request. */
export function expectForeign(answer: Answered, probe: Probe, name: string) {
  expect(answer.status, `${name}: no server error`).toBeLessThan(SERVER_ERROR);
  if (probe.foreign === "not-found") expect(answer.status, `${name}: 404`).toBe(404);
  if (probe.foreign === "refused") {
    const isRedirect = answer.status >= REDIRECT && answer.status < CLIENT_ERROR;
    if (isRedirect) expect(toastOf(answer.response)?.variant, `${name}: no success toast`).not.toBe("success");
    else expect(answer.status, `${name}: refused`).toBeGreaterThanOrEqual(CLIENT_ERROR);
  }
}

/** None of `secret` ids in the answer (body or Location) unless the request itself named it. */
export function expectNoLeak(answer: Answered, secret: Set<string>, name: string) {
  const seen = `${answer.text}\n${answer.location}`;
  const leaked = [...secret].filter((id) => seen.includes(id) && !answer.sent.includes(id));
  expect(leaked, `${name}: another user's ids in the answer`).toEqual([]);
}

/** A route's handlers with their recipes, `last` ones (sign out) at the end. */
export function handlerCases(
  manifest: { id: string; module: Record<string, unknown> }[],
): { route: string; kind: "loader" | "action"; handler: Handler; recipe: HandlerRecipe }[] {
  const cases = manifest.flatMap(({ id, module }) =>
    (["loader", "action"] as const).flatMap((kind) => {
      const recipe = RECIPES[id]?.[kind];
      const handler = module[kind];
      return recipe && typeof handler === "function" ? [{ route: id, kind, handler: handler as Handler, recipe }] : [];
    }),
  );
  return [...cases.filter((c) => !c.recipe.last), ...cases.filter((c) => c.recipe.last)];
}
