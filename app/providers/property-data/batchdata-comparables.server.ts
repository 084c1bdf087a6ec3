/**
 * BatchData's comparables for one subject (ADR 091): the subject's record, then its comparables page by page (at most
 * `maxRecords`, COMPS_PAGE_TAKE a call), each record read on its own: an unreadable one is left out and counted, never
 * failing the page. Every record answered is billed, so `billed` counts them all.
 */
import { z } from "zod";

import { parseOrThrow } from "./batchdata-answers.ts";
import { comparablesRequest, CompRecordSchema, COMPS_PAGE_TAKE, subjectRequest, toComparableSale, toKnownHome } from "./batchdata-comps.ts";
import type { Comparables, ComparablesRequest } from "./types.ts";

/** POST /property/search's answer, its records checked one by one. */
const AnswerSchema = z.object({
  results: z.object({
    properties: z.array(z.unknown()).nullish(),
    meta: z.object({ requestId: z.string().nullish().catch(null) }).nullish(),
  }),
});

type Post = (body: unknown, take: number) => Promise<unknown>;

async function page(post: Post, body: unknown, take: number) {
  const answer = parseOrThrow(AnswerSchema, await post(body, take), "comparables answer");
  return { records: answer.results.properties ?? [], requestId: answer.results.meta?.requestId ?? null };
}

export async function comparablesOf(request: ComparablesRequest, post: Post): Promise<Comparables> {
  const found: Comparables = { home: null, sales: [], billed: 0, unreadable: 0, notSales: 0, requestId: null };
  const subject = await page(post, subjectRequest(request), 1);
  found.billed += subject.records.length;
  const home = CompRecordSchema.safeParse(subject.records[0]);
  if (home.success) found.home = toKnownHome(home.data);
  else if (subject.records.length > 0) found.unreadable++;

  const seen = new Set<string>();
  for (let skip = 0; skip < request.maxRecords;) {
    const take = Math.min(COMPS_PAGE_TAKE, request.maxRecords - skip);
    const answer = await page(post, comparablesRequest(request, skip, take), take);
    found.requestId ??= answer.requestId;
    found.billed += answer.records.length;
    for (const raw of answer.records) {
      const record = CompRecordSchema.safeParse(raw);
      if (!record.success) {
        found.unreadable++;
        continue;
      }
      // Deep pages can repeat a record; the subject itself is never its own comparable.
      if (seen.has(record.data._id) || `batchdata-${record.data._id}` === found.home?.id) continue;
      seen.add(record.data._id);
      const read = toComparableSale(record.data, request);
      if ("sale" in read) found.sales.push(read.sale);
      else found.notSales++;
    }
    if (answer.records.length < take) break;
    skip += take;
  }
  if (found.unreadable > 0) console.warn(`batchdata: skipped ${found.unreadable} unreadable comparable record(s) of ${found.billed}`);
  return found;
}
