import { type Page } from "@playwright/test";

import { expect, PASSWORD, test, uniqueEmail } from "./fixtures.ts";

async function fillRegistration(page: Page, email: string) {
  await page.goto("/register");
  await expect(page.getByRole("progressbar", { name: "Registration progress" })).toHaveAttribute("aria-valuenow", "1");
  await page.getByLabel("Full name").fill("Robin Reyes");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mobile phone").fill("(480) 555-0142");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill("different1");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page.getByRole("heading", { name: "Company Details" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Registration progress" })).toHaveAttribute("aria-valuenow", "2");
  // Step 2 pre-fills the offer contact from step 1.
  await expect(page.getByLabel("Offer contact email")).toHaveValue(email);
  await expect(page.getByLabel("Offer contact phone")).toHaveValue("(480) 555-0142");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Company name is required")).toBeVisible();
  await page.getByLabel("Company name").fill("Reyes Realty Group");
  await page.getByLabel("State").fill("AZ");
  await page.getByRole("button", { name: "Create Account" }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a visitor registers through both steps and lands in the workspace", async ({ page }) => {
      await fillRegistration(page, uniqueEmail());
      await expect(page.getByText("Account created!")).toBeVisible();
      await expect(page.getByText("Redirecting to home...")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Welcome, Robin Reyes" })).toBeVisible({ timeout: 5000 });
    });

    test("a user signs out, is refused a wrong password, and signs in again", async ({ page, account }) => {
      const { email } = account;
      await page.goto("/");
      if (javaScriptEnabled) await page.getByRole("button", { name: /Open the profile menu/ }).click();
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();

      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("wrong-pass1");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByText("Invalid email or password").first()).toBeVisible();

      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByText("Login successful!")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Welcome, Pat Quinn" })).toBeVisible();
    });

    test("a user who forgot the password resets it from the emailed link and is signed in", async ({ page, account }) => {
      const { email } = account;
      await page.context().clearCookies();
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
      await expect(page.getByText("If an account exists for that email, we've sent a password reset link.")).toBeVisible();
      await expect(page.getByText("The link expires in 60 minutes.")).toBeVisible();

      await page.goto("/dev/outbox");
      const link = await page
        .getByRole("link", { name: /reset-password\?token=/ })
        .first()
        .getAttribute("href");
      expect(link).toBeTruthy();
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await page.getByLabel("New password", { exact: true }).fill("breeze2027");
      await page.getByLabel("Confirm password").fill("breeze2027");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByText("Password reset successful!")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Welcome, Pat Quinn" })).toBeVisible({ timeout: 5000 });
    });

    test("a new user verifies the email address from the emailed link", async ({ page, account }) => {
      const { email } = account;
      await page.goto("/profile");
      await expect(page.getByText("Your email address is not verified yet.", { exact: false })).toBeVisible();

      await page.goto("/dev/outbox");
      const message = page.getByRole("article").filter({ hasText: email }).filter({ hasText: "Verify your Breeze email address" }).first();
      const link = await message.getByRole("link", { name: /verify-email\?token=/ }).getAttribute("href");
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByText("Your email address is verified.").first()).toBeVisible();

      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await expect(page.getByRole("heading", { name: "Invalid Verification Link" })).toBeVisible();
    });

    test("a user edits the profile in all three tabs", async ({ signedInPage: page }) => {
      await page.goto("/profile");
      await expect(page.getByRole("heading", { name: "Profile settings" })).toBeVisible();

      await page.getByLabel("Full name").fill("P");
      await page.getByRole("button", { name: "Save User Info" }).click();
      await expect(page.getByText("Full name must be at least 2 characters")).toBeVisible();
      await page.getByLabel("Full name").fill("Pat Q. Quinn");
      await page.getByRole("button", { name: "Save User Info" }).click();
      await expect(page.getByText("User information updated successfully").first()).toBeVisible();
      await expect(page.getByLabel("Full name")).toHaveValue("Pat Q. Quinn");

      await page.getByRole("tab", { name: "Company Info" }).click();
      await page.getByLabel("Company name").fill("Quinn Capital");
      await page.getByLabel("City").fill("Mesa");
      await page.getByRole("button", { name: "Save Company Info" }).click();
      await expect(page.getByText("Company information updated successfully").first()).toBeVisible();
      await expect(page.getByLabel("Company name")).toHaveValue("Quinn Capital");

      await page.getByRole("tab", { name: "Password" }).click();
      // The new password is held to the sign-up rule, and the form says so.
      await expect(page.getByText("At least 8 characters, with a letter and a number.")).toBeVisible();
      await page.getByLabel("Current password").fill(PASSWORD);
      await page.getByLabel("New password", { exact: true }).fill("breeze2027");
      await page.getByLabel("Confirm new password").fill("breeze2028");
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByText("Passwords don't match").first()).toBeVisible();
      await page.getByLabel("Current password").fill(PASSWORD);
      await page.getByLabel("New password", { exact: true }).fill("breeze2027");
      await page.getByLabel("Confirm new password").fill("breeze2027");
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByText("Password changed successfully").first()).toBeVisible();

      // Still signed in after the change, with the new session.
      await page.getByRole("link", { name: "Back" }).click();
      await expect(page.getByRole("heading", { name: "Welcome, Pat Q. Quinn" })).toBeVisible();
    });
  });
}

test.describe("guards and redirects", () => {
  test("a signed-out visitor asking for the profile is sent to sign in and comes back after", async ({ page, account }) => {
    const { email } = account;
    await page.context().clearCookies();
    await page.goto("/profile?tab=company");
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile%3Ftab%3Dcompany$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/profile\?tab=company$/);
    await expect(page.getByLabel("Company name")).toHaveValue("Quinn Home Buyers LLC");
  });

  test("a signed-in user visiting a sign-in page is sent to the workspace", async ({ signedInPage: page }) => {
    for (const path of ["/auth", "/login", "/register", "/forgot-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });
});

test.describe("the combined sign-in page", () => {
  test("a visitor creates an account there, is switched to sign-in with the email kept, then signs in", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await page.getByRole("link", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Create account" })).toBeVisible();
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Stone");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Account created successfully! Please log in with your email and password.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "Welcome, Ada Stone" })).toBeVisible();
  });

  test("the single sign-on button explains that it is not set up", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: /Continue with/ }).click();
    await expect(page.getByText("Single sign-on is not set up for this Breeze workspace.", { exact: false })).toBeVisible();
  });
});

test("a phone-sized screen shows the registration form without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/register");
  await expect(page.getByLabel("Full name")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("a signed-in user sees Loading... while the next page's data is on its way", async ({ signedInPage: page }) => {
  await page.goto("/");
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
  await page.route("**/profile.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Profile settings" })).toBeVisible();
  await expect(page.getByText("Loading...")).toHaveCount(0);
});
