// The auth API: registration, the current user, sign-in and out, throttling.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { sessions, users } from "#db/schema.ts";
import { action as login } from "#app/routes/api.auth.login.ts";
import { action as logout } from "#app/routes/api.auth.logout.ts";
import { loader as me } from "#app/routes/api.auth.me.ts";
import { action as register } from "#app/routes/api.auth.register.ts";
import { loader as currentUser } from "#app/routes/api.auth.user.ts";

import { ApiClient, signedIn } from "./api-client.ts";
import { db, registered, registration, uniqueEmail } from "./auth-api-setup.ts";
import { testContext } from "./context.ts";

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
    const { client: client } = await signedIn({ as: { email: email } });
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
