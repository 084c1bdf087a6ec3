import { expect, type Page } from "@playwright/test";

export const PASSWORD = "sunny2026";

export const uniqueEmail = (prefix = "e2e") => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** An account made through the API; the page's browser context keeps the session cookie. */
export async function registerViaApi(page: Page, email = uniqueEmail()) {
  const response = await page.request.post("/api/auth/register", {
    data: {
      full_name: "Pat Quinn",
      email,
      mobile: "(602) 555-0123",
      password: PASSWORD,
      confirm_password: PASSWORD,
      company: { company_name: "Quinn Home Buyers LLC", offer_contact_email: email, offer_contact_phone: "6025550123" },
    },
  });
  expect(response.status()).toBe(201);
  return email;
}
