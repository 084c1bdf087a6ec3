// BatchData's documented examples (tests/fakes/batchdata-examples.ts names each source) fed through our client: the
// requests it sends have the documented shape and headers, and its answers' documented fields are what we read.
import { describe, expect, it } from "vitest";

import { BUYER_TYPE_QUICK_LISTS } from "#app/domain/leads/search-options.ts";
import { parseOrThrow, SkipTraceAnswerSchema } from "#app/providers/property-data/batchdata-answers.ts";
import { countRequest, SELLER_TYPE_QUICK_LIST, sellerCriteria, withContacts } from "#app/providers/property-data/batchdata-mapping.ts";
import { toSellerLead } from "#app/providers/property-data/batchdata-records.ts";
import { createBatchDataPropertyData } from "#app/providers/property-data/batchdata.server.ts";
import {
  BUILDING_FIELDS,
  DOCUMENTED_EMAIL,
  DOCUMENTED_PHONE,
  DOCUMENTED_QUICK_LISTS,
  SEARCH_OPTION_KEYS,
  SEARCH_REQUEST_KEYS,
  SKIP_TRACE_ITEM_KEYS,
  SKIP_TRACE_OPTION_KEYS,
  SKIP_TRACE_REQUEST_KEYS,
  SKIP_TRACE_V1_NO_MATCH_EXAMPLE,
} from "#tests/fakes/batchdata-examples.ts";

import { aRecord, phoenix, record } from "./batchdata-fixture.ts";

type Sent = { url: string; method: string; headers: Headers; body: Record<string, unknown> };

/** A fetch that keeps every request and answers each path with the next of its scripted bodies. */
function scripted(answers: Record<string, unknown[]>) {
  const sent: Sent[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: (await request.json()) as Record<string, unknown>,
    });
    const next = answers[new URL(request.url).pathname]?.shift();
    return next === undefined ? new Response("no answer scripted", { status: 500 }) : Response.json(next);
  };
  return { sent, fetch };
}

const keysWithin = (value: object, allowed: readonly string[]) => Object.keys(value).filter((key) => !allowed.includes(key));

describe("BatchData's documented requests", () => {
  it("sends the property search and skip trace in the documented shape, with Bearer auth, JSON and a User-Agent", async () => {
    const { sent, fetch } = scripted({
      "/api/v1/property/search": [
        { status: { code: 200, text: "OK" }, results: { properties: [aRecord()], meta: { results: { resultsFound: 1 } } } },
      ],
      "/api/v1/property/skip-trace": [SKIP_TRACE_V1_NO_MATCH_EXAMPLE],
    });
    const client = createBatchDataPropertyData({ apiKey: "bd_key", baseUrl: "https://api.batchdata.com", fetch });
    await client.searchSellerLeads({ ...phoenix, minBedrooms: 3 }, { take: 1 });

    expect(sent.map((call) => [call.method, call.url])).toEqual([
      ["POST", "https://api.batchdata.com/api/v1/property/search"],
      ["POST", "https://api.batchdata.com/api/v1/property/skip-trace"],
    ]);
    for (const call of sent) {
      expect(call.headers.get("Authorization")).toBe("Bearer bd_key");
      expect(call.headers.get("Content-Type")).toBe("application/json");
      expect(call.headers.get("Accept")).toBe("application/json");
      expect(call.headers.get("User-Agent")).toMatch(/\S/);
    }

    const [searchCall, traceCall] = sent;
    expect(keysWithin(searchCall!.body, SEARCH_REQUEST_KEYS)).toEqual([]);
    const criteria = searchCall!.body.searchCriteria as { query: string; building: object; quickLists: string[] };
    expect(criteria.query).toBe("Phoenix, AZ");
    expect(criteria.building).toEqual({ bedroomCount: { min: 3 } });
    expect(keysWithin(criteria.building, BUILDING_FIELDS)).toEqual([]);
    expect(keysWithin(searchCall!.body.options as object, SEARCH_OPTION_KEYS)).toEqual([]);
    expect(searchCall!.body.options).toEqual({ skip: 0, take: 1 });

    expect(keysWithin(traceCall!.body, SKIP_TRACE_REQUEST_KEYS)).toEqual([]);
    expect(keysWithin(traceCall!.body.options as object, SKIP_TRACE_OPTION_KEYS)).toEqual([]);
    const [item] = traceCall!.body.requests as Record<string, unknown>[];
    expect(keysWithin(item!, SKIP_TRACE_ITEM_KEYS)).toEqual([]);
    // One of the documented address combinations: street, city, state, zip.
    expect(item!.propertyAddress).toEqual({ street: "123 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" });
    expect(item!.name).toEqual({ first: "Rosa", last: "Alvarez" });
  });

  it("asks counts as the vendor's explorer does, and only for quick lists the vendor names", () => {
    expect(countRequest(sellerCriteria(phoenix, "Phoenix, AZ")).options).toEqual({ skip: 0, take: 0, quicklistCounts: true });
    const ours = [...Object.values(SELLER_TYPE_QUICK_LIST), ...Object.values(BUYER_TYPE_QUICK_LISTS).flat()];
    expect(ours.filter((name) => !(DOCUMENTED_QUICK_LISTS as readonly string[]).includes(name))).toEqual([]);
  });
});

describe("BatchData's documented answers", () => {
  it("reads the v1 skip trace's documented no-match answer: no contacts, the lead unchanged", () => {
    const { persons } = parseOrThrow(SkipTraceAnswerSchema, SKIP_TRACE_V1_NO_MATCH_EXAMPLE, "documented example").results;
    expect(persons).toEqual([{ propertyAddress: { street: "145 Adelaide St W", zip: "M5H 4" }, meta: {} }]);
    const toronto = record({ address: { street: "145 Adelaide St W", city: "Toronto", state: "ON", zip: "M5H 4" } });
    const lead = toSellerLead(toronto, aRecord(), "inherited");
    const [joined] = withContacts([{ item: lead, record: toronto }], persons);
    expect(joined!.owner).toMatchObject({ name: lead.owner.name, phones: [], emails: [] });
  });

  it("reads a phone and an email in their documented shape: number in E.164, type, TCPA-restricted shown blocked", () => {
    const answer = {
      status: { code: 200, text: "OK" },
      results: {
        persons: [
          {
            propertyAddress: { street: "123 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" },
            name: { first: "Rosa", last: "Alvarez", full: "Rosa Alvarez" },
            phoneNumbers: [DOCUMENTED_PHONE, { ...DOCUMENTED_PHONE, rank: 1, number: "6025550124", type: "Land Line", tcpa: false }],
            emails: [DOCUMENTED_EMAIL],
            meta: { matched: true, error: false },
          },
        ],
      },
    };
    const { persons } = parseOrThrow(SkipTraceAnswerSchema, answer, "documented shape").results;
    const [lead] = withContacts([{ item: toSellerLead(record(), aRecord(), "inherited"), record: record() }], persons);
    expect(lead!.owner.phones).toEqual([
      { number: "+16025550123", type: "mobile", dnc: true },
      { number: "+16025550124", type: "landline", dnc: false },
    ]);
    expect(lead!.owner.emails).toEqual(["owner@mail.acme-homes.com"]);
  });
});
