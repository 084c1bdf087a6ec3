import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { emailOutbox, passwordResetTokens, sessions, users } from "#db/schema.ts";
import { action as changePassword } from "#app/routes/api.auth.change-password.ts";
import { action as forgot } from "#app/routes/api.auth.forgot.ts";
import { action as login } from "#app/routes/api.auth.login.ts";
import { action as logout } from "#app/routes/api.auth.logout.ts";
import { loader as me } from "#app/routes/api.auth.me.ts";
import { action as register } from "#app/routes/api.auth.register.ts";
import { action as reset } from "#app/routes/api.auth.reset.ts";
import { loader as currentUser } from "#app/routes/api.auth.user.ts";
import { action as company } from "#app/routes/api.company.ts";
import { action as signup } from "#app/routes/api.signup.ts";
import { action as userInfo } from "#app/routes/api.user.ts";
import { isCrossSiteRequest, safeNext } from "#app/services/http/request.server.ts";

import { ApiClient } from "./api-client.ts";
import { testContext } from "./context.ts";

const db = createDb(env.DB);
const uniqueEmail = () => `pat-${crypto.randomUUID().slice(0, 8)}@example.com`;

function registration(email = uniqueEmail(), overrides: Record<string, unknown> = {}) {
  return {
    full_name: "Pat Quinn",
    email,
    mobile: "(602) 555-0123",
    password: "sunny2026",
    confirm_password: "sunny2026",
    company: {
      company_name: "Quinn Home Buyers LLC",
      title: "Owner",
      offer_contact_email: email,
      offer_contact_phone: "(602) 555-0123",
      address_state: "az",
    },
    ...overrides,
  };
}

async function registered(client = new ApiClient()) {
  const email = uniqueEmail();
  const answer = await client.call(register, "POST", "/api/auth/register", registration(email));
  expect(answer.status).toBe(201);
  return { client, email, password: "sunny2026" };
}

/** Clients share the database, and each gets its own cookie jar and IP. */
const signedInAs = async (email: string, password = "sunny2026", remember = false) => {
  const client = new ApiClient();
  const answer = await client.call(login, "POST", "/api/auth/login", { email, password, remember });
  expect(answer.status).toBe(200);
  return client;
};

describe("POST /api/auth/register", () => {
  it("answers every step 1 and step 2 message of the spec and writes nothing", async () => {
    const before = (await db.select().from(users)).length;
    const answer = await new ApiClient().call(register, "POST", "/api/auth/register", { company: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.errors).toMatchObject({
      full_name: ["Full name is required"],
      email: ["Invalid email address"],
      mobile: ["Phone number must be at least 10 digits"],
      password: ["Password must be at least 8 characters"],
      "company.company_name": ["Company name is required"],
      "company.offer_contact_email": ["Invalid email address"],
      "company.offer_contact_phone": ["Phone number must be at least 10 digits"],
    });
    expect((await db.select().from(users)).length).toBe(before);
  });

  it.each([
    [{ password: "sunnydays", confirm_password: "sunnydays" }, "password", "Password must contain at least one number"],
    [{ password: "12345678", confirm_password: "12345678" }, "password", "Password must contain at least one letter"],
    [{ password: "sun1", confirm_password: "sun1" }, "password", "Password must be at least 8 characters"],
    [{ confirm_password: "sunny2027" }, "confirm_password", "Passwords do not match"],
    [{ email: "not-an-email" }, "email", "Invalid email address"],
    [{ mobile: "555-0123" }, "mobile", "Phone number must be at least 10 digits"],
  ])("refuses %o with %s: %s", async (override, field, message) => {
    const answer = await new ApiClient().call(register, "POST", "/api/auth/register", registration(uniqueEmail(), override));
    expect(answer.status).toBe(400);
    expect((answer.body.errors as Record<string, string[]>)[field]).toContain(message);
  });

  it("refuses a state that is not one of the 50 (DC included) and a logo that is not https", async () => {
    for (const state of ["ZZ", "DC", "Ariz"]) {
      const body = registration();
      const answer = await new ApiClient().call(register, "POST", "/api/auth/register", {
        ...body,
        company: { ...body.company, address_state: state },
      });
      expect((answer.body.errors as Record<string, string[]>)["company.address_state"]).toEqual(["State must be 2 letters"]);
    }
    const body = registration();
    const answer = await new ApiClient().call(register, "POST", "/api/auth/register", {
      ...body,
      company: { ...body.company, logo_url: "http://x.example/l.png" },
    });
    expect(answer.status).toBe(400);
  });

  it("creates the user and company, stores phones as E.164, signs in, and never answers a password or hash", async () => {
    const { client, email } = await registered();
    const answer = await client.call(currentUser, "GET", "/api/auth/user");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      email,
      fullName: "Pat Quinn",
      displayName: "Pat Quinn",
      initials: "PQ",
      mobileE164: "+16025550123",
      company: { companyName: "Quinn Home Buyers LLC", offerContactPhoneE164: "+16025550123", addressState: "AZ", addressCountry: "US" },
    });
    const text = JSON.stringify(answer.body);
    expect(text).not.toMatch(/password|scrypt|hash/i);
  });

  it("refuses a duplicate email, whatever its case", async () => {
    const { email } = await registered();
    const answer = await new ApiClient().call(register, "POST", "/api/auth/register", registration(email.toUpperCase()));
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual({ email: ["An account with this email already exists"] });
  });
});

describe("GET /api/auth/me and /api/auth/user", () => {
  it("answers 401 with the spec's message without a session", async () => {
    for (const handler of [me, currentUser]) {
      const answer = await new ApiClient().call(handler, "GET", "/api/auth/me");
      expect(answer).toMatchObject({ status: 401, body: { success: false, message: "Authentication required. Please log in again." } });
    }
  });

  it("answers the user's contact fields and the company", async () => {
    const { client, email } = await registered();
    const answer = await client.call(me, "GET", "/api/auth/me");
    expect(answer.body).toEqual({
      user: { fullName: "Pat Quinn", email, mobileE164: "+16025550123" },
      company: expect.objectContaining({
        companyName: "Quinn Home Buyers LLC",
        title: "Owner",
        offerContactEmail: email,
        addressState: "AZ",
      }),
    });
  });
});

describe("POST /api/auth/login and logout", () => {
  it("answers the login form's messages", async () => {
    const answer = await new ApiClient().call(login, "POST", "/api/auth/login", { email: "nope" });
    expect(answer.body.errors).toEqual({ email: ["Please enter a valid email address"], password: ["Password is required"] });
  });

  it("answers the same message for a wrong password and an unknown email", async () => {
    const { email } = await registered();
    const wrong = await new ApiClient().call(login, "POST", "/api/auth/login", { email, password: "wrong-pass1" });
    const unknown = await new ApiClient().call(login, "POST", "/api/auth/login", { email: uniqueEmail(), password: "wrong-pass1" });
    expect(wrong).toMatchObject({ status: 401, body: { success: false, message: "Invalid email or password" } });
    expect(unknown).toMatchObject({ status: 401, body: { success: false, message: "Invalid email or password" } });
    expect(wrong.cookies).toEqual([]);
  });

  it("creates a new session at every sign-in, keeps only its hash, and sends a safe next", async () => {
    const { email } = await registered();
    const first = await new ApiClient().call(login, "POST", "/api/auth/login", { email, password: "sunny2026", next: "/profile" });
    const second = await new ApiClient().call(login, "POST", "/api/auth/login", {
      email,
      password: "sunny2026",
      next: "https://evil.example/",
    });
    expect(first.body).toEqual({ success: true, message: "Login successful!", next: "/profile" });
    expect(second.body.next).toBe("/");
    const tokens = [first, second].map((a) => /breeze_session=([a-z2-7]+)/.exec(a.cookies[0])![1]);
    expect(tokens[0]).not.toBe(tokens[1]);
    const user = await db.select().from(users).where(eq(users.email, email)).get();
    const stored = await db.select().from(sessions).where(eq(sessions.userId, user!.id));
    for (const token of tokens) expect(stored.map((s) => s.sid)).not.toContain(token);
    expect(first.cookies[0]).toMatch(/HttpOnly; Secure; SameSite=Lax/);
  });

  it("keeps the cookie for 30 days with Remember me, and only for the browser session without", async () => {
    const { email } = await registered();
    const remembered = await new ApiClient().call(login, "POST", "/api/auth/login", { email, password: "sunny2026", remember: true });
    const plain = await new ApiClient().call(login, "POST", "/api/auth/login", { email, password: "sunny2026" });
    expect(remembered.cookies[0]).toMatch(/Max-Age=2592000/);
    expect(plain.cookies[0]).not.toMatch(/Max-Age/);
  });

  it("deletes the server-side session on logout, so the old cookie no longer works", async () => {
    const { email } = await registered();
    const client = await signedInAs(email);
    const token = client.cookies.get("breeze_session")!;
    const out = await client.call(logout, "POST", "/api/auth/logout");
    expect(out.status).toBe(200);
    const replay = new ApiClient();
    replay.cookies.set("breeze_session", token);
    expect((await replay.call(currentUser, "GET", "/api/auth/user")).status).toBe(401);
  });
});

describe("throttling", () => {
  it("blocks a client after 10 failed sign-ins to an account, even with the right password, and says when to retry", async () => {
    const { email } = await registered();
    const attacker = new ApiClient();
    for (let i = 0; i < 10; i++) {
      const answer = await attacker.call(login, "POST", "/api/auth/login", { email, password: `wrong-${i}x` });
      expect(answer.status).toBe(401);
    }
    const blocked = await attacker.call(login, "POST", "/api/auth/login", { email, password: "sunny2026" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in 1[45] minutes\.$/);

    // The window passes: signing in works again from that client.
    const later = new ApiClient(testContext(), attacker.ip);
    later.context.now = () => new Date(Date.now() + 16 * 60_000);
    expect((await later.call(login, "POST", "/api/auth/login", { email, password: "sunny2026" })).status).toBe(200);
  }, 30_000);

  it("does not let wrong passwords from one client lock the owner out from another", async () => {
    const { email } = await registered();
    const attacker = new ApiClient();
    for (let i = 0; i < 12; i++) await attacker.call(login, "POST", "/api/auth/login", { email, password: `wrong-${i}x` });
    expect((await attacker.call(login, "POST", "/api/auth/login", { email, password: "sunny2026" })).status).toBe(429);
    expect((await new ApiClient().call(login, "POST", "/api/auth/login", { email, password: "sunny2026" })).status).toBe(200);
  }, 30_000);

  it("lets at most 10 of 20 parallel wrong passwords be checked: the count comes first", async () => {
    const { email } = await registered();
    const client = new ApiClient();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.call(login, "POST", "/api/auth/login", { email, password: `wrong-${i}x` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await client.call(login, "POST", "/api/auth/login", { email, password: "sunny2026" })).status).toBe(429);
  }, 30_000);

  it("never counts successful sign-ins", async () => {
    const { email } = await registered();
    const client = new ApiClient();
    for (let i = 0; i < 12; i++) {
      expect((await client.call(login, "POST", "/api/auth/login", { email, password: "sunny2026" })).status).toBe(200);
    }
  }, 30_000);
});

describe("password reset", () => {
  async function latestResetLink(email: string) {
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const link = /https?:\/\/\S+reset-password\?token=([a-z2-7]+)/.exec(mail?.textBody ?? "");
    expect(link, "a reset link in the outbox").not.toBeNull();
    return { url: link![0], token: link![1] };
  }

  it("answers the same whether or not the account exists, and emails a link from the configured origin", async () => {
    const { email } = await registered();
    const known = await new ApiClient().call(forgot, "POST", "/api/auth/forgot", { email });
    const unknown = await new ApiClient().call(forgot, "POST", "/api/auth/forgot", { email: uniqueEmail() });
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ success: true, message: "If an account exists for that email, we've sent a password reset link." });
    const { url } = await latestResetLink(email);
    expect(url.startsWith(`${testContext().config.APP_ORIGIN}/reset-password?token=`)).toBe(true);
    const tokens = await db.select().from(passwordResetTokens);
    for (const row of tokens) expect(url).not.toContain(row.tokenHash);
  });

  it("resets once, signs in, revokes every other session, and invalidates earlier links", async () => {
    const { email } = await registered();
    const elsewhere = await signedInAs(email);
    await new ApiClient().call(forgot, "POST", "/api/auth/forgot", { email });
    const first = await latestResetLink(email);
    await new ApiClient().call(forgot, "POST", "/api/auth/forgot", { email });
    const second = await latestResetLink(email);

    const stale = await new ApiClient().call(reset, "POST", "/api/auth/reset", {
      token: first.token,
      password: "breeze2027",
      confirmPassword: "breeze2027",
    });
    expect(stale).toMatchObject({ status: 400, body: { success: false } });

    const resetter = new ApiClient();
    const done = await resetter.call(reset, "POST", "/api/auth/reset", {
      token: second.token,
      password: "breeze2027",
      confirmPassword: "breeze2027",
    });
    expect(done.body).toEqual({ success: true, message: "Password reset successful!", next: "/" });
    expect((await resetter.call(currentUser, "GET", "/api/auth/user")).status).toBe(200);
    expect((await elsewhere.call(currentUser, "GET", "/api/auth/user")).status).toBe(401);

    const again = await new ApiClient().call(reset, "POST", "/api/auth/reset", {
      token: second.token,
      password: "breeze2028",
      confirmPassword: "breeze2028",
    });
    expect(again.status).toBe(400);
    expect((await new ApiClient().call(login, "POST", "/api/auth/login", { email, password: "breeze2027" })).status).toBe(200);
  });

  it("expires a link after 60 minutes", async () => {
    const { email } = await registered();
    await new ApiClient().call(forgot, "POST", "/api/auth/forgot", { email });
    const { token } = await latestResetLink(email);
    const late = new ApiClient(testContext());
    late.context.now = () => new Date(Date.now() + 61 * 60_000);
    const answer = await late.call(reset, "POST", "/api/auth/reset", { token, password: "breeze2027", confirmPassword: "breeze2027" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("This reset link is invalid or has expired. Please request a new one.");
  });

  it("checks the new password with the registration rules", async () => {
    const answer = await new ApiClient().call(reset, "POST", "/api/auth/reset", {
      token: "x",
      password: "short",
      confirmPassword: "other",
    });
    expect(answer.body.errors).toMatchObject({
      password: expect.arrayContaining(["Password must be at least 8 characters", "Password must contain at least one number"]),
      confirmPassword: ["Passwords do not match"],
    });
  });
});

describe("profile calls", () => {
  it("answers the user tab's messages, then updates", async () => {
    const { client } = await registered();
    const bad = await client.call(userInfo, "PATCH", "/api/user", { fullName: "P", email: "x", mobileE164: "123" });
    expect(bad.body.errors).toEqual({
      fullName: ["Full name must be at least 2 characters"],
      email: ["Invalid email address"],
      mobileE164: ["Valid phone number required"],
    });
    const email = uniqueEmail();
    const good = await client.call(userInfo, "PATCH", "/api/user", {
      fullName: "Pat Q. Quinn",
      email,
      mobileE164: "602-555-0199",
      currentPassword: "sunny2026",
    });
    expect(good.body).toMatchObject({
      success: true,
      message: "User information updated successfully",
      user: { email, fullName: "Pat Q. Quinn", mobileE164: "+16025550199" },
    });
  });

  it("answers the company tab's messages, then updates", async () => {
    const { client } = await registered();
    const bad = await client.call(company, "PATCH", "/api/company", { companyName: "Q", offerContactEmail: "nope" });
    expect(bad.body.errors).toEqual({ companyName: ["Company name must be at least 2 characters"], offerContactEmail: ["Invalid email"] });
    const good = await client.call(company, "PATCH", "/api/company", {
      companyName: "Quinn Capital",
      addressCity: "Mesa",
      addressState: "az",
    });
    expect(good.body).toMatchObject({
      success: true,
      message: "Company information updated successfully",
      company: { companyName: "Quinn Capital", addressCity: "Mesa", addressState: "AZ" },
    });
  });

  it("refuses profile changes without a session", async () => {
    const answer = await new ApiClient().call(userInfo, "PATCH", "/api/user", {
      fullName: "Pat",
      email: uniqueEmail(),
      mobileE164: "6025550123",
    });
    expect(answer.status).toBe(401);
  });

  it("changes the password only with the current one, and revokes every session", async () => {
    const { client, email } = await registered();
    const other = await signedInAs(email);
    const missing = await client.call(changePassword, "POST", "/api/auth/change-password", { newPassword: "short" });
    // The same rules as registration and reset (a letter and a number), in the spec's words.
    expect(missing.body.errors).toEqual({
      currentPassword: ["Current password is required"],
      newPassword: ["Password must be at least 8 characters", "Password must contain at least one number"],
    });
    const wrong = await client.call(changePassword, "POST", "/api/auth/change-password", {
      currentPassword: "nope",
      newPassword: "breeze2027",
    });
    expect(wrong.status).toBe(400);
    const ok = await client.call(changePassword, "POST", "/api/auth/change-password", {
      currentPassword: "sunny2026",
      newPassword: "breeze2027",
    });
    expect(ok.body).toEqual({ success: true, message: "Password changed successfully" });
    expect((await client.call(currentUser, "GET", "/api/auth/user")).status).toBe(200);
    expect((await other.call(currentUser, "GET", "/api/auth/user")).status).toBe(401);
    expect((await new ApiClient().call(login, "POST", "/api/auth/login", { email, password: "breeze2027" })).status).toBe(200);
  });
});

describe("POST /api/signup (the combined page)", () => {
  it("answers the sign-up messages, then creates an account that can sign in", async () => {
    const bad = await new ApiClient().call(signup, "POST", "/api/signup", { email: "x" });
    expect(bad.body.errors).toMatchObject({
      email: ["Please enter a valid email address"],
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
    });
    const email = uniqueEmail();
    const good = await new ApiClient().call(signup, "POST", "/api/signup", {
      email,
      password: "sunny2026",
      firstName: "Ada",
      lastName: "Stone",
    });
    expect(good.body).toEqual({ success: true, message: "Account created successfully! Please log in with your email and password." });
    const client = await signedInAs(email);
    expect((await client.call(currentUser, "GET", "/api/auth/user")).body).toMatchObject({
      displayName: "Ada Stone",
      initials: "AS",
      company: null,
    });
  });
});

describe("request safety", () => {
  const post = (headers: Record<string, string>) => new Request("https://breeze.example/api/auth/login", { method: "POST", headers });

  it("refuses a cross-site POST and accepts a same-origin one", () => {
    const allowed = ["https://breeze.example"];
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "cross-site" }), allowed)).toBe(true);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "same-site" }), allowed)).toBe(true);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "same-origin" }), allowed)).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "https://evil.example" }), allowed)).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "https://breeze.example" }), allowed)).toBe(false);
    expect(isCrossSiteRequest(new Request("https://breeze.example/", { headers: { "Sec-Fetch-Site": "cross-site" } }), allowed)).toBe(
      false,
    );
  });

  it("only follows same-site next paths", () => {
    expect(safeNext("/profile?tab=company")).toBe("/profile?tab=company");
    for (const next of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", ""])
      expect(safeNext(next)).toBe("/");
  });
});

describe("client IPs for throttling", () => {
  it("counts per IP only for a real client address, never for loopback or an unknown one", async () => {
    const { clientIp } = await import("#app/services/http/request.server.ts");
    const withIp = (ip?: string) => new Request("http://127.0.0.1/", { headers: ip ? { "CF-Connecting-IP": ip } : {} });
    expect(clientIp(withIp("203.0.113.9"))).toBe("203.0.113.9");
    expect(clientIp(withIp("127.0.0.1"))).toBeNull();
    expect(clientIp(withIp("::1"))).toBeNull();
    expect(clientIp(withIp())).toBeNull();
  });
});
