import { beforeAll, describe, expect, it } from "vitest";

import { ApiClient, registerClient } from "#tests/integration/api-client.ts";
import {
  expectApiFailure,
  expectForeign,
  expectNoLeak,
  handlerCases,
  probeName,
  RECIPES,
  sendProbe,
} from "#tests/integration/authz/probe.ts";
import { routeManifest } from "#tests/integration/authz/route-manifest.ts";
import { idsIn, partyWithRecords, snapshotOf, type Ids, type Party } from "#tests/integration/authz/world.ts";
import { testContext } from "#tests/integration/context.ts";

/**
 * The authorization matrix: every route of the Remix build's manifest, signed out and as another user, from
 * a recipe table that must know every route. A route added without a recipe fails the first test.
 */
const manifest = routeManifest();
const cases = handlerCases(manifest);
const NO_IDS: Ids = {
  property: "p",
  deal: "d",
  document: "doc",
  conversation: "c",
  message: "m",
  contact: "ct",
  buyerLead: "b",
  sequence: "sq",
  leadRequest: "r",
  sequenceProperty: "sp",
  task: "t",
  savedSearch: "s",
  buyer: "by",
  dealLink: "dl",
  offer: "o",
};

describe("the matrix knows every route", () => {
  it("has a recipe for every route of the manifest and for each loader and action it exports, and none for a gone route", () => {
    const problems: string[] = [];
    for (const route of manifest) {
      const recipe = RECIPES[route.id];
      if (!recipe) {
        problems.push(`${route.id}: no recipe (add one to tests/integration/authz/recipes-*.ts)`);
        continue;
      }
      if (route.hasLoader !== Boolean(recipe.loader))
        problems.push(`${route.id}: loader ${route.hasLoader ? "has no recipe" : "recipe for none"}`);
      if (route.hasAction !== Boolean(recipe.action))
        problems.push(`${route.id}: action ${route.hasAction ? "has no recipe" : "recipe for none"}`);
    }
    const known = new Set(manifest.map((route) => route.id));
    for (const id of Object.keys(RECIPES)) if (!known.has(id)) problems.push(`${id}: a recipe for a route that is not in the build`);
    expect(problems).toEqual([]);
    expect(manifest.length).toBeGreaterThan(70);
  });

  it("every handler behind the session has a probe, and every public one says why it is public", () => {
    for (const { route, kind, recipe } of cases) {
      if (recipe.signedOut === "public") expect(recipe.why, `${route} ${kind}`).toMatch(/\w{4,}/);
      else expect(recipe.probes.length, `${route} ${kind}`).toBeGreaterThan(0);
    }
  });
});

describe("signed out", () => {
  let owner: Party;
  beforeAll(async () => {
    owner = await partyWithRecords("matrix-out");
  });

  for (const { route, kind, handler, recipe } of cases) {
    it(`${route} ${kind}: ${recipe.signedOut === "public" ? `public (${recipe.why})` : recipe.signedOut}`, async () => {
      const before = await snapshotOf(owner.userId);
      const stranger = new ApiClient();
      for (const probe of recipe.probes) {
        const name = probeName(route, kind, probe, owner.ids);
        const answer = await sendProbe(stranger, handler, probe, owner.ids, true);
        expect(answer.status, `${name}: no server error`).toBeLessThan(500);
        if (recipe.signedOut === "401") {
          expect(answer.status, name).toBe(401);
          expectApiFailure(answer, name);
        }
        if (recipe.signedOut === "login") {
          expect(answer.status, name).toBe(302);
          expect(answer.location, name).toMatch(/^\/login\?next=/);
        }
        if (recipe.signedOut === "405") expect(answer.status, name).toBe(405);
        expectNoLeak(answer, idsIn(before), name);
      }
      expect(await snapshotOf(owner.userId), `${route} ${kind}: the owner's rows`).toEqual(before);
    });
  }
});

describe("development tools", () => {
  const devTools = cases.filter((c) => c.recipe.devOnly);

  it("answer 404 to everyone in production, signed in or not", async () => {
    expect(devTools.length).toBeGreaterThan(0);
    const { client } = await registerClient("matrix-dev", {}, new ApiClient(testContext({ APP_ENV: "production" })));
    for (const { route, kind, handler, recipe } of devTools) {
      for (const probe of recipe.probes) {
        for (const anonymous of [true, false]) {
          const answer = await sendProbe(client, handler, probe, NO_IDS, anonymous);
          expect(answer.status, `${probeName(route, kind, probe, NO_IDS)} (production)`).toBe(404);
        }
      }
    }
  });
});

describe("user B on user A's ids", () => {
  let a: Party;
  let b: Party;
  beforeAll(async () => {
    a = await partyWithRecords("matrix-a");
    b = await partyWithRecords("matrix-b");
  });

  for (const { route, kind, handler, recipe } of cases) {
    it(`${route} ${kind}: ${recipe.probes.map((probe) => probe.foreign).join(", ") || "no probe"}`, async () => {
      const before = await snapshotOf(a.userId);
      const secret = idsIn(before);
      for (const probe of recipe.probes) {
        const name = probeName(route, kind, probe, a.ids);
        const own = probe.list ? idsIn(await snapshotOf(b.userId)) : null;
        const answer = await sendProbe(b.client, handler, probe, a.ids);
        expectForeign(answer, probe, name);
        if (route.startsWith("routes/api.") && answer.status >= 400 && recipe.signedOut !== "public") expectApiFailure(answer, name);
        expectNoLeak(answer, secret, name);
        if (own)
          expect(
            [...own].some((id) => answer.text.includes(id)),
            `${name}: lists the caller's own rows`,
          ).toBe(true);
        expect(await snapshotOf(a.userId), `${name}: A's rows and files`).toEqual(before);
      }
    });
  }
});
