import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { emailOutbox, mailOutbox, users } from "#db/schema.ts";
import { createHttpEmail } from "#app/providers/email/http.server.ts";
import { PROVIDER_USER_AGENT, ProviderError } from "#app/providers/http.server.ts";
import { createLobMail } from "#app/providers/mail/lob.server.ts";
import type { Letter } from "#app/providers/mail/types.ts";
import { createFakeEmailApi } from "#tests/fakes/email.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";

import { testContext } from "./context.ts";

const db = createDb(env.DB);

async function samplePdf() {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText("Letter of Intent");
  return doc.save();
}

/** A form as Lob's letter create takes it, with a valid letter's fields; `change` edits them (undefined removes one). */
async function lobForm(change: Record<string, string | undefined> = {}, file?: Blob) {
  const fields: Record<string, string | undefined> = {
    "to[name]": "Pat Owner",
    "to[address_line1]": "123 W Maple Ave",
    "to[address_city]": "Phoenix",
    "to[address_state]": "AZ",
    "to[address_zip]": "85004",
    "from[name]": "Acme Homes",
    "from[address_line1]": "1 Center St",
    "from[address_city]": "Mesa",
    "from[address_state]": "AZ",
    "from[address_zip]": "85201",
    color: "false",
    use_type: "marketing",
    ...change,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  form.append("file", file ?? new Blob([new Uint8Array(await samplePdf())], { type: "application/pdf" }), "letter.pdf");
  return form;
}

async function letterFor(userId: string, idempotencyKey: string = crypto.randomUUID()): Promise<Letter> {
  return {
    userId,
    idempotencyKey,
    to: { name: "Pat Owner", line1: "123 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" },
    from: { name: "Acme Homes", line1: "1 Center St", city: "Mesa", state: "AZ", zip: "85201" },
    pdf: await samplePdf(),
    offerAmount: 175000,
  };
}

describe("provider selection by configuration", () => {
  it("uses the embedded local providers with no configuration at all", () => {
    const { providers } = testContext();
    expect([providers.propertyData.name, providers.mail.name, providers.ai.name, providers.email.name, providers.maps.name]).toEqual([
      "local",
      "local",
      "local",
      "local",
      "local",
    ]);
  });

  it("picks the real clients when configured with their keys", () => {
    const { providers } = testContext({
      MAIL: "lob",
      LOB_API_KEY: "test_key",
      EMAIL: "http",
      EMAIL_API_URL: "https://email.fake.test/emails",
      EMAIL_API_KEY: "k",
      EMAIL_FROM: "no-reply@mail.acme-homes.com",
      MAPS: "google",
      GOOGLE_MAPS_API_KEY: "g",
    });
    expect([providers.mail.name, providers.email.name, providers.maps.name]).toEqual(["lob", "http", "google"]);
  });

  it("refuses a real provider without its key, naming the missing setting", () => {
    expect(() => testContext({ MAIL: "lob" })).toThrow(/LOB_API_KEY is required when MAIL=lob/);
    expect(() => testContext({ EMAIL: "smtp" })).toThrow(/Invalid Worker configuration: EMAIL/);
  });

  it("refuses real email without a sender on a real domain, naming EMAIL_FROM", () => {
    const email = { EMAIL: "http", EMAIL_API_URL: "https://email.fake.test/emails", EMAIL_API_KEY: "k" };
    expect(() => testContext(email)).toThrow(/EMAIL_FROM is required when EMAIL=http/);
    // The old default, and RFC 2606's reserved names: no email service verifies a sender there.
    for (const placeholder of ["no-reply@breeze.example", "me@example.com", "a@mail.example.org", "a@x.test", "a@host.invalid"]) {
      expect(() => testContext({ ...email, EMAIL_FROM: placeholder })).toThrow(/EMAIL_FROM \(.+\) must be on a real domain verified/);
    }
    expect(testContext({ ...email, EMAIL_FROM: "offers@mail.acme-homes.com" }).providers.email.name).toBe("http");
    // The local outbox needs no sender at all.
    expect(testContext({ EMAIL_FROM: "no-reply@breeze.example" }).providers.email.name).toBe("local");
  });
});

describe("local email", () => {
  it("keeps the message in the outbox", async () => {
    const { providers } = testContext();
    const to = `reader-${crypto.randomUUID()}@example.com`;
    const { id } = await providers.email.send({ to, subject: "Reset your password", text: "Open the link" });
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(row).toMatchObject({ id, subject: "Reset your password", textBody: "Open the link" });
  });
});

describe("HTTP email client against a fake email API", () => {
  it("sends the message in the API's shape and returns its id", async () => {
    const fake = createFakeEmailApi("secret");
    const email = createHttpEmail({ url: fake.url, apiKey: "secret", from: "no-reply@breeze.example", fetch: fake.fetch });
    const { id } = await email.send({ to: "a@example.com", subject: "Hi", text: "Body", html: "<p>Body</p>" });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.sent).toEqual([
      { from: "no-reply@breeze.example", to: ["a@example.com"], subject: "Hi", text: "Body", html: "<p>Body</p>" },
    ]);
  });

  it("turns a refusal into a ProviderError with the service's message", async () => {
    const fake = createFakeEmailApi("secret");
    const email = createHttpEmail({ url: fake.url, apiKey: "wrong", from: "no-reply@breeze.example", fetch: fake.fetch });
    const failure = await email.send({ to: "a@example.com", subject: "Hi", text: "Body" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    // Resend's reference: 401 is a missing key, 403 an invalid one.
    expect(failure).toMatchObject({ message: "email: HTTP 403: API key is invalid", status: 403 });
  });

  it("sends a User-Agent on every request, as Resend requires (the fake refuses a request without one, 403)", async () => {
    const fake = createFakeEmailApi("secret");
    const email = createHttpEmail({ url: fake.url, apiKey: "secret", from: "offers@mail.acme-homes.com", fetch: fake.fetch });
    await email.send({ to: "a@example.com", subject: "Hi", text: "Body" });
    expect(fake.userAgents).toEqual([PROVIDER_USER_AGENT]);
    const bare = await fake.fetch(fake.url, {
      method: "POST",
      headers: { Authorization: "Bearer secret", "Content-Type": "application/json" },
      body: JSON.stringify({ from: "offers@mail.acme-homes.com", to: ["a@example.com"], subject: "Hi", text: "Body" }),
    });
    expect(bare.status).toBe(403);
  });

  it("the fake refuses what Resend's reference refuses: unknown fields, a missing subject, over 50 recipients", async () => {
    const fake = createFakeEmailApi("secret");
    const post = (body: unknown) =>
      fake.fetch(fake.url, {
        method: "POST",
        headers: { Authorization: "Bearer secret", "User-Agent": "test", "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const valid = { from: "Acme <offers@mail.acme-homes.com>", to: "a@example.com", subject: "Hi", text: "Body" };
    expect((await post(valid)).status).toBe(200);
    expect(await (await post({ ...valid, replyTo: "b@example.com" })).json()).toMatchObject({ statusCode: 422, name: "validation_error" });
    const { subject: _subject, ...noSubject } = valid;
    expect(await (await post(noSubject)).json()).toMatchObject({ statusCode: 422, name: "missing_required_field" });
    const many = Array.from({ length: 51 }, (_, index) => `r${index}@example.com`);
    expect((await post({ ...valid, to: many })).status).toBe(422);
    expect((await post({ ...valid, from: "not an address" })).status).toBe(422);
    expect(fake.sent).toHaveLength(1);
  });

  it("refuses an answer without a message id, or one that is not JSON, as a ProviderError", async () => {
    const answers = [Response.json({ id: 42 }), Response.json(null), new Response("<html>ok</html>", { status: 200 })];
    const fetcher = async () => answers.shift() ?? Response.json({});
    const email = createHttpEmail({ url: "https://email.fake.test/emails", apiKey: "k", from: "no-reply@breeze.example", fetch: fetcher });
    const send = () => email.send({ to: "a@example.com", subject: "Hi", text: "Body" }).catch((error: unknown) => error);
    expect(await send()).toMatchObject({ name: "ProviderError", message: "email: answer had no message id" });
    expect(await send()).toMatchObject({ name: "ProviderError", message: "email: answer had no message id" });
    expect(await send()).toMatchObject({ name: "ProviderError", message: "email: answer was not JSON" });
  });

  it("reads the service's message from either error shape, and the status text otherwise", async () => {
    const answers = [
      Response.json({ error: { message: "Domain not verified" } }, { status: 403 }),
      Response.json({ error: 7, message: "Too many requests" }, { status: 429, statusText: "Too Many Requests" }),
      new Response("oops", { status: 502, statusText: "Bad Gateway" }),
    ];
    const fetcher = async () => answers.shift() ?? Response.json({});
    const email = createHttpEmail({ url: "https://email.fake.test/emails", apiKey: "k", from: "no-reply@breeze.example", fetch: fetcher });
    const send = () => email.send({ to: "a@example.com", subject: "Hi", text: "Body" }).catch((error: unknown) => error);
    expect(await send()).toMatchObject({ message: "email: HTTP 403: Domain not verified", status: 403 });
    expect(await send()).toMatchObject({ message: "email: HTTP 429: Too many requests", status: 429 });
    expect(await send()).toMatchObject({ message: "email: HTTP 502: Bad Gateway", status: 502 });
  });

  it("gives up after its timeout", async () => {
    const fake = createFakeEmailApi("secret", { delayMs: 2_000 });
    const email = createHttpEmail({ url: fake.url, apiKey: "secret", from: "no-reply@breeze.example", fetch: fake.fetch, timeoutMs: 50 });
    await expect(email.send({ to: "a@example.com", subject: "Hi", text: "Body" })).rejects.toThrow(
      "email: request failed (timed out after 50 ms)",
    );
    expect(fake.sent).toHaveLength(0);
  });
});

describe("local mail", () => {
  it("queues the letter with a tracking id, keeps the PDF in R2 under the user's prefix, and never mails twice", async () => {
    const [user] = await db
      .insert(users)
      .values({ email: `m-${crypto.randomUUID()}@example.com` })
      .returning();
    const { providers } = testContext();
    const letter = await letterFor(user.id);
    const first = await providers.mail.sendLetter(letter);
    const retry = await providers.mail.sendLetter(letter);
    expect(first.trackingId).toMatch(/^ltr_local_[0-9a-f]{32}$/);
    expect(retry.trackingId).toBe(first.trackingId);

    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipientName: "Pat Owner",
      recipientAddress: "123 W Maple Ave, Phoenix, AZ 85004",
      offerAmount: 175000,
    });
    expect(rows[0].pdfKey).toBe(`users/${user.id}/mail/${first.trackingId}.pdf`);
    const stored = await env.FILES.get(rows[0].pdfKey!);
    expect(new TextDecoder().decode((await stored!.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });
});

describe("Lob client against a fake Lob", () => {
  it("posts the letter as multipart with the PDF and addresses and returns Lob's letter id", async () => {
    const fake = createFakeLob("test_abc");
    const lob = createLobMail({ apiKey: "test_abc", baseUrl: "https://lob.fake.test", fetch: fake.fetch });
    const receipt = await lob.sendLetter(await letterFor("user-1", "key-1"));
    expect(receipt).toEqual({ trackingId: fake.letters[0].id, provider: "lob", expectedDeliveryDate: "2026-12-01" });
    expect(fake.letters[0].fields).toMatchObject({
      "to[name]": "Pat Owner",
      "to[address_line1]": "123 W Maple Ave",
      "to[address_city]": "Phoenix",
      "to[address_state]": "AZ",
      "to[address_zip]": "85004",
      "from[name]": "Acme Homes",
      use_type: "marketing",
    });
    expect(fake.letters[0].idempotencyKey).toBe("key-1");
  });

  it("sends the idempotency key so a retry answers the first letter instead of mailing again", async () => {
    const fake = createFakeLob("test_abc");
    const lob = createLobMail({ apiKey: "test_abc", baseUrl: "https://lob.fake.test", fetch: fake.fetch });
    const letter = await letterFor("user-1", "same-key");
    const first = await lob.sendLetter(letter);
    const second = await lob.sendLetter(letter);
    expect(second.trackingId).toBe(first.trackingId);
    expect(fake.letters).toHaveLength(1);
  });

  it("splits a name over Lob's 40 characters between its name and company lines, and sends a User-Agent", async () => {
    const fake = createFakeLob("test_abc");
    const lob = createLobMail({ apiKey: "test_abc", baseUrl: "https://lob.fake.test", fetch: fake.fetch });
    const letter = await letterFor("user-1");
    const trust = "The Margaret A. Wilkinson Revocable Living Trust Dated 2004";
    await lob.sendLetter({ ...letter, to: { ...letter.to, name: trust } });
    expect(fake.letters[0].fields).toMatchObject({
      "to[name]": "The Margaret A. Wilkinson Revocable",
      "to[company]": "Living Trust Dated 2004",
    });
    expect(fake.requests[0].userAgent).toBe(PROVIDER_USER_AGENT);
  });

  it("mails from a stored company name too long for Lob's two lines, cut at a word (ADR 052), not refused", async () => {
    const fake = createFakeLob("test_abc");
    const lob = createLobMail({ apiKey: "test_abc", baseUrl: "https://lob.fake.test", fetch: fake.fetch });
    const letter = await letterFor("user-1");
    const company = "Southwest Residential Property Acquisitions and Holdings Group of Greater Phoenix Arizona LLC";
    await lob.sendLetter({ ...letter, from: { ...letter.from!, name: company } });
    expect(fake.letters[0].fields).toMatchObject({
      "from[name]": "Southwest Residential Property",
      "from[company]": "Acquisitions and Holdings Group of",
    });
  });

  it("refuses, before calling Lob, an address Lob would refuse — with a message naming what to fix", async () => {
    const fake = createFakeLob("test_abc");
    const lob = createLobMail({ apiKey: "test_abc", baseUrl: "https://lob.fake.test", fetch: fake.fetch });
    const letter = await letterFor("user-1");
    const tooLong = `${"Wilkinson".repeat(5)} ${"Hargreaves".repeat(5)}`;
    await expect(lob.sendLetter({ ...letter, to: { ...letter.to, name: tooLong } })).rejects.toThrow(
      /^lob: the recipient's name cannot be mailed: the name is longer than two lines of 40 characters$/,
    );
    const street = "12345 North Scottsdale Road, Building C, Suite 1200, Attention Acquisitions";
    await expect(lob.sendLetter({ ...letter, from: { ...letter.from!, line1: street } })).rejects.toThrow(
      /the return address cannot be mailed: an address line is longer than 64 characters/,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("the fake refuses what Lob's OpenAPI refuses, with Lob's error codes", async () => {
    const fake = createFakeLob("test_abc");
    const post = async (form: FormData, headers: Record<string, string> = { "Idempotency-Key": crypto.randomUUID() }) => {
      const response = await fake.fetch("https://lob.fake.test/v1/letters", {
        method: "POST",
        headers: { Authorization: `Basic ${btoa("test_abc:")}`, ...headers },
        body: form,
      });
      return { status: response.status, error: response.ok ? null : ((await response.json()) as { error: { code: string } }).error.code };
    };
    expect(await post(await lobForm())).toEqual({ status: 200, error: null });
    expect(await post(await lobForm({ "to[name]": "x".repeat(41) }))).toEqual({ status: 422, error: "address_length_exceeds_limit" });
    expect(await post(await lobForm({ "from[name]": "x".repeat(41) }))).toEqual({ status: 422, error: "address_length_exceeds_limit" });
    expect(await post(await lobForm({ "to[address_line1]": "x".repeat(65) }))).toEqual({
      status: 422,
      error: "address_length_exceeds_limit",
    });
    expect(await post(await lobForm({ "to[address_zip]": "8500" }))).toEqual({ status: 422, error: "invalid" });
    expect(await post(await lobForm({ "from[name]": undefined }))).toEqual({ status: 422, error: "invalid" });
    expect(await post(await lobForm({ "from[address_city]": undefined }))).toEqual({ status: 422, error: "invalid" });
    expect(await post(await lobForm({ "to[zip]": "85004" }))).toEqual({ status: 422, error: "invalid" });
    expect(await post(await lobForm({ return_address: "yes" }))).toEqual({ status: 422, error: "invalid" });
    expect(await post(await lobForm({ use_type: undefined }))).toEqual({ status: 422, error: "mail_use_type_can_not_be_null" });
    expect(await post(await lobForm({ color: undefined }))).toEqual({ status: 422, error: "invalid" });
    expect(await post(await lobForm({ description: "x".repeat(256) }))).toEqual({ status: 422, error: "invalid" });
    expect(await post(await lobForm(), {})).toEqual({ status: 422, error: "invalid" });
    expect(await post(await lobForm({}, new Blob(["<html>hi</html>"], { type: "text/html" })))).toEqual({
      status: 422,
      error: "invalid_file",
    });
    const a4 = await PDFDocument.create();
    a4.addPage([595, 842]);
    expect(await post(await lobForm({}, new Blob([new Uint8Array(await a4.save())])))).toEqual({
      status: 422,
      error: "invalid_file_dimensions",
    });
    const unembedded = await PDFDocument.create();
    unembedded.addPage([612, 792]);
    unembedded.context.register(unembedded.context.obj({ Type: "Font", Subtype: "TrueType", BaseFont: "Arial" }));
    expect(await post(await lobForm({}, new Blob([new Uint8Array(await unembedded.save())])))).toEqual({
      status: 422,
      error: "unembedded_fonts",
    });
    expect(fake.letters).toHaveLength(1);
  });

  it("reads Lob's documented letter answer (its example's fields and types, written out by hand)", async () => {
    // Lob OpenAPI resources/letters/responses/letter.yml: the letter object, with nullable fields as null.
    const documented = {
      id: "ltr_4868c3b754655f90",
      description: "Demo Letter",
      metadata: {},
      to: { id: "adr_d3489cd64c791ab5", name: "PAT OWNER", company: null, address_line1: "123 W MAPLE AVE", address_line2: null },
      from: { id: "adr_b8fb5acf3a2b55db", name: "ACME HOMES", company: null, address_line1: "1 CENTER ST", address_line2: null },
      color: false,
      double_sided: true,
      address_placement: "top_first_page",
      return_envelope: false,
      perforated_page: null,
      custom_envelope: null,
      extra_service: null,
      mail_type: "usps_first_class",
      url: "https://lob-assets.example/letters/ltr_4868c3b754655f90.pdf",
      carrier: "USPS",
      tracking_number: null,
      tracking_events: [],
      thumbnails: [],
      merge_variables: null,
      expected_delivery_date: "2026-12-04",
      date_created: "2026-11-25T15:54:53.346Z",
      date_modified: "2026-11-25T15:54:53.346Z",
      send_date: "2026-11-25T15:54:53.346Z",
      use_type: "marketing",
      fsc: false,
      sla: "2",
      object: "letter",
    };
    const lob = createLobMail({ apiKey: "k", baseUrl: "https://lob.fake.test", fetch: async () => Response.json(documented) });
    expect(await lob.sendLetter(await letterFor("user-1"))).toEqual({
      trackingId: "ltr_4868c3b754655f90",
      provider: "lob",
      expectedDeliveryDate: "2026-12-04",
    });
  });

  it("reports Lob's own error message on failure", async () => {
    const fake = createFakeLob("test_abc");
    const lob = createLobMail({ apiKey: "wrong", baseUrl: "https://lob.fake.test", fetch: fake.fetch });
    await expect(lob.sendLetter(await letterFor("user-1"))).rejects.toThrow("lob: HTTP 401: Your API key is not valid.");
  });
});
