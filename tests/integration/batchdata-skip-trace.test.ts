// BatchData's skip trace, read as BatchData answers it: each person joined to its request by the requestId BatchData
// echoes (the echoed street comes back USPS-normalised), emails as objects with `email` or `address` and a `type`, and
// a person that cannot be read left out and counted — the page still answers.
import { describe, expect, it, vi } from "vitest";

import { createBatchDataPropertyData } from "#app/providers/property-data/batchdata.server.ts";
import type { SellerSearch } from "#app/providers/property-data/types.ts";
import type { FakeProperty, Json } from "#tests/fakes/batchdata-data.ts";
import { createFakeBatchData } from "#tests/fakes/batchdata.ts";

import { BASE_URL, TOKEN } from "./batchdata-setup.ts";

const SEARCH: SellerSearch = { location: { city: "Phoenix", state: "AZ" }, sellerType: "inherited" };

function home(id: string, street: string, phone: string): FakeProperty {
  return {
    record: {
      _id: id,
      address: { street, city: "Phoenix", state: "AZ", zip: "85019", latitude: 33.5, longitude: -112.1 },
      building: { bedroomCount: 3 },
      valuation: { estimatedValue: 300_000 },
      owner: { fullName: `Owner ${id}`, names: [{ first: "Owner", last: id }] },
      quickLists: { inherited: true },
    },
    persons: [
      {
        name: { first: "Owner", last: id, full: `Owner ${id}` },
        phoneNumbers: [{ number: phone, type: "Mobile", dnc: false, tcpa: false }],
        emails: [{ email: `${id}@example.com`, type: "personal" }],
      },
    ],
  };
}

/** The fake, with its skip-trace answers edited on the way back (BatchData's other shapes of the same answer). */
function editedSkipTraces(fake: ReturnType<typeof createFakeBatchData>, edit: (persons: Json[]) => Json[]) {
  return async (input: Request | string | URL, init?: RequestInit) => {
    const response = await fake.fetch(input, init);
    if (!String(input instanceof Request ? input.url : input).endsWith("/property/skip-trace")) return response;
    const body = (await response.json()) as { results: { persons: Json[] } };
    body.results.persons = edit(body.results.persons);
    return Response.json(body, { status: response.status });
  };
}

describe("BatchData's skip trace", () => {
  it("joins each person to its request by requestId, though BatchData echoes the street normalised", async () => {
    const fake = createFakeBatchData(TOKEN, [
      home("a1", "4821 North 35th Avenue", "6025550111"),
      home("b2", "17 West Elm Street", "6025550122"),
    ]);
    const leads = await createBatchDataPropertyData({ apiKey: TOKEN, baseUrl: BASE_URL, fetch: fake.fetch }).searchSellerLeads(SEARCH, {
      take: 5,
    });
    const echoed = (fake.skipTraces()[0]!.body.requests as Json[]).map((request) => request.requestId);
    expect(echoed).toEqual(["a1", "b2"]);
    expect(leads.map((lead) => [lead.addressLine, lead.owner.phones.map((phone) => phone.number)])).toEqual([
      ["4821 North 35th Avenue", ["+16025550111"]],
      ["17 West Elm Street", ["+16025550122"]],
    ]);
  });

  it("reads emails given as `address` with a type, and skips and counts a person it cannot read", async () => {
    const fake = createFakeBatchData(TOKEN, [
      home("a1", "4821 North 35th Avenue", "6025550111"),
      home("b2", "17 West Elm Street", "6025550122"),
    ]);
    const fetch = editedSkipTraces(fake, ([first, second]) => [
      { ...first, emails: [{ address: "owner.a1@example.com", type: "work" }] },
      { ...second, phoneNumbers: "not a list" },
    ]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const leads = await createBatchDataPropertyData({ apiKey: TOKEN, baseUrl: BASE_URL, fetch }).searchSellerLeads(SEARCH, { take: 5 });
    expect(leads.map((lead) => lead.owner.emails)).toEqual([["owner.a1@example.com"], []]);
    expect(leads[1]!.owner.phones).toEqual([]);
    expect(warn).toHaveBeenCalledWith("batchdata: skipped 1 unreadable skip-trace person(s) of 2");
    warn.mockRestore();
  });
});
