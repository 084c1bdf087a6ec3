import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { toastOf } from "#tests/integration/api-client.ts";
import { handlerCases } from "#tests/integration/authz/probe.ts";
import type { Probe } from "#tests/integration/authz/recipe-types.ts";
import { routeManifest } from "#tests/integration/authz/route-manifest.ts";
import { hashOf, partyWithRecords, rowCounts, snapshotOf, type Party } from "#tests/integration/authz/world.ts";
import { formRequests, jsonRequests, type Sent } from "#tests/integration/fuzz/bodies.ts";

/**
 * Bad input, property-based: for every action of the route manifest (each POST, PATCH and DELETE the
 * authorization matrix's recipes make), fast-check bodies built from the recipe's valid one — wrong types, missing and
 * extra fields, huge and negative numbers, NaN/Infinity text, unicode, prototype keys, over-long text and arrays, files
 * where text goes, wrong Content-Types, truncated JSON, raw bytes — sent as a signed-in user on their own ids.
 * Never a 5xx or a throw; /api answers its `{ success: false, message, errors? }` shape; a page answers a 4xx or a
 * redirect; and after every refused request the database is as it was (every table's row count, a hash of the user's
 * rows and R2 files). A fixed seed in CI; FC_RUNS (runs per route) and FC_SEED from the shell go longer locally.
 */
const CI_RUNS = 10;
const CI_SEED = 37;
const RUNS = Number(env.FC_RUNS) || CI_RUNS;
const SEED = Number(env.FC_SEED) || CI_SEED;
/** A guard against hangs that grows with FC_RUNS (not a speed check). */
const MS_PER_RUN = 2_000;
const MIN_TIMEOUT_MS = 30_000;

const SERVER_ERROR = 500;
const CLIENT_ERROR = 400;
const REDIRECT = 300;

const targets = handlerCases(routeManifest()).filter((c) => c.kind === "action" && c.recipe.probes.length > 0);

function requestsFor(probe: Probe, party: Party): fc.Arbitrary<Sent> {
  if (probe.form) return formRequests(probe.form(party.ids));
  return jsonRequests(probe.json?.(party.ids));
}

function sendOptions(probe: Probe, party: Party, sent: Sent) {
  const params = probe.params?.(party.ids) ?? {};
  if (sent.kind === "json") return { params, json: sent.json };
  if (sent.kind === "form") return { params, form: sent.form };
  const headers: Record<string, string> = sent.contentType ? { "Content-Type": sent.contentType } : {};
  return { params, body: sent.body, headers };
}

/** What the database holds that a refused request must not change. */
async function state(party: Party) {
  return { counts: await rowCounts(), user: await hashOf(await snapshotOf(party.userId)) };
}

describe("bad input never gets a 5xx and a refused request writes nothing", () => {
  let party: Party;
  beforeAll(async () => {
    party = await partyWithRecords("fuzz");
  });

  it("fuzzes every action of the manifest", () => {
    expect(targets.length).toBeGreaterThan(50);
  });

  targets.forEach(({ route, kind, handler, recipe }, index) => {
    const isApi = route.startsWith("routes/api.");
    it(
      `${route} ${kind}`,
      async () => {
        const probes = fc.constantFrom(...recipe.probes);
        const requests = probes.chain((probe) => requestsFor(probe, party).map((sent) => ({ probe, sent })));
        await fc.assert(
          fc.asyncProperty(requests, async ({ probe, sent }) => {
            const before = await state(party);
            const path = probe.path(party.ids);
            const response = await party.client.send(handler, probe.method, path, sendOptions(probe, party, sent));
            const text = await response.text();
            const name = `${probe.method} ${path} (${response.status}) ${text.slice(0, 200)}`;
            expect(response.status, name).toBeLessThan(SERVER_ERROR);
            const failed = response.status >= CLIENT_ERROR;
            if (isApi && failed) {
              const body = JSON.parse(text) as Record<string, unknown>;
              expect(body.success, name).toBe(false);
              expect(body.message, name).toEqual(expect.any(String));
              if ("errors" in body) expect(body.errors, name).toEqual(expect.any(Object));
            }
            if (!isApi && failed) expect(text.length, `${name}: says what is wrong`).toBeGreaterThan(0);
            const refusedRedirect = response.status >= REDIRECT && response.status < CLIENT_ERROR && toastOf(response)?.variant === "error";
            if (failed || refusedRedirect) expect(await state(party), `${name}: nothing written`).toEqual(before);
          }),
          { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
        );
      },
      Math.max(MIN_TIMEOUT_MS, RUNS * MS_PER_RUN),
    );
  });
});
