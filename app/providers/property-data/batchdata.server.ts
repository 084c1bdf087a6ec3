import { z } from "zod";

import { fetchWithTimeout, ProviderError, type Fetch } from "#app/providers/http.server.ts";

import {
  BuyerRecordSchema,
  parseOrThrow,
  parsePersons,
  parseProperties,
  PropertyRecordSchema,
  PROVIDER,
  SearchAnswerSchema,
  SkipTraceEnvelopeSchema,
  type PropertyRecord,
  type SkipTracePerson,
} from "./batchdata-answers.ts";
import { comparablesOf } from "./batchdata-comparables.server.ts";
import {
  buyerCriteria,
  countRequest,
  MAX_SKIP_TRACE,
  MAX_TAKE,
  queriesFor,
  searchRequest,
  sellerCriteria,
  skipTraceRequest,
  withContacts,
  type SearchCriteria,
} from "./batchdata-mapping.ts";
import { distinctOwners, toCashBuyer, toSellerLead } from "./batchdata-records.ts";
import type { CashBuyer, Found, Page, PropertyDataProvider, SearchLocation, SellerLead } from "./types.ts";

/** A user is waiting on the search: a few seconds per call, then the search fails with a clear message. */
export const DEFAULT_TIMEOUT_MS = 8_000;

/**
 * Deadlines by call kind: a count (take 0) answers one number within the configured time; a page of records takes
 * longer as it grows (up to 500 a call), so each 100 records past the first hundred add a quarter of it.
 */
export const RECORDS_PER_TIMEOUT_STEP = 100;
export const TIMEOUT_STEP_SHARE = 0.25;

export function callTimeoutMs(baseMs: number, records: number): number {
  const steps = Math.max(0, Math.ceil(records / RECORDS_PER_TIMEOUT_STEP) - 1);
  return Math.round(baseMs * (1 + steps * TIMEOUT_STEP_SHARE));
}

/**
 * Skip traces go in chunks of this many (BatchData takes 100 a call, but recommends its asynchronous endpoint for
 * large ones, which answers by webhook — no use to a user waiting): small calls, each within the base deadline.
 */
export const SKIP_TRACE_CHUNK = 25;

export type BatchDataConfig = {
  apiKey: string;
  /** `https://api.batchdata.com`; the client adds `/api/v1/…`. */
  baseUrl: string;
  fetch?: Fetch;
  timeoutMs?: number;
  /** The clock buyer definitions measure "the last 3 years" to. */
  now?: () => Date;
};

/** BatchData's error body: `{ status: { code, text, message } }`. */
const ErrorBodySchema = z.object({
  status: z.object({
    message: z.string().min(1).optional().catch(undefined),
    text: z.string().min(1).optional().catch(undefined),
  }),
});

/** BatchData's Retry-After (seconds, or an HTTP date) in words: "; try again in 30 seconds". */
function retryAfterWords(header: string | null): string {
  if (!header) return "";
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  if (!Number.isFinite(seconds) || seconds <= 0) return "";
  return `; try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}`;
}

/** A refusal as a ProviderError whose message a user can act on (lead-search.server.ts shows it with its 502). */
export async function batchDataError(response: Response): Promise<ProviderError> {
  let detail: string | undefined;
  try {
    const body = ErrorBodySchema.safeParse(await response.json());
    if (body.success) detail = body.data.status.message ?? body.data.status.text;
  } catch {
    // not JSON: the status says enough
  }
  const status = response.status;
  let message: string;
  if (status === 401) message = "the API token was refused (401)";
  else if (status === 403) message = "insufficient balance or invalid token permission (403)";
  else if (status === 429) message = `rate limited (429)${retryAfterWords(response.headers.get("Retry-After"))}`;
  else if (status >= 500) message = `the service failed (HTTP ${status})`;
  else message = `the request was refused (HTTP ${status}${detail ? `: ${detail}` : ""})`;
  return new ProviderError(PROVIDER, message, status);
}

/** Where and how the client calls BatchData. */
type Endpoint = { fetcher: Fetch; base: string; timeoutMs: number; apiKey: string };
/** A POST to BatchData answering its JSON; `records`, how many the call asks for, lengthens its timeout. */
type Post = (path: string, body: unknown, what: string, records?: number) => Promise<unknown>;
/** The provider's property search: a place's count (memoised for the request) and a page of its records. */
type Pages = {
  count: (criteria: SearchCriteria) => Promise<number>;
  search: (criteria: SearchCriteria, skip: number, take: number) => Promise<unknown[]>;
};

async function postTo(
  { fetcher, base, timeoutMs, apiKey }: Endpoint,
  path: string,
  body: unknown,
  what: string,
  records: number,
): Promise<unknown> {
  const response = await fetchWithTimeout(
    PROVIDER,
    fetcher,
    `${base}${path}`,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    },
    callTimeoutMs(timeoutMs, records),
  );
  if (!response.ok) throw await batchDataError(response);
  try {
    return await response.json();
  } catch {
    throw new ProviderError(PROVIDER, `${what} was not JSON`);
  }
}

/** The total over the place: a ZIP list is one count per ZIP (a property lies in one ZIP), asked together. */
async function total({ count }: Pages, location: SearchLocation, criteriaFor: (query: string) => SearchCriteria): Promise<number> {
  const each = await Promise.all(queriesFor(location).map((query) => count(criteriaFor(query))));
  return each.reduce((sum, n) => sum + n, 0);
}

/**
 * Records `[skip, skip + take)` of the place's list: a city is one query; a ZIP list is its ZIPs one after the
 * other, so a ZIP the page starts beyond is passed over by its count, and a page may run on into the next ZIP.
 * Calls take at most 500 each.
 */
async function read(
  { count, search }: Pages,
  location: SearchLocation,
  criteriaFor: (query: string) => SearchCriteria,
  page: Page,
): Promise<unknown[]> {
  const queries = queriesFor(location);
  const found: unknown[] = [];
  let skip = page.skip ?? 0;
  let need = page.take;
  for (let i = 0; i < queries.length && need > 0; i++) {
    const criteria = criteriaFor(queries[i]!);
    let available = Number.POSITIVE_INFINITY;
    if (i < queries.length - 1) {
      const inZip = await count(criteria);
      if (skip >= inZip) {
        skip -= inZip;
        continue;
      }
      available = inZip - skip;
    }
    while (need > 0 && available > 0) {
      const take = Math.min(need, available, MAX_TAKE);
      const got = await search(criteria, skip, take);
      found.push(...got);
      need -= got.length;
      available -= got.length;
      skip += got.length;
      if (got.length < take) break;
    }
    skip = 0;
  }
  return found;
}

/** Owners' phones and emails for a page's properties: calls of SKIP_TRACE_CHUNK properties, one after the other. */
async function skipTrace(post: Post, records: readonly PropertyRecord[]): Promise<SkipTracePerson[]> {
  const persons: SkipTracePerson[] = [];
  let skipped = 0;
  const chunk = Math.min(SKIP_TRACE_CHUNK, MAX_SKIP_TRACE);
  for (let start = 0; start < records.length; start += chunk) {
    const answer = await post("/property/skip-trace", skipTraceRequest(records.slice(start, start + chunk)), "skip trace answer");
    const read = parsePersons(parseOrThrow(SkipTraceEnvelopeSchema, answer, "skip trace answer").results.persons);
    persons.push(...read.persons);
    skipped += read.skipped;
  }
  if (skipped > 0) console.warn(`batchdata: skipped ${skipped} unreadable skip-trace person(s) of ${persons.length + skipped}`);
  return persons;
}

/** The page's readable records; the unreadable ones are counted in the log, with why the first was. */
function readable<T>(parsed: { rows: T[]; skipped: number; firstProblem: string | null }): T[] {
  if (parsed.skipped > 0) {
    console.warn(
      `batchdata: skipped ${parsed.skipped} unreadable record(s) of ${parsed.rows.length + parsed.skipped}: ${parsed.firstProblem}`,
    );
  }
  return parsed.rows;
}

/**
 * BatchData's property API (v1) behind the PropertyDataProvider seam: counts and searches through
 * `POST /property/search`, owners' phones and emails through one `POST /property/skip-trace` per page. The
 * provider is made per request (the load context), so the ZIP counts it memoises live for one request.
 */
export function createBatchDataPropertyData(config: BatchDataConfig): PropertyDataProvider {
  const fetcher = config.fetch ?? fetch;
  const base = `${config.baseUrl.replace(/\/+$/, "")}/api/v1`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = config.now ?? (() => new Date());
  const counts = new Map<string, Promise<number>>();

  const post: Post = (path, body, what, records = 0) =>
    postTo({ fetcher, base, timeoutMs, apiKey: config.apiKey }, path, body, what, records);

  async function search(criteria: SearchCriteria, skip: number, take: number): Promise<unknown[]> {
    const answer = parseOrThrow(
      SearchAnswerSchema,
      await post("/property/search", searchRequest(criteria, skip, take), "property search answer", take),
      "property search answer",
    );
    return answer.results.properties ?? [];
  }

  function count(criteria: SearchCriteria): Promise<number> {
    const key = JSON.stringify(criteria);
    let pending = counts.get(key);
    if (!pending) {
      pending = post("/property/search", countRequest(criteria), "property count answer").then(
        (answer) => parseOrThrow(SearchAnswerSchema, answer, "property count answer").results.meta.results.resultsFound,
      );
      // A failed count is not remembered: the next round may try again.
      pending.catch(() => counts.delete(key));
      counts.set(key, pending);
    }
    return pending;
  }

  const pages: Pages = { count, search };

  return {
    name: PROVIDER,
    comparables(request) {
      return comparablesOf(request, (body, take) => post("/property/search", body, "comparables answer", take));
    },
    countSellerLeads(search) {
      return total(pages, search.location, (query) => sellerCriteria(search, query));
    },
    async searchSellerLeads(search, page) {
      const parsed = parseProperties(
        await read(pages, search.location, (query) => sellerCriteria(search, query), page),
        PropertyRecordSchema,
      );
      const rows = readable(parsed);
      const items = rows.map(({ record, raw }) => ({ item: toSellerLead(record, raw, search.sellerType), record }));
      const leads: Found<SellerLead> = withContacts(
        items,
        await skipTrace(
          post,
          rows.map((row) => row.record),
        ),
      );
      // The records left out still count as read: the search pages on past them and is not ended early by them.
      if (parsed.skipped > 0) leads.read = rows.length + parsed.skipped;
      return leads;
    },
    countCashBuyers(search) {
      const asOf = now();
      return total(pages, search.location, (query) => buyerCriteria(search, query, asOf));
    },
    async searchCashBuyers(search, page) {
      const asOf = now();
      const found = await read(pages, search.location, (query) => buyerCriteria(search, query, asOf), page);
      const parsed = parseProperties(found, BuyerRecordSchema);
      const owners = distinctOwners(readable(parsed), search.minProperties);
      const items = owners.map(({ record, raw }) => ({ item: toCashBuyer(record, raw), record }));
      const buyers: Found<CashBuyer> = withContacts(
        items,
        await skipTrace(
          post,
          owners.map((row) => row.record),
        ),
      );
      // Owners are merged, so `read` cannot tell how many were left out: the count is said outright.
      if (parsed.skipped > 0) buyers.unreadable = parsed.skipped;
      return buyers;
    },
  };
}
