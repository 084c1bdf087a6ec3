/**
 * A fake of BatchData's property API (v1), as shared/design/providers.md describes it: `POST /api/v1/property/search`
 * and `POST /api/v1/property/skip-trace` with a Bearer token, answering BatchData's shapes from an in-memory
 * dataset. It checks what the real service would refuse — the token, JSON bodies, known criteria groups and filter
 * forms, known quick lists, `take` ≤ 500, at most 100 skip-trace requests with a usable address — and honours the
 * query (ZIP, "City, ST", state), `quickLists` (with `not-`), every `{min,max}` / `{minDate,maxDate}` / `{inList}` /
 * `{equals}` filter on the record's own fields, skip/take, and `take: 0` counts. It can be told to fail with a
 * status, to drop the connection, to hang until the caller's signal aborts, or to answer one odd body.
 *
 * The dataset is a small sample (`SAMPLE_PROPERTIES`) or the test market turned into BatchData records
 * (`batchDataFromMarket`), so the same homes can be searched through both providers.
 */
import { COMP_OPTIONS, comparablesFor, compProblem } from "./batchdata-comps.ts";
import { listKey, QUICK_LISTS, SAMPLE_PROPERTIES, type FakeProperty, type Json } from "./batchdata-data.ts";

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** A property as BatchData's search answers it, and the persons its skip trace finds for the owner. */

export type FakeCall = { path: string; body: Json; authorization: string | null };

export type FakeBatchData = {
  fetch: Fetch;
  /** Every call the fake answered or refused, in order (bodies as sent). */
  calls: FakeCall[];
  searches(): FakeCall[];
  skipTraces(): FakeCall[];
  /** Later calls (to one endpoint, or all) answer this HTTP status with BatchData's error body; null stops it. */
  failWith(status: number | null, options?: { endpoint?: "search" | "skip-trace"; message?: string }): void;
  /** Later calls never answer: they wait for the caller's AbortSignal (a timeout) and reject with its reason. */
  hang(on: boolean): void;
  /** Later calls fail as an unreachable host does (fetch rejects with a TypeError). */
  unreachable(on: boolean): void;
  /** The next call answers this JSON body as is, whatever was asked. */
  answerOnce(body: unknown, status?: number): void;
};

/** Quick lists BatchData documents; the fake refuses any other name, as a typo would be refused. */

const CRITERIA_GROUPS = [
  "address",
  "building",
  "foreclosure",
  "general",
  "intel",
  "openLien",
  "owner",
  "propertyOwnerProfile",
  "sale",
  "valuation",
] as const;
const FILTER_KEYS = ["min", "max", "minDate", "maxDate", "inList", "equals"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const ERROR_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};
const ERROR_MESSAGE: Record<number, string> = {
  401: "Invalid or missing API token",
  403: "Insufficient balance or invalid token permission",
  429: "Rate limit exceeded",
};

function error(status: number, message?: string): Response {
  return Response.json(
    { status: { code: status, text: ERROR_TEXT[status] ?? "Error", message: message ?? ERROR_MESSAGE[status] ?? "Fake failure" } },
    { status },
  );
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const normalise = (value: unknown) =>
  String(value ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** What in a search body the real service would refuse; null when it is well formed. */
function searchProblem(body: Json): string | null {
  const extra = Object.keys(body).filter((key) => key !== "searchCriteria" && key !== "options");
  if (extra.length > 0) return `Unknown field ${extra[0]}`;
  const criteria = body.searchCriteria;
  if (!isObject(criteria)) return "searchCriteria is required";
  // A comparables search names its subject in compAddress instead of a query.
  if (criteria.compAddress === undefined && (typeof criteria.query !== "string" || criteria.query.trim() === ""))
    return "searchCriteria.query is required";
  for (const [group, value] of Object.entries(criteria)) {
    if (group === "query" || group === "compAddress") continue;
    if (group === "quickLists" || group === "orQuickLists") {
      if (!Array.isArray(value) || value.length === 0) return `searchCriteria.${group} must be a non-empty list`;
      const unknown = value.find(
        (name) => typeof name !== "string" || !(QUICK_LISTS as readonly string[]).includes(name.replace(/^not-/, "")),
      );
      if (unknown !== undefined) return `Unknown quick list ${String(unknown)}`;
      continue;
    }
    if (!(CRITERIA_GROUPS as readonly string[]).includes(group)) return `Unknown search criteria ${group}`;
    if (!isObject(value) || Object.keys(value).length === 0) return `searchCriteria.${group} must be an object of filters`;
    for (const [field, filter] of Object.entries(value)) {
      const where = `searchCriteria.${group}.${field}`;
      if (!isObject(filter) || Object.keys(filter).length === 0) return `${where} must be a filter`;
      for (const [key, bound] of Object.entries(filter)) {
        if (!FILTER_KEYS.includes(key)) return `${where}.${key} is not a filter`;
        if ((key === "min" || key === "max") && typeof bound !== "number") return `${where}.${key} must be a number`;
        if ((key === "minDate" || key === "maxDate") && (typeof bound !== "string" || !DATE.test(bound)))
          return `${where}.${key} must be YYYY-MM-DD`;
        if (key === "inList" && !Array.isArray(bound)) return `${where}.inList must be a list`;
      }
    }
  }
  const options = body.options ?? {};
  if (!isObject(options)) return "options must be an object";
  for (const key of Object.keys(options)) {
    if (!["skip", "take", "quicklistCounts", "skipTrace", "datasets"].includes(key) && !COMP_OPTIONS[key]) return `Unknown option ${key}`;
  }
  const comps = compProblem(criteria, options);
  if (comps) return comps;
  const { skip = 0, take = 25 } = options;
  if (!Number.isInteger(skip) || (skip as number) < 0) return "options.skip must be a whole number";
  if (!Number.isInteger(take) || (take as number) < 0 || (take as number) > 500) return "options.take must be from 0 to 500";
  return null;
}

/** How the service reads `query`: a ZIP, "City, ST" or a state; null for text it cannot place. */
function placeOf(query: string): ((address: Json) => boolean) | null {
  const text = query.trim();
  // A whole USPS address ("622 W Palmaire Ave, Phoenix, AZ 85021"): that property.
  const whole = /^(.+?),\s*(.+?),\s*([A-Za-z]{2})\s+(\d{5})(-\d{4})?$/.exec(text);
  if (whole) {
    const [street, zip] = [normalise(whole[1]), whole[4]!];
    return (address) => normalise(address.street) === street && String(address.zip).startsWith(zip);
  }
  if (/^\d{5}$/.test(text)) return (address) => String(address.zip).startsWith(text);
  const cityState = /^(.+?),\s*([A-Za-z]{2})$/.exec(text);
  if (cityState) {
    const [city, state] = [normalise(cityState[1]), cityState[2]!.toUpperCase()];
    return (address) => normalise(address.city) === city && String(address.state).toUpperCase() === state;
  }
  if (/^[A-Za-z]{2}$/.test(text)) return (address) => String(address.state).toUpperCase() === text.toUpperCase();
  return null;
}

function passes(value: unknown, filter: Json): boolean {
  if (value === undefined || value === null) return false;
  if (filter.min !== undefined && !(typeof value === "number" && value >= (filter.min as number))) return false;
  if (filter.max !== undefined && !(typeof value === "number" && value <= (filter.max as number))) return false;
  const day = String(value).slice(0, 10);
  if (filter.minDate !== undefined && !(DATE.test(day) && day >= (filter.minDate as string))) return false;
  if (filter.maxDate !== undefined && !(DATE.test(day) && day <= (filter.maxDate as string))) return false;
  if (filter.inList !== undefined && !(filter.inList as unknown[]).includes(value)) return false;
  if (filter.equals !== undefined && value !== filter.equals) return false;
  return true;
}

function matches(record: Json, criteria: Json, place: (address: Json) => boolean): boolean {
  if (!place(record.address as Json)) return false;
  const flags = (record.quickLists ?? {}) as Json;
  const flag = (name: string) => (name.startsWith("not-") ? flags[listKey(name.slice(4))] !== true : flags[listKey(name)] === true);
  if (Array.isArray(criteria.quickLists) && !(criteria.quickLists as string[]).every(flag)) return false;
  if (Array.isArray(criteria.orQuickLists) && !(criteria.orQuickLists as string[]).some(flag)) return false;
  for (const group of CRITERIA_GROUPS) {
    const filters = criteria[group];
    if (!isObject(filters)) continue;
    const values = (record[group] ?? {}) as Json;
    for (const [field, filter] of Object.entries(filters)) if (!passes(values[field], filter as Json)) return false;
  }
  return true;
}

const USPS_SUFFIXES: Record<string, string> = {
  AVENUE: "AVE",
  STREET: "ST",
  DRIVE: "DR",
  ROAD: "RD",
  LANE: "LN",
  BOULEVARD: "BLVD",
  COURT: "CT",
  PLACE: "PL",
};

/** The address as BatchData echoes it: USPS-normalised (upper case, no periods, suffixes abbreviated), ZIP+4 kept. */
function uspsAddress(address: Json): Json {
  const street = String(address.street ?? "")
    .toUpperCase()
    .replace(/\./g, "")
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .map((word) => USPS_SUFFIXES[word] ?? word)
    .join(" ");
  return { street, city: String(address.city ?? "").toUpperCase(), state: address.state, zip: address.zip };
}

function skipTraceProblem(body: Json): string | null {
  const extra = Object.keys(body).filter((key) => key !== "requests" && key !== "options");
  if (extra.length > 0) return `Unknown field ${extra[0]}`;
  const requests = body.requests;
  if (!Array.isArray(requests) || requests.length === 0) return "requests must be a non-empty list";
  if (requests.length > 100) return "At most 100 requests per call";
  for (const [i, request] of requests.entries()) {
    if (!isObject(request)) return `requests.${i} must be an object`;
    const address = request.propertyAddress;
    if (!isObject(address)) return `requests.${i}.propertyAddress is required`;
    const has = (key: string) => typeof address[key] === "string" && (address[key] as string).trim() !== "";
    if (!has("street") || !(has("zip") || (has("city") && has("state"))))
      return `requests.${i}.propertyAddress needs street and zip, or street, city and state`;
    if (request.requestId !== undefined && (typeof request.requestId !== "string" || request.requestId.trim() === ""))
      return `requests.${i}.requestId must be a non-empty string`;
    if (
      request.name !== undefined &&
      !(isObject(request.name) && typeof request.name.first === "string" && typeof request.name.last === "string")
    )
      return `requests.${i}.name must have first and last`;
  }
  return null;
}

export function createFakeBatchData(token: string, properties: readonly FakeProperty[] = SAMPLE_PROPERTIES): FakeBatchData {
  const calls: FakeCall[] = [];
  let failure: { status: number; endpoint?: "search" | "skip-trace"; message?: string } | null = null;
  let hanging = false;
  let down = false;
  const once: { body: unknown; status: number }[] = [];
  const byAddress = new Map(
    properties.map((property) => {
      const address = property.record.address as Json;
      return [`${normalise(address.street)}|${String(address.zip).slice(0, 5)}`, property] as const;
    }),
  );

  function search(body: Json): Response {
    const problem = searchProblem(body);
    if (problem) return error(400, problem);
    const criteria = body.searchCriteria as Json;
    const options = (body.options ?? {}) as Json;
    const skip = (options.skip as number | undefined) ?? 0;
    const take = (options.take as number | undefined) ?? 25;
    let found: FakeProperty[];
    if (isObject(criteria.compAddress)) {
      const candidates = comparablesFor(properties, criteria.compAddress, options);
      found = candidates.filter((property) => matches(property.record, criteria, () => true));
    } else {
      const place = placeOf(criteria.query as string);
      if (!place) return error(400, `Could not understand the query "${String(criteria.query)}"`);
      found = properties.filter((property) => matches(property.record, criteria, place));
    }
    const results: Json = { meta: { results: { resultsFound: found.length }, requestId: crypto.randomUUID() } };
    // A count (take 0) sends no property list at all.
    if (take > 0) results.properties = found.slice(skip, skip + take).map((property) => structuredClone(property.record));
    return Response.json({ status: { code: 200, text: "OK" }, results });
  }

  function skipTrace(body: Json): Response {
    const problem = skipTraceProblem(body);
    if (problem) return error(400, problem);
    const requests = body.requests as Json[];
    const persons: Json[] = [];
    let matched = 0;
    for (const request of requests) {
      const address = request.propertyAddress as Json;
      const property = byAddress.get(`${normalise(address.street)}|${String(address.zip ?? "").slice(0, 5)}`);
      // Each person carries the requestId of the request it answers, when the request had one.
      const echo = request.requestId === undefined ? {} : { requestId: request.requestId };
      if (!property || property.persons.length === 0) {
        persons.push({ propertyAddress: uspsAddress(address), meta: { matched: false, error: false, ...echo } });
        continue;
      }
      matched++;
      const { street, city, state, zip } = uspsAddress(property.record.address as Json);
      // v1 leaves TCPA-restricted phones out unless the request's options ask for them (each then flagged `tcpa`).
      const withTcpa = isObject(body.options) && body.options.includeTCPABlacklistedPhones === true;
      for (const person of property.persons) {
        const copy = structuredClone(person);
        if (!withTcpa && Array.isArray(copy.phoneNumbers)) copy.phoneNumbers = copy.phoneNumbers.filter((phone) => !(phone as Json).tcpa);
        persons.push({ ...copy, propertyAddress: { street, city, state, zip }, meta: { matched: true, error: false, ...echo } });
      }
    }
    return Response.json({
      status: { code: 200, text: "OK" },
      results: {
        persons,
        meta: { results: { requestCount: requests.length, matchCount: matched, noMatchCount: requests.length - matched } },
      },
    });
  }

  return {
    calls,
    searches: () => calls.filter((call) => call.path.endsWith("/property/search")),
    skipTraces: () => calls.filter((call) => call.path.endsWith("/property/skip-trace")),
    failWith(status, options = {}) {
      failure = status === null ? null : { status, ...options };
    },
    hang(on) {
      hanging = on;
    },
    unreachable(on) {
      down = on;
    },
    answerOnce(body, status = 200) {
      once.push({ body, status });
    },
    async fetch(input, init) {
      if (down) throw new TypeError("Network connection lost.");
      const request = new Request(input, init);
      const url = new URL(request.url);
      const endpoint =
        url.pathname === "/api/v1/property/search" ? "search" : url.pathname === "/api/v1/property/skip-trace" ? "skip-trace" : null;
      let body: Json = {};
      try {
        const parsed: unknown = await request.json();
        if (isObject(parsed)) body = parsed;
      } catch {
        body = {};
      }
      calls.push({ path: url.pathname, body, authorization: request.headers.get("Authorization") });

      if (hanging) {
        const signal = init?.signal;
        return new Promise<Response>((_, reject) => {
          if (!signal) return;
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener("abort", () => reject(signal.reason));
        });
      }
      if (request.method !== "POST" || !endpoint) return error(404);
      if (request.headers.get("Authorization") !== `Bearer ${token}`) return error(401);
      const queued = once.shift();
      if (queued) return Response.json(queued.body, { status: queued.status });
      if (failure && (!failure.endpoint || failure.endpoint === endpoint)) return error(failure.status, failure.message);
      if (!request.headers.get("Content-Type")?.startsWith("application/json")) return error(400, "Content-Type must be application/json");
      return endpoint === "search" ? search(body) : skipTrace(body);
    },
  };
}
