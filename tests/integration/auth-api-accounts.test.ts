// The auth API: password reset, profile calls, the combined sign-up, request safety and client IPs.
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { emailOutbox, passwordResetTokens } from "#db/schema.ts";
import { action as changePassword } from "#app/routes/api.auth.change-password.ts";
import { action as forgot } from "#app/routes/api.auth.forgot.ts";
import { action as login } from "#app/routes/api.auth.login.ts";
import { action as reset } from "#app/routes/api.auth.reset.ts";
import { loader as currentUser } from "#app/routes/api.auth.user.ts";
import { action as company } from "#app/routes/api.company.ts";
import { action as signup } from "#app/routes/api.signup.ts";
import { action as userInfo } from "#app/routes/api.user.ts";
import { isCrossSiteRequest, safeNext } from "#app/services/http/request.server.ts";

import { ApiClient, signedIn } from "./api-client.ts";
import { db, registered, uniqueEmail } from "./auth-api-setup.ts";
import { testContext } from "./context.ts";

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
    const { client: elsewhere } = await signedIn({ as: { email: email } });
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
    const { client: other } = await signedIn({ as: { email: email } });
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
    const { client: client } = await signedIn({ as: { email: email } });
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
