// Account security: concurrent writes, development-only doors, smaller items, the hourly sweep.
import { waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { passwordResetTokens, sessions } from "#db/schema.ts";
import { action as forgot } from "#app/routes/api.auth.forgot.ts";
import { action as login } from "#app/routes/api.auth.login.ts";
import { action as register } from "#app/routes/api.auth.register.ts";
import { loader as currentUser } from "#app/routes/api.auth.user.ts";
import { loader as health } from "#app/routes/api.health.ts";
import { action as signup } from "#app/routes/api.signup.ts";
import { action as userInfo } from "#app/routes/api.user.ts";
import { loader as outbox } from "#app/routes/dev.outbox.tsx";
import { action as registerPage } from "#app/routes/register.tsx";
import { clientIp } from "#app/services/http/request.server.ts";

import { db, mailsTo, uniqueEmail } from "./account-security-setup.ts";
import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";

describe("concurrent writes answer 409, never 500", () => {
  const body = (email: string) => ({
    full_name: "Pat Quinn",
    email,
    mobile: "(602) 555-0123",
    password: "sunny2026",
    confirm_password: "sunny2026",
    company: { company_name: "Quinn LLC", offer_contact_email: email, offer_contact_phone: "(602) 555-0123" },
  });

  it("two parallel registrations of one email: 201 and 409", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all([
      new ApiClient().call(register, "POST", "/api/auth/register", body(email)),
      new ApiClient().call(register, "POST", "/api/auth/register", body(email)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it("two parallel sign-ups of one email: 201 and 409", async () => {
    const email = uniqueEmail("race2");
    const post = () => new ApiClient().call(signup, "POST", "/api/signup", { email, password: "sunny2026", firstName: "A", lastName: "B" });
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it("two accounts changing to one address at once: 200 and 409", async () => {
    const [a, b] = await Promise.all([registerClient("racer-a"), registerClient("racer-b")]);
    const target = uniqueEmail("target");
    const change = (client: ApiClient) =>
      client.call(userInfo, "PATCH", "/api/user", {
        fullName: "Pat Quinn",
        email: target,
        mobileE164: "6025550123",
        currentPassword: "sunny2026",
      });
    const answers = await Promise.all([change(a.client), change(b.client)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
  });
});

describe("development-only doors stay shut elsewhere", () => {
  it("the outbox answers only when the app runs on loopback, whatever APP_ENV says", async () => {
    const deployed = testContext({ APP_ENV: "development", APP_ORIGIN: "https://breeze.example" });
    expect((await new ApiClient(deployed).send(outbox, "GET", "/dev/outbox")).status).toBe(404);
    expect((await new ApiClient().send(outbox, "GET", "https://breeze.example/dev/outbox")).status).toBe(404);
    expect((await new ApiClient().send(outbox, "GET", "/dev/outbox")).status).toBe(200);
  });

  it("/api/health runs its deep checks only with the health token, and touches nothing without it", async () => {
    const token = "h".repeat(40);
    const context = testContext({ APP_ORIGIN: "https://breeze.example", HEALTH_TOKEN: token });
    const ask = (headers: Record<string, string> = {}) =>
      new ApiClient(context).send(health, "GET", "https://breeze.example/api/health", { headers });
    let r2Writes = 0;
    const put = context.files.put.bind(context.files);
    context.files = {
      ...context.files,
      put: (...args: Parameters<R2Bucket["put"]>) => (r2Writes++, put(...args)),
      get: context.files.get.bind(context.files),
      delete: context.files.delete.bind(context.files),
    } as R2Bucket;

    const anonymous = await ask();
    expect(await anonymous.json()).toEqual({ ok: true });
    expect(await (await ask({ Authorization: "Bearer wrong" })).json()).toEqual({ ok: true });
    expect(r2Writes).toBe(0);

    const deep = (await (await ask({ Authorization: `Bearer ${token}` })).json()) as { checks: Record<string, { ok: boolean }> };
    expect(Object.keys(deep.checks).sort()).toEqual(["d1", "durableObject", "r2"]);
    expect(r2Writes).toBe(1);
  });

  it("forgot-password answers before the email is sent", async () => {
    const { email } = await registerClient("early");
    const context = testContext();
    const before = (await mailsTo(email)).length;
    const response = await new ApiClient(context).send(forgot, "POST", "/api/auth/forgot", { json: { email }, settle: false });
    expect(response.status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(before);
    await waitOnExecutionContext(context.cloudflare.ctx as ExecutionContext);
    expect(await mailsTo(email)).toHaveLength(before + 1);
  });
});

describe("smaller items", () => {
  it("takes the client IP only from Cloudflare's header, never X-Real-IP", () => {
    expect(clientIp(new Request("http://127.0.0.1/", { headers: { "X-Real-IP": "203.0.113.7" } }))).toBeNull();
    expect(clientIp(new Request("http://127.0.0.1/", { headers: { "CF-Connecting-IP": "203.0.113.7" } }))).toBe("203.0.113.7");
  });

  it("registration's second step never carries the password back to the page", async () => {
    const email = uniqueEmail("draft");
    const password = "Sunny2026secret";
    const visitor = new ApiClient();
    const step1 = await visitor.send(registerPage, "POST", "/register", {
      form: { intent: "next", full_name: "Pat Quinn", email, mobile: "6025550123", password, confirm_password: password },
    });
    const text = await step1.text();
    expect(text).not.toContain(password);
    const draft = (JSON.parse(text) as { values: { draft: string } }).values.draft;
    expect(draft).toMatch(/^[a-z2-7]{32}$/);

    const step2 = await visitor.send(registerPage, "POST", "/register", {
      form: {
        intent: "register",
        draft,
        full_name: "Pat Quinn",
        email,
        mobile: "6025550123",
        company_name: "Quinn LLC",
        offer_contact_email: email,
        offer_contact_phone: "6025550123",
        address_country: "US",
      },
    });
    expect(step2.status).toBe(200);
    expect(await step2.text()).not.toContain(password);
    expect((await new ApiClient().call(login, "POST", "/api/auth/login", { email, password })).status).toBe(200);
  });
});

describe("the hourly sweep", () => {
  it("deletes expired sessions, stale links, old drafts and passed throttle windows, and keeps what still works", async () => {
    const { client, email, userId } = await registerClient("sweep");
    await new ApiClient().call(forgot, "POST", "/api/auth/forgot", { email });
    const { sweepExpired } = await import("#app/services/platform/maintenance.server.ts");
    const countFor = async () => ({
      sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).length,
      resetLinks: (await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))).length,
    });

    // Now: the session and the reset link are alive; nothing of this user goes.
    await sweepExpired({ db, now: () => new Date() });
    expect(await countFor()).toEqual({ sessions: 1, resetLinks: 1 });
    expect((await client.call(currentUser, "GET", "/api/auth/user")).status).toBe(200);

    // Two days on: the 1-day session and the 60-minute link have expired and are gone.
    const swept = await sweepExpired({ db, now: () => new Date(Date.now() + 2 * 24 * 3_600_000) });
    expect(await countFor()).toEqual({ sessions: 0, resetLinks: 0 });
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.throttleRows).toBeGreaterThanOrEqual(1);
  });
});
