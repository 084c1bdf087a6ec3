// GET /api/places: the wizard's location suggestions from the local market's own records, and the chat
// loader's first list rendered into the wizard's <datalist>.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { D1SessionDatabase } from "#db/d1-session.ts";
import { localCoverage } from "#app/providers/property-data/local-coverage.server.ts";
import { loader as places } from "#app/routes/api.places.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { D1Counter } from "./d1-counter.ts";
import { market, seedMarket } from "./lead-search-setup.ts";

beforeAll(async () => {
  await seedMarket();
});

const callPlaces = (client: ApiClient, q: string) => client.call(places, "GET", `/api/places?q=${encodeURIComponent(q)}`);

describe("GET /api/places", () => {
  it("reads the market's coverage once per isolate, though every request reads through its own D1 session", async () => {
    const counter = new D1Counter(env.DB);
    const requests = [null, null, null].map((bookmark) => createDb(D1SessionDatabase.open(counter.db, bookmark)));
    const coverages = await Promise.all(requests.map((db) => localCoverage(db)));
    expect(coverages[0]!.cities.length).toBeGreaterThan(0);
    expect(coverages[1]).toBe(coverages[0]);
    await localCoverage(createDb(D1SessionDatabase.open(counter.db, null)));
    // One batch of two statements, however many requests asked.
    expect(counter.calls.length).toBe(1);
  });

  it("suggests the market's covered cities for letters and its ZIPs for digits, from its own records", async () => {
    const { client } = await registerClient("places");
    const cities = new Set(market.properties.map((p) => `${p.city}, ${p.state}`));
    const zips = [...new Set(market.properties.map((p) => p.zip))].sort();

    const all = await callPlaces(client, "");
    expect(all.status).toBe(200);
    const top = (all.body.places as { value: string }[]).map((place) => place.value);
    expect(top.length).toBeGreaterThan(0);
    for (const value of top) expect(cities.has(value), value).toBe(true);

    const phoenix = await callPlaces(client, "phoe");
    expect((phoenix.body.places as { value: string }[])[0]).toMatchObject({
      value: "Phoenix, AZ",
      label: expect.stringMatching(/^\d+ properties$/),
    });

    const prefix = zips[0]!.slice(0, 3);
    const byZip = await callPlaces(client, prefix);
    const expected = zips.filter((zip) => zip.startsWith(prefix)).slice(0, 12);
    expect((byZip.body.places as { value: string }[]).map((place) => place.value)).toEqual(expected);

    // Outside the market: nothing to suggest.
    expect((await callPlaces(client, "90210")).body.places).toEqual([]);
  });

  it("answers 401 signed out and 400 for a query longer than a place", async () => {
    expect(await callPlaces(new ApiClient(), "pho")).toMatchObject({ status: 401, body: { success: false } });
    const { client } = await registerClient("places-long");
    expect(await callPlaces(client, "x".repeat(101))).toMatchObject({
      status: 400,
      body: { success: false, errors: { q: [expect.any(String)] } },
    });
  });
});
