// Account security: email verification, throttles under parallel requests, re-authentication.
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contactMessages, passwordResetTokens, sessions } from "#db/schema.ts";
import { action as changePassword } from "#app/routes/api.auth.change-password.ts";
import { action as forgot } from "#app/routes/api.auth.forgot.ts";
import { action as login } from "#app/routes/api.auth.login.ts";
import { action as reset } from "#app/routes/api.auth.reset.ts";
import { loader as currentUser } from "#app/routes/api.auth.user.ts";
import { action as contact } from "#app/routes/api.contact.ts";
import { action as signup } from "#app/routes/api.signup.ts";
import { action as userInfo } from "#app/routes/api.user.ts";
import { loader as verifyEmailLoader } from "#app/routes/verify-email.tsx";
import { BROWSER_ABSOLUTE_MS, REMEMBER_MS, withCookies } from "#app/services/accounts/session.server.ts";

import { db, mailsTo, uniqueEmail, userByEmail, verificationLink } from "./account-security-setup.ts";
import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";

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
