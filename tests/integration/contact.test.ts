import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { contactMessages, emailOutbox, users } from "#db/schema.ts";
import { action as apiAction, loader as apiLoader } from "#app/routes/api.contact.ts";
import { action as formAction, loader as formLoader } from "#app/routes/contact-us.tsx";
import { loader as outboxLoader } from "#app/routes/dev.outbox.tsx";
import { createSession, SESSION_COOKIE } from "#app/services/accounts/session.server.ts";
import { foundWorkspace } from "#app/services/workspaces/founding.server.ts";

import { ApiClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

const MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Invalid email address",
  phone: "Valid phone number required",
  message: "Message must be at least 10 characters",
};
const THANK_YOU = "Thank you! We'll get back to you within the next business day.";
const THROTTLED = "Too many messages. Please try again later.";

let ipCounter = 0;
/** A fresh client IP per test, so throttle windows never leak from one test into another. */
const freshIp = () => `203.0.113.${++ipCounter}`;

function valid(overrides: Record<string, string> = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  return {
    name: `Pat Seller ${tag}`,
    email: `pat-${tag}@example.com`,
    phone: "(602) 555-0123",
    message: "I have a duplex in Phoenix I would like to sell quickly.",
    ...overrides,
  };
}

/** POST /api/contact from a client at `ip` (a fresh one per call unless given). */
async function postApi(body: unknown, { ip = freshIp(), context = testContext(), headers = {} as Record<string, string> } = {}) {
  return new ApiClient(context, ip).call(apiAction, "POST", "/api/contact", body, { headers });
}

type FormResult = {
  status: "invalid" | "failed" | "sent";
  message: string | null;
  result: { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
};

/** Posts the page's form; answers the HTTP status and the action's data (Remix's `data()` or a plain object). */
async function postForm(fields: Record<string, string>, { ip = freshIp(), context = testContext() } = {}) {
  const response = await new ApiClient(context, ip).send(formAction, "POST", "/contact-us", { form: fields });
  return { httpStatus: response.status, ...((await response.json()) as FormResult) };
}

async function storedFrom(email: string) {
  return db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/contact", () => {
  it("stores a valid message, answers the thank-you and emails a notice with all four fields to support", async () => {
    const input = valid();
    const context = testContext();
    const answer = await postApi(input, { context });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: THANK_YOU });

    const [stored] = await storedFrom(input.email);
    expect(stored).toMatchObject({ name: input.name, email: input.email, phone: "+16025550123", message: input.message, userId: null });

    const [notice] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `New contact message from ${input.name}`));
    expect(notice.toAddress).toBe(context.config.SUPPORT_EMAIL);
    for (const value of [input.name, input.email, input.phone, input.message]) expect(notice.textBody).toContain(value);
  });

  it("answers 400 with every field's message from the spec and stores nothing", async () => {
    const input = { name: "A", email: `not-an-email-${crypto.randomUUID()}`, phone: "555-0123", message: "Too short" };
    const answer = await postApi(input);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toEqual(expect.any(String));
    expect(answer.body.errors).toEqual({
      name: [MESSAGES.name],
      email: [MESSAGES.email],
      phone: [MESSAGES.phone],
      message: [MESSAGES.message],
    });
    expect(await storedFrom(input.email)).toHaveLength(0);
  });

  it("answers the same messages when the fields are missing altogether", async () => {
    const answer = await postApi({});
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      name: [MESSAGES.name],
      email: [MESSAGES.email],
      phone: [MESSAGES.phone],
      message: [MESSAGES.message],
    });
  });

  it("does not count invalid submissions against the sender's limit", async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) expect((await postApi({ name: "A" }, { ip })).status).toBe(400);
    expect((await postApi(valid(), { ip })).status).toBe(200);
  });

  it("answers 429 after 5 messages from one IP, storing none beyond the fifth", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await postApi(valid(), { ip })).status).toBe(200);
    const sixth = valid();
    const answer = await postApi(sixth, { ip });
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ success: false, message: THROTTLED });
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await storedFrom(sixth.email)).toHaveLength(0);
    // Another IP is not affected.
    expect((await postApi(valid())).status).toBe(200);
  });

  it("lets the sender write again once the hour has passed", async () => {
    const ip = freshIp();
    const start = Date.now();
    const at = (ms: number) => ({ ...testContext(), now: () => new Date(start + ms) });
    for (let i = 0; i < 5; i++) await postApi(valid(), { ip, context: at(0) });
    expect((await postApi(valid(), { ip, context: at(30 * 60_000) })).status).toBe(429);
    expect((await postApi(valid(), { ip, context: at(61 * 60_000) })).status).toBe(200);
  });

  it("still stores the message and answers success when the email provider fails", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const base = testContext();
    const context = {
      ...base,
      providers: {
        ...base.providers,
        email: {
          name: "http" as const,
          send: () => Promise.reject(new Error("email API is down")),
          sendBatch: () => Promise.reject(new Error("email API is down")),
        },
      },
    };
    const input = valid();
    const answer = await postApi(input, { context });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(await storedFrom(input.email)).toHaveLength(1);
    expect(logged).toHaveBeenCalled();
  });

  it("records the signed-in user with the message", async () => {
    const context = testContext();
    const [user] = await db
      .insert(users)
      .values({ email: `member-${crypto.randomUUID()}@example.com`, fullName: "Member One" })
      .returning({ id: users.id });
    await db.batch(foundWorkspace({ db }, { userId: user.id, name: "Member One" }));
    const { token } = await createSession({ db, now: () => new Date() }, user.id, { remember: false });
    const input = valid();
    const answer = await postApi(input, { context, headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(answer.status).toBe(200);
    const [stored] = await storedFrom(input.email);
    expect(stored.userId).toBe(user.id);
  });

  it("answers 405 to GET and other methods", async () => {
    const get = await new ApiClient().send(apiLoader, "GET", "/api/contact");
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ success: false });
    const put = await new ApiClient().send(apiAction, "PUT", "/api/contact", { body: "{}" });
    expect(put.status).toBe(405);
  });
});

describe("the Contact Us form action", () => {
  it("renders every field's message from the spec for bad input and stores nothing", async () => {
    const input = { name: "A", email: `nope-${crypto.randomUUID()}`, phone: "123", message: "short" };
    const answer = await postForm(input);
    expect(answer.httpStatus).toBe(400);
    expect(answer.status).toBe("invalid");
    expect(answer.result.error).toEqual({
      name: [MESSAGES.name],
      email: [MESSAGES.email],
      phone: [MESSAGES.phone],
      message: [MESSAGES.message],
    });
    // What the visitor typed comes back, so a page without JavaScript shows it again.
    expect(answer.result.initialValue).toMatchObject(input);
    expect(await storedFrom(input.email)).toHaveLength(0);
  });

  it("gives the same messages for an empty form", async () => {
    const answer = await postForm({ name: "", email: "", phone: "", message: "" });
    expect(answer.result.error).toEqual({
      name: [MESSAGES.name],
      email: [MESSAGES.email],
      phone: [MESSAGES.phone],
      message: [MESSAGES.message],
    });
  });

  it("stores a valid message, emails support and resets the form", async () => {
    const context = testContext();
    const input = valid();
    const answer = await postForm(input, { context });
    expect(answer.httpStatus).toBe(200);
    expect(answer.status).toBe("sent");
    expect(answer.result.initialValue ?? null).toBeNull();
    expect(await storedFrom(input.email)).toHaveLength(1);
    const notices = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `New contact message from ${input.name}`));
    expect(notices.map((notice) => notice.toAddress)).toEqual([context.config.SUPPORT_EMAIL]);
  });

  it("answers 429 with the throttle message as a form-level failure, keeping what was typed", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await postForm(valid(), { ip })).status).toBe("sent");
    const input = valid();
    const answer = await postForm(input, { ip });
    expect(answer.httpStatus).toBe(429);
    expect(answer).toMatchObject({ status: "failed", message: THROTTLED });
    expect(answer.result.initialValue).toMatchObject({ name: input.name });
    expect(await storedFrom(input.email)).toHaveLength(0);
  });

  it("shares one limit with the API: both count against the same IP", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await postApi(valid(), { ip });
    for (let i = 0; i < 2; i++) await postForm(valid(), { ip });
    expect((await postForm(valid(), { ip })).httpStatus).toBe(429);
  });

  it("gives the page the support address", async () => {
    const context = testContext();
    const data = await new ApiClient(context).load(formLoader, "/contact-us");
    expect(data).toEqual({ supportEmail: context.config.SUPPORT_EMAIL });
  });
});

describe("the development email outbox page", () => {
  const open = (context: AppLoadContext) => new ApiClient(context).send(outboxLoader, "GET", "/dev/outbox");

  it("does not exist in production", async () => {
    const response = await open(testContext({ APP_ENV: "production" }));
    expect(response.status).toBe(404);
  });

  it("does not exist when real email is configured", async () => {
    const response = await open(
      testContext({
        EMAIL: "http",
        EMAIL_API_URL: "https://email.fake.test/emails",
        EMAIL_API_KEY: "k",
        EMAIL_FROM: "no-reply@mail.acme-homes.com",
      }),
    );
    expect(response.status).toBe(404);
  });

  it("lists the local outbox newest first, with the contact notice", async () => {
    const context = testContext();
    const older = valid();
    const newer = valid();
    await postApi(older, { context: { ...context, now: () => new Date(Date.now() - 60_000) } });
    await postApi(newer, { context });
    const page = await new ApiClient(context).load<{ emails: { to: string; subject: string; text: string; createdAt: string }[] }>(
      outboxLoader,
      "/dev/outbox",
    );
    const subjects = page.emails.map((email) => email.subject);
    expect(subjects).toContain(`New contact message from ${newer.name}`);
    const notice = page.emails.find((email) => email.subject === `New contact message from ${newer.name}`)!;
    expect(notice).toMatchObject({ to: context.config.SUPPORT_EMAIL });
    expect(notice.text).toContain(newer.message);
    const times = page.emails.map((email) => Date.parse(email.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
