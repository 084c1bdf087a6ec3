// A page's action runs only for a POST: PUT, PATCH and DELETE with a form body are a 405 naming GET, HEAD, POST before
// Remix could hand them to the action; GET on a form-only route goes on to a page without taking its toast; a refused
// Today post answers in the page's words.
import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { createFetchHandler } from "#workers/handle-request.ts";
import { TODAY_UNKNOWN_ACTION } from "#app/domain/sequences/sequence-forms.ts";
import * as todayPage from "#app/routes/today.tsx";
import { TOAST_COOKIE, toastCookie } from "#app/services/http/toast.server.ts";

import { routeManifest } from "./authz/route-manifest.ts";
import { routeBuild, type TestRoute } from "./remix-build.ts";
import { aLead, signedUp } from "./sequence-fixtures.ts";

const ORIGIN = "http://127.0.0.1:8787";

const modules: Record<string, TestRoute> = {};
for (const route of routeManifest()) {
  const name = route.id.replace(/^routes\//, "");
  modules[route.id] =
    route.id === "root"
      ? { path: "", module: route.module }
      : name === "_index"
        ? { index: true, module: route.module }
        : { path: name.replace(/\./g, "/").replace(/\$(\w+)/g, ":$1"), module: route.module };
}
const build = routeBuild(modules);
const remix = createRequestHandler(build);
const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context), build);

function ask(method: string, path: string, cookie: string, body?: URLSearchParams) {
  const headers: Record<string, string> = { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host };
  if (body) headers["Content-Type"] = "application/x-www-form-urlencoded";
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
  return worker(request, { ...env, APP_ORIGIN: ORIGIN } as Env, createExecutionContext());
}

describe("a page's action only for POST", () => {
  it("PUT, PATCH and DELETE /today with a Done form body answer 405 + Allow and leave the task as it was, in parallel too", async () => {
    const pat = await signedUp();
    await aLead(pat.userId);
    const lead = await aLead(pat.userId);
    const started = await pat.client.send(todayPage.action, "POST", "/today", { urlencoded: { intent: "start", propertyId: lead.id } });
    expect(started.status).toBe(302);
    const [task] = await pat.today();
    const cookie = pat.client.cookieHeader();
    const form = () => new URLSearchParams({ intent: "work", taskId: String(task!.id), outcome: "no_answer" });
    const answers = await Promise.all(
      ["PUT", "PATCH", "DELETE", "PUT", "PATCH", "DELETE"].map((method) => ask(method, "/today", cookie, form())),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(405);
      expect(answer.headers.get("Allow")).toBe("GET, HEAD, POST");
      await answer.arrayBuffer();
    }
    expect((await pat.today()).map((open) => open.id)).toEqual([task!.id]);
  });

  it("PUT, PATCH and DELETE on /sequences, /saved-searches, /crm/pinned-comps and /crm/comp-report answer 405 + Allow", async () => {
    const pat = await signedUp();
    const cookie = pat.client.cookieHeader();
    for (const path of ["/sequences", "/saved-searches", "/crm/pinned-comps", "/crm/comp-report"]) {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const answer = await ask(method, path, cookie, new URLSearchParams({ intent: "delete", id: "x", propertyId: "x" }));
        await answer.arrayBuffer();
        expect([path, method, answer.status, answer.headers.get("Allow")]).toEqual([path, method, 405, "GET, HEAD, POST"]);
      }
    }
  });
});

describe("GET on a form-only route", () => {
  it("/crm/pinned-comps and /crm/comp-report redirect to the CRM and leave the pending toast for the page it shows", async () => {
    const pat = await signedUp();
    const toast = toastCookie({ title: "ARV Recomputed", variant: "success" }).split(";")[0]!;
    for (const path of ["/crm/pinned-comps", "/crm/comp-report"]) {
      const answer = await ask("GET", path, `${pat.client.cookieHeader()}; ${toast}`);
      await answer.arrayBuffer();
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/?section=crm");
      expect(answer.headers.getSetCookie().some((line) => line.startsWith(`${TOAST_COOKIE}=`))).toBe(false);
    }
  });
});

describe("a refused Today post", () => {
  it("answers 400 in the page's words, not zod's", async () => {
    const pat = await signedUp();
    const answers = await Promise.all(
      [{ intent: "bogus", taskId: "x" }, { taskId: "x" }, {}].map((fields) =>
        pat.client.send(todayPage.action, "POST", "/today", { urlencoded: fields as Record<string, string> }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { message: string };
      expect(body.message).toBe(TODAY_UNKNOWN_ACTION);
    }
  });
});
