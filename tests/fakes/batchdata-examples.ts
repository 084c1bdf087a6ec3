/**
 * BatchData's own documented examples and names, written out by hand as facts (field names, types, one value each)
 * so a test can feed them through our client. Sources, read 2026-11-25:
 * - help.batchdata.io/en/articles/12879595 "Skiptrace API Release Notes - November 2025": the v1
 *   `POST /api/v1/property/skip-trace` answer for an address it does not match (`status`, `results.persons[]` with the
 *   echoed `propertyAddress` and `meta.matched: false`).
 * - developer.batchdata.com/docs/batchdata/batchdata-v3/operations/create-a-property-skip-trace (response example):
 *   a phone is `{ rank, number, type, carrier, tested, reachable, dnc, tcpa }`, an email `{ rank, email, tested }`;
 *   the request's `propertyAddress` takes street, city, state, zip (or street + zip, or street + city + state).
 * - help.batchdata.io/en/articles/11880462 "Introduction to the Property Search API" and 13215119 (release notes,
 *   December 2025): `POST /api/v1/property/search` with `{ searchCriteria: { query: "Phoenix, AZ", … }, options:
 *   { skip, take } }`; 14795031 "Property Search Request Body Reference": the only `searchCriteria.building` fields.
 * - github.com/CharlesParra-BatchService/BatchData-API-Explorer `src/pages/PropertySearchPage.jsx` (BatchData's own
 *   API explorer): the count request `options: { skip: 0, take: 0, quicklistCounts: true }` and the quick-list names;
 *   `src/pages/SkipTracePage.jsx`: v1 persons carry `name`, `phoneNumbers`, `emails`, `propertyAddress`, `mailingAddress`.
 */

/** The v1 skip trace's answer for an unmatched address (the release notes' example). */
export const SKIP_TRACE_V1_NO_MATCH_EXAMPLE = {
  status: { code: 200, text: "OK" },
  results: {
    persons: [
      {
        propertyAddress: { street: "145 Adelaide St W", city: "Toronto", state: "ON", zip: "M5H 4" },
        meta: { matched: false, error: false },
      },
    ],
  },
};

/** One phone and one email in the reference's documented shape (every field, one value each). */
export const DOCUMENTED_PHONE = {
  rank: 0,
  number: "6025550123",
  type: "Mobile",
  carrier: "Example Wireless",
  tested: true,
  reachable: true,
  dnc: false,
  tcpa: true,
};
export const DOCUMENTED_EMAIL = { rank: 0, email: "owner@mail.acme-homes.com", tested: true };

/** The property search request's documented top level, and `options` keys a search or a count sends. */
export const SEARCH_REQUEST_KEYS = ["searchCriteria", "options"] as const;
export const SEARCH_OPTION_KEYS = ["skip", "take", "quicklistCounts", "datasets"] as const;

/** "The searchCriteria.building object accepts these fields and only these fields" (request body reference). */
export const BUILDING_FIELDS = [
  "bedroomCount",
  "bathroomCount",
  "calculatedBathroomCount",
  "livingAreaSquareFeet",
  "totalBuildingAreaSquareFeet",
  "yearBuilt",
  "storyCount",
  "roomCount",
  "unitCount",
  "residentialUnitCount",
  "garageParkingSpaceCount",
] as const;

/** The quick-list names BatchData's API explorer offers (a search may also ask for `not-<name>`). */
export const DOCUMENTED_QUICK_LISTS = [
  "absentee-owner",
  "active-auction",
  "active-listing",
  "canceled-listing",
  "cash-buyer",
  "corporate-owned",
  "expired-listing",
  "failed-listing",
  "fix-and-flip",
  "free-and-clear",
  "for-sale-by-owner",
  "has-hoa",
  "has-hoa-fees",
  "high-equity",
  "inherited",
  "involuntary-lien",
  "in-state-absentee-owner",
  "listed-below-market-price",
  "low-equity",
  "mailing-address-vacant",
  "notice-of-default",
  "notice-of-lis-pendens",
  "notice-of-sale",
  "on-market",
  "out-of-state-absentee-owner",
  "out-of-state-owner",
  "owner-occupied",
  "pending-listing",
  "preforeclosure",
  "recently-sold",
  "same-property-and-mailing-address",
  "tax-default",
  "tired-landlord",
  "unknown-equity",
  "vacant",
  "vacant-lot",
] as const;

/** The skip trace request's documented keys: `requests[]` of `propertyAddress` (+ optional `name`), and `options`. */
export const SKIP_TRACE_REQUEST_KEYS = ["requests", "options"] as const;
export const SKIP_TRACE_ITEM_KEYS = [
  "propertyAddress",
  "name",
  "mailingAddress",
  "apn",
  "countyFipsCode",
  "county",
  "state",
  "requestId",
] as const;
export const SKIP_TRACE_OPTION_KEYS = ["includeTCPABlacklistedPhones", "webhookUrl", "errorWebhookUrl", "dateFormat"] as const;
