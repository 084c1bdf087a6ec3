// The Lob client and its fake as Lob documents letters (lob/lob-openapi, help.lob.com, tests/fakes/lob-examples.ts):
// the documented request example is accepted by the fake and the client sends only documented fields with the
// required headers; the documented letter object is read by the client, which reads no field Lob does not return; the
// fake answers with the documented object's fields and refuses the enums and limits Lob refuses — the recipient's
// street over 50 characters with its second line, text where Lob prints its address block; and a letter Lob may have
// made (no answer) is asked again with the same Idempotency-Key, never reported as refused.
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";

import { createLobMail, LetterAnswerSchema } from "#app/providers/mail/lob.server.ts";
import { MailAddressRefused, MailOutcomeUnknown, type Letter } from "#app/providers/mail/types.ts";
import {
  LOB_ADDRESS_FIELDS,
  LOB_ERROR_EXAMPLE,
  LOB_LETTER_EXAMPLE,
  LOB_LETTER_FIELDS,
  LOB_LETTER_REQUEST_EXAMPLE,
  LOB_REQUIRED_LETTER_FIELDS,
} from "#tests/fakes/lob-examples.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";

const KEY = "test_contract";
const BASE_URL = "https://lob.fake.test";

/** A letter's page; `at` draws its text there (points from the bottom-left), else at the page's bottom-left corner. */
async function onePagePdf(at?: { x: number; y: number }): Promise<Blob> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText("Letter of Intent", { size: 11, ...at });
  return new Blob([new Uint8Array(await doc.save())], { type: "application/pdf" });
}

/** A JSON value's keys, all the way down (arrays by their first item; an empty array or a null matches anything). */
function keysOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [keysOf(value[0])] : "any";
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, keysOf((value as Record<string, unknown>)[key])]),
    );
  return value === null ? "any" : typeof value;
}

/** Maps whose keys are the caller's own (Lob echoes them): their contents are not part of the contract. */
const FREE_FORM = new Set(["metadata", "merge_variables"]);

/** Where two key trees differ ("any" on either side matches). */
function differences(a: unknown, b: unknown, path = ""): string[] {
  if (a === "any" || b === "any" || FREE_FORM.has(path.split(".").at(-1) ?? "")) return [];
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return a === b ? [] : [`${path}: ${String(a)} vs ${String(b)}`];
  if (Array.isArray(a) || Array.isArray(b)) return differences((a as unknown[])[0], (b as unknown[])[0], `${path}[]`);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => {
    const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
    if (x === undefined || y === undefined) return [`${path}.${key} only in ${x === undefined ? "the fake's" : "the documented one"}`];
    return differences(x, y, `${path}.${key}`);
  });
}

function letter(): Promise<Letter> {
  return onePagePdf().then(async (pdf) => ({
    userId: "user-contract",
    idempotencyKey: crypto.randomUUID(),
    propertyId: "prop-1",
    to: { name: "Pat Owner", line1: "123 W Maple Ave", line2: "Unit 4", city: "Phoenix", state: "AZ", zip: "85004" },
    from: { name: "Acme Homes", line1: "1 Center St", city: "Mesa", state: "AZ", zip: "85201" },
    pdf: new Uint8Array(await pdf.arrayBuffer()),
    offerAmount: 175_000,
  }));
}

async function post(
  fake: ReturnType<typeof createFakeLob>,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  file?: Blob,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", file ?? (await onePagePdf()), "letter.pdf");
  const response = await fake.fetch(`${BASE_URL}/v1/letters`, {
    method: "POST",
    headers: { Authorization: `Basic ${btoa(`${KEY}:`)}`, "Idempotency-Key": crypto.randomUUID(), ...headers },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("Lob's documented letter create, against the fake and our client", () => {
  it("the fake accepts the documented request example and answers the documented letter object's fields", async () => {
    const fake = createFakeLob(KEY);
    const answer = await post(fake, LOB_LETTER_REQUEST_EXAMPLE);
    expect(answer.status).toBe(200);
    expect(differences(keysOf(LOB_LETTER_EXAMPLE), keysOf(answer.body))).toEqual([]);
    expect(answer.body).toMatchObject({ merge_variables: { name: "Harry" }, metadata: { spiffy: "true" }, extra_service: "registered" });
  });

  it("the fake refuses Lob's enums and header limits with Lob's error body", async () => {
    const fake = createFakeLob(KEY);
    const refused = async (change: Record<string, string>, headers?: Record<string, string>) => {
      const answer = await post(fake, { ...LOB_LETTER_REQUEST_EXAMPLE, ...change }, headers);
      expect(Object.keys(answer.body)).toEqual(Object.keys(LOB_ERROR_EXAMPLE));
      expect(Object.keys(answer.body.error as object).sort()).toEqual(Object.keys(LOB_ERROR_EXAMPLE.error).sort());
      return answer.status;
    };
    expect(await refused({ mail_type: "usps_priority" })).toBe(422);
    expect(await refused({ mail_type: "usps_standard" })).toBe(422); // with the example's extra_service
    expect(await refused({ extra_service: "express" })).toBe(422);
    expect(await refused({ use_type: "personal" })).toBe(422);
    expect(await refused({ address_placement: "anywhere" })).toBe(422);
    expect(await refused({ "to[company]": "x".repeat(41) })).toBe(422);
    expect(await refused({}, { "Idempotency-Key": "k".repeat(257) })).toBe(422);
    expect(await refused({}, { Authorization: `Basic ${btoa("live_other:")}` })).toBe(401);
  });

  it("our client sends only documented fields, every required one, Basic auth and an Idempotency-Key", async () => {
    const fake = createFakeLob(KEY);
    const lob = createLobMail({ apiKey: KEY, baseUrl: BASE_URL, fetch: fake.fetch });
    await lob.sendLetter(await letter());
    const sent = fake.letters[0]!;
    const topLevel = new Set(Object.keys(sent.fields).map((key) => key.replace(/\[.*$/, "")));
    const known = new Set<string>([...LOB_LETTER_FIELDS, "to", "from"]);
    expect([...topLevel].filter((key) => !known.has(key))).toEqual([]);
    for (const required of LOB_REQUIRED_LETTER_FIELDS) if (required !== "file") expect(topLevel, required).toContain(required);
    const addressKeys = Object.keys(sent.fields).flatMap((key) => /^(?:to|from)\[(.+)\]$/.exec(key)?.[1] ?? []);
    expect(addressKeys.filter((key) => !(LOB_ADDRESS_FIELDS as readonly string[]).includes(key))).toEqual([]);
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.fileBytes.length).toBeGreaterThan(0);
  });

  it("our client reads the documented letter object, and only fields Lob returns", async () => {
    for (const field of Object.keys(LetterAnswerSchema.shape)) expect(Object.keys(LOB_LETTER_EXAMPLE), field).toContain(field);
    const lob = createLobMail({ apiKey: KEY, baseUrl: BASE_URL, fetch: async () => Response.json(LOB_LETTER_EXAMPLE) });
    expect(await lob.sendLetter(await letter())).toEqual({
      trackingId: "ltr_4868c3b754655f90",
      provider: "lob",
      expectedDeliveryDate: "2017-09-12",
    });
  });
});

const errorCode = (answer: { body: Record<string, unknown> }) => (answer.body.error as { code: string }).code;

describe("what Lob refuses that the old fake let through", () => {
  /** 38 + 12 = 50 characters: the most Lob takes on a recipient's two street lines. */
  const STREET = { "to[address_line1]": "12345 North Scottsdale Road Building C", "to[address_line2]": "Suite 1200 A" };

  it("the recipient's street and its second line over 50 characters together: address_length_exceeds_limit", async () => {
    const fake = createFakeLob(KEY);
    expect((await post(fake, { ...LOB_LETTER_REQUEST_EXAMPLE, ...STREET })).status).toBe(200);
    const over = await post(fake, { ...LOB_LETTER_REQUEST_EXAMPLE, ...STREET, "to[address_line2]": "Suite 1200 AB" });
    expect(over.status).toBe(422);
    expect(errorCode(over)).toBe("address_length_exceeds_limit");
    // The return address is not held to it.
    const from = { "from[address_line1]": STREET["to[address_line1]"], "from[address_line2]": "Suite 1200 AB" };
    expect((await post(fake, { ...LOB_LETTER_REQUEST_EXAMPLE, ...from })).status).toBe(200);
  });

  it("text on page 1 where Lob prints its address block (1 in from the top-left), unless Lob inserts a blank page", async () => {
    const fake = createFakeLob(KEY);
    const underTheBlock = await onePagePdf({ x: 72, y: 792 - 72 });
    const refused = await post(fake, { ...LOB_LETTER_REQUEST_EXAMPLE }, {}, underTheBlock);
    expect(refused.status).toBe(422);
    expect(errorCode(refused)).toBe("invalid_file");
    expect((refused.body.error as { message: string }).message).toMatch(/address block/);
    const blankFirst = await post(fake, { ...LOB_LETTER_REQUEST_EXAMPLE, address_placement: "insert_blank_page" }, {}, underTheBlock);
    expect(blankFirst.status).toBe(200);
    // Below the areas (3.5 in down) the letter is taken.
    expect((await post(fake, { ...LOB_LETTER_REQUEST_EXAMPLE }, {}, await onePagePdf({ x: 72, y: 792 - 252 }))).status).toBe(200);
  });

  it("our client refuses such a street before calling Lob, saying so in words (nothing sent, nothing charged)", async () => {
    const fake = createFakeLob(KEY);
    const lob = createLobMail({ apiKey: KEY, baseUrl: BASE_URL, fetch: fake.fetch });
    const long = await letter();
    long.to = { ...long.to, line1: STREET["to[address_line1]"], line2: "Suite 1200 AB" };
    const refusal = await lob.sendLetter(long).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MailAddressRefused);
    expect(refusal).toMatchObject({ part: "recipientAddress", status: 422 });
    expect((refusal as MailAddressRefused).problem).toBe(
      'the recipient\'s address cannot be mailed: the street and its second line are 51 characters together, more than the 50 a mailed letter takes (abbreviate, e.g. "St", "Ste", "Apt")',
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe("a letter Lob may have made", () => {
  const client = (fake: ReturnType<typeof createFakeLob>) =>
    createLobMail({ apiKey: KEY, baseUrl: BASE_URL, fetch: fake.fetch, timeoutMs: 50, retryDelayMs: 0 });

  it("an answer lost to the timeout: asked again with the same key, Lob answers the letter it made, mailed once", async () => {
    const fake = createFakeLob(KEY);
    fake.loseAnswers(1);
    const receipt = await client(fake).sendLetter(await letter());
    expect(fake.letters).toHaveLength(1);
    expect(receipt.trackingId).toBe(fake.letters[0]!.id);
    expect(fake.requests).toHaveLength(2);
    expect(new Set(fake.requests.map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it("still no answer after the retries: unknown (never a refusal), every try with the same key", async () => {
    const fake = createFakeLob(KEY);
    fake.loseAnswers(5);
    const unknown = await client(fake)
      .sendLetter(await letter())
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(MailOutcomeUnknown);
    expect((unknown as Error).message).toMatch(
      /^lob: no confirmation after 3 tries with the same idempotency key \(request failed \(timed out/,
    );
    expect(fake.letters).toHaveLength(1);
    expect(fake.requests).toHaveLength(3);
    expect(new Set(fake.requests.map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it("a 5xx is asked again with the same key; a 4xx refusal is not (Lob made nothing)", async () => {
    const fake = createFakeLob(KEY);
    fake.failWith(503, "Service unavailable");
    expect(
      await client(fake)
        .sendLetter(await letter())
        .catch((error: unknown) => error),
    ).toBeInstanceOf(MailOutcomeUnknown);
    expect(fake.requests).toHaveLength(3);
    fake.failWith(429, "Rate limit exceeded");
    const refused = await client(fake)
      .sendLetter(await letter())
      .catch((error: unknown) => error);
    expect(refused).not.toBeInstanceOf(MailOutcomeUnknown);
    expect((refused as Error).message).toBe("lob: HTTP 429: Rate limit exceeded");
    expect(fake.requests).toHaveLength(4);
  });
});
