/** What the auth API tests share: a registration body, a registered client, and signing in. */
import { expect } from "vitest";

import { action as register } from "#app/routes/api.auth.register.ts";

import { ApiClient } from "./api-client.ts";
import { db } from "./db.ts";

export { db };

export const uniqueEmail = () => `pat-${crypto.randomUUID().slice(0, 8)}@example.com`;

export function registration(email = uniqueEmail(), overrides: Record<string, unknown> = {}) {
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

export async function registered(client = new ApiClient()) {
  const email = uniqueEmail();
  const answer = await client.call(register, "POST", "/api/auth/register", registration(email));
  expect(answer.status).toBe(201);
  return { client, email, password: "sunny2026" };
}
