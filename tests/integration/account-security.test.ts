// The security-hardening guarantees of accounts: email verification, throttles that hold under parallel requests,
// re-authentication for sensitive changes, races that answer 409, and development-only doors. Each test here
// failed on the code before the hardening.
import { env, waitOnExecutionContext } from "cloudflare:test";
import { and, desc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { contactMessages, emailOutbox, passwordResetTokens, sessions, users } from "#db/schema.ts";
import { action as changePassword } from "#app/routes/api.auth.change-password.ts";
import { action as forgot } from "#app/routes/api.auth.forgot.ts";
import { action as login } from "#app/routes/api.auth.login.ts";
import { action as register } from "#app/routes/api.auth.register.ts";
import { action as reset } from "#app/routes/api.auth.reset.ts";
import { loader as currentUser } from "#app/routes/api.auth.user.ts";
import { action as contact } from "#app/routes/api.contact.ts";
import { loader as health } from "#app/routes/api.health.ts";
import { action as signup } from "#app/routes/api.signup.ts";
import { action as userInfo } from "#app/routes/api.user.ts";
import { loader as outbox } from "#app/routes/dev.outbox.tsx";
import { action as registerPage } from "#app/routes/register.tsx";
import { loader as verifyEmailLoader } from "#app/routes/verify-email.tsx";
import { BROWSER_ABSOLUTE_MS, REMEMBER_MS, withCookies } from "#app/services/accounts/session.server.ts";
import { clientIp } from "#app/services/http/request.server.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";

const db = createDb(env.DB);
const uniqueEmail = (prefix = "sec") => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function mailsTo(email: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt));
}

async function verificationLink(email: string) {
  const mails = await mailsTo(email);
  const match = mails.map((m) => /https?:\/\/\S+\/verify-email\?token=([a-z2-7]+)/.exec(m.textBody)).find(Boolean);
  expect(match, `a verification link to ${email}`).toBeTruthy();
  return match![1];
}

async function userByEmail(email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

describe("email verification", () => {
  it("starts unverified, sends a link at registration, and only the link verifies the address", async () => {
    const { client, email } = await registerClient("verify");
    expect((await userByEmail(email))!.emailVerified).toBe(false);
    expect((await client.call(currentUser, "GET", "/api/auth/user")).body).toMatchObject({ emailVerified: false });

    const token = await verificationLink(email);
    const context = testContext();
    const visitor = new ApiClient(context);
    const answer = await visitor.send(verifyEmailLoader, "GET", `/verify-email?token=${token}`);
    expect(answer.status).toBe(302);
    expect((await userByEmail(email))!.emailVerified).toBe(true);

    // Single use.
    const again = await visitor.load<{ message: string }>(verifyEmailLoader, `/verify-email?token=${token}`);
    expect(again.message).toMatch(/invalid or has expired/);
  });

  it("does not count a password reset as verification", async () => {
    const { email } = await registerClient("reset-verify");
    await new ApiClient().call(forgot, "POST", "/api/auth/forgot", { email });
    const mail = (await mailsTo(email)).find((m) => m.subject === "Reset your Breeze password");
    const token = /reset-password\?token=([a-z2-7]+)/.exec(mail!.textBody)![1];
    const done = await new ApiClient().call(reset, "POST", "/api/auth/reset", {
      token,
      password: "breeze2027",
      confirmPassword: "breeze2027",
    });
    expect(done.status).toBe(200);
    expect((await userByEmail(email))!.emailVerified).toBe(false);
  });

  it("sends a link at the combined page's sign-up too", async () => {
    const email = uniqueEmail("signup");
    const answer = await new ApiClient().call(signup, "POST", "/api/signup", {
      email,
      password: "sunny2026",
      firstName: "Ada",
      lastName: "Stone",
    });
    expect(answer.status).toBe(201);
    await verificationLink(email);
    expect((await userByEmail(email))!.emailVerified).toBe(false);
  });

  it("resets verification on an email change; a link to the old address cannot verify the new one", async () => {
    const { client, email } = await registerClient("change");
    const oldToken = await verificationLink(email);
    const newEmail = uniqueEmail("moved");
    const changed = await client.call(userInfo, "PATCH", "/api/user", {
      fullName: "Pat Quinn",
      email: newEmail,
      mobileE164: "6025550123",
      currentPassword: "sunny2026",
    });
    expect(changed.status).toBe(200);
    expect((await userByEmail(newEmail))!.emailVerified).toBe(false);

    const stale = await new ApiClient().load<{ message: string }>(verifyEmailLoader, `/verify-email?token=${oldToken}`);
    expect(stale.message).toMatch(/invalid or has expired/);
    expect((await userByEmail(newEmail))!.emailVerified).toBe(false);

    const fresh = await verificationLink(newEmail);
    expect((await new ApiClient().send(verifyEmailLoader, "GET", `/verify-email?token=${fresh}`)).status).toBe(302);
    expect((await userByEmail(newEmail))!.emailVerified).toBe(true);
  });
});

describe("throttles hold under parallel requests", () => {
  // Bursts come from TEST-NET-3 addresses, apart from registerClient's random 198.51.100.x, so they never share a bucket.
  it("lets at most 10 of 20 parallel sign-ups from one client through", async () => {
    const client = new ApiClient(testContext(), "203.0.113.1");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.call(signup, "POST", "/api/signup", {
          email: uniqueEmail(`burst${i}`),
          password: "sunny2026",
          firstName: "Ada",
          lastName: "Stone",
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  }, 60_000);

  it("throttles probing for existing emails through sign-up like sign-in", async () => {
    const { email } = await registerClient("probe");
    const prober = new ApiClient(testContext(), "203.0.113.2");
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await prober.call(signup, "POST", "/api/signup", { email, password: "sunny2026", firstName: "A", lastName: "B" }));
    expect(answers.slice(0, 10).every((a) => a.status === 409)).toBe(true);
    expect(answers[10].status).toBe(429);
  }, 30_000);

  it("sends at most 5 reset links for 12 parallel requests for one account", async () => {
    const { email } = await registerClient("resets");
    await Promise.all(Array.from({ length: 12 }, () => new ApiClient().call(forgot, "POST", "/api/auth/forgot", { email })));
    const links = (await mailsTo(email)).filter((m) => m.subject === "Reset your Breeze password");
    expect(links).toHaveLength(5);
  });

  it("stores at most 5 of 10 parallel contact messages from one client", async () => {
    const client = new ApiClient(testContext(), "203.0.113.3");
    const marker = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.call(contact, "POST", "/api/contact", {
          name: "Ada Stone",
          email: uniqueEmail(),
          phone: "6025550123",
          message: `Hello there ${marker}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    const stored = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.message, `Hello there ${marker}`));
    expect(stored).toHaveLength(5);
  });

  it("throttles the current-password check of change-password", async () => {
    const { client } = await registerClient("reauth");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.call(changePassword, "POST", "/api/auth/change-password", { currentPassword: `wrong${i}x`, newPassword: "breeze2027" }),
      ),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(2);
    // Even the right password waits for the window now.
    const right = await client.call(changePassword, "POST", "/api/auth/change-password", {
      currentPassword: "sunny2026",
      newPassword: "breeze2027",
    });
    expect(right.status).toBe(429);
  }, 30_000);
});

describe("sensitive changes re-authenticate", () => {
  it("changes the email only with the current password, and tells the old address", async () => {
    const { client, email } = await registerClient("reauth-email");
    const newEmail = uniqueEmail("new");
    const without = await client.call(userInfo, "PATCH", "/api/user", { fullName: "Pat Quinn", email: newEmail, mobileE164: "6025550123" });
    expect(without).toMatchObject({
      status: 400,
      body: { errors: { currentPassword: ["Enter your current password to change your email"] } },
    });
    const wrong = await client.call(userInfo, "PATCH", "/api/user", {
      fullName: "Pat Quinn",
      email: newEmail,
      mobileE164: "6025550123",
      currentPassword: "nope1234",
    });
    expect(wrong).toMatchObject({ status: 400, body: { errors: { currentPassword: ["Current password is incorrect"] } } });
    expect(await userByEmail(email)).toBeTruthy();

    // A name change alone needs no password.
    expect((await client.call(userInfo, "PATCH", "/api/user", { fullName: "Pat Q", email, mobileE164: "6025550123" })).status).toBe(200);

    const ok = await client.call(userInfo, "PATCH", "/api/user", {
      fullName: "Pat Q",
      email: newEmail,
      mobileE164: "6025550123",
      currentPassword: "sunny2026",
    });
    expect(ok.status).toBe(200);
    const notice = (await mailsTo(email)).find((m) => m.subject === "Your Breeze email address was changed");
    expect(notice?.textBody).toContain(newEmail);
  });

  it("ends every unused reset link on a password change and on an email change", async () => {
    for (const change of ["password", "email"] as const) {
      const { client, email, userId } = await registerClient(`links-${change}`);
      await new ApiClient().call(forgot, "POST", "/api/auth/forgot", { email });
      const unused = () =>
        db
          .select()
          .from(passwordResetTokens)
          .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      expect(await unused()).toHaveLength(1);
      const answer =
        change === "password"
          ? await client.call(changePassword, "POST", "/api/auth/change-password", {
              currentPassword: "sunny2026",
              newPassword: "breeze2027",
            })
          : await client.call(userInfo, "PATCH", "/api/user", {
              fullName: "Pat Quinn",
              email: uniqueEmail(),
              mobileE164: "6025550123",
              currentPassword: "sunny2026",
            });
      expect(answer.status).toBe(200);
      expect(await unused()).toHaveLength(0);
    }
  }, 30_000);

  it("ends the browser's old session when it signs in again", async () => {
    const { client, email } = await registerClient("resign");
    const oldToken = client.cookies.get("breeze_session")!;
    const again = await client.call(login, "POST", "/api/auth/login", { email, password: "sunny2026" });
    expect(again.status).toBe(200);
    expect(client.cookies.get("breeze_session")).not.toBe(oldToken);
    const replay = new ApiClient();
    replay.cookies.set("breeze_session", oldToken);
    expect((await replay.call(currentUser, "GET", "/api/auth/user")).status).toBe(401);
  });

  it("ends a session at its absolute lifetime however active it is", async () => {
    const { client, userId } = await registerClient("absolute");
    const start = Date.now();
    // Active every 11 hours: the sliding expiry alone would keep it alive for ever.
    for (let hours = 11; hours < 7 * 24; hours += 11) {
      client.context.now = () => new Date(start + hours * 3_600_000);
      expect((await client.call(currentUser, "GET", "/api/auth/user")).status).toBe(200);
    }
    client.context.now = () => new Date(start + BROWSER_ABSOLUTE_MS + 60_000);
    expect((await client.call(currentUser, "GET", "/api/auth/user")).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it("re-sends a renewed Remember-me session's cookie with its new lifetime", async () => {
    const { email } = await registerClient("renew");
    const client = new ApiClient();
    await client.call(login, "POST", "/api/auth/login", { email, password: "sunny2026", remember: true });
    const token = client.cookies.get("breeze_session")!;
    // Past half of the 30 days: the session renews and the browser must hear of the new Max-Age.
    client.context.now = () => new Date(Date.now() + REMEMBER_MS * 0.6);
    client.context.responseCookies = [];
    const answer = await client.call(currentUser, "GET", "/api/auth/user");
    expect(answer.status).toBe(200);
    expect(client.context.responseCookies).toHaveLength(1);
    expect(client.context.responseCookies[0]).toMatch(new RegExp(`^breeze_session=${token}; .*Max-Age=2592000`));
    // The Worker entry adds it to whatever the route answered, keeping the route's own cookies.
    const routed = new Response("ok", { headers: { "Set-Cookie": "other=1" } });
    expect(withCookies(routed, client.context.responseCookies).headers.getSetCookie()).toEqual([
      "other=1",
      client.context.responseCookies[0],
    ]);
  });
});

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
    await sweepExpired(db, new Date());
    expect(await countFor()).toEqual({ sessions: 1, resetLinks: 1 });
    expect((await client.call(currentUser, "GET", "/api/auth/user")).status).toBe(200);

    // Two days on: the 1-day session and the 60-minute link have expired and are gone.
    const swept = await sweepExpired(db, new Date(Date.now() + 2 * 24 * 3_600_000));
    expect(await countFor()).toEqual({ sessions: 0, resetLinks: 0 });
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.throttleRows).toBeGreaterThanOrEqual(1);
  });
});
