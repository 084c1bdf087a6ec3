// Resend's documented `POST /emails` (tests/fakes/resend-examples.ts names each source) against our client: the
// request has the documented fields and headers, the documented answers are read, and a `Name <address>` sender goes
// through the fake as Resend takes it.
import { describe, expect, it } from "vitest";

import { createHttpEmail } from "#app/providers/email/http.server.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { createFakeEmailApi } from "#tests/fakes/email.ts";
import {
  RESEND_ERROR_EXAMPLE,
  RESEND_MAX_TO,
  RESEND_REQUIRED_FIELDS,
  RESEND_SEND_EMAIL_FIELDS,
  RESEND_SENT_EXAMPLE,
} from "#tests/fakes/resend-examples.ts";

const RESEND_URL = "https://api.resend.com/emails";
const FROM = "Breeze <no-reply@mail.acme-homes.com>";

/** A fetch that keeps the request and answers one scripted body with a status. */
function answering(body: unknown, status = 200) {
  const sent: Request[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    sent.push(new Request(input, init));
    return Response.json(body, { status });
  };
  return { sent, fetch };
}

describe("Resend's documented Send Email", () => {
  it("sends the documented fields with Bearer auth, JSON and a User-Agent, and reads the documented { id }", async () => {
    const { sent, fetch } = answering(RESEND_SENT_EXAMPLE);
    const email = createHttpEmail({ url: RESEND_URL, apiKey: "re_key", from: FROM, fetch });
    const { id } = await email.send({ to: "seller@example.net", subject: "Your offer", text: "Hello", html: "<p>Hello</p>" });
    expect(id).toBe(RESEND_SENT_EXAMPLE.id);

    const [request] = sent;
    expect([request!.method, request!.url]).toEqual(["POST", RESEND_URL]);
    expect(request!.headers.get("Authorization")).toBe("Bearer re_key");
    expect(request!.headers.get("Content-Type")).toBe("application/json");
    expect(request!.headers.get("User-Agent")).toMatch(/\S/);
    const body = (await request!.json()) as Record<string, unknown>;
    expect(Object.keys(body).filter((key) => !(RESEND_SEND_EMAIL_FIELDS as readonly string[]).includes(key))).toEqual([]);
    for (const field of RESEND_REQUIRED_FIELDS) expect(body[field], field).toBeTruthy();
    expect(body).toEqual({ from: FROM, to: ["seller@example.net"], subject: "Your offer", text: "Hello", html: "<p>Hello</p>" });
    expect((body.to as string[]).length).toBeLessThanOrEqual(RESEND_MAX_TO);
  });

  it("turns the documented error body { statusCode, name, message } into a ProviderError with its message", async () => {
    const { fetch } = answering(RESEND_ERROR_EXAMPLE, RESEND_ERROR_EXAMPLE.statusCode);
    const email = createHttpEmail({ url: RESEND_URL, apiKey: "re_key", from: FROM, fetch });
    const failure = await email.send({ to: "seller@example.net", subject: "Hi", text: "Body" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ message: "email: HTTP 422: Missing `from` field.", status: 422 });
  });

  it("takes a `Name <address>` sender through the fake as written, and the fake refuses one whose address is bad", async () => {
    const fake = createFakeEmailApi("re_key");
    await createHttpEmail({ url: fake.url, apiKey: "re_key", from: FROM, fetch: fake.fetch }).send({
      to: "seller@example.net",
      subject: "Hi",
      text: "Body",
    });
    expect(fake.sent.map((message) => message.from)).toEqual([FROM]);

    const bad = createHttpEmail({ url: fake.url, apiKey: "re_key", from: "Breeze <no-reply>", fetch: fake.fetch });
    const failure = await bad.send({ to: "seller@example.net", subject: "Hi", text: "Body" }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 422, message: expect.stringMatching(/Invalid `from` field/) });
    expect(fake.sent).toHaveLength(1);
  });
});
