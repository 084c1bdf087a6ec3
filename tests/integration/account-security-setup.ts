/** What the account security tests share: emails sent to an address, its verification link, and its user. */
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";

import { emailOutbox, users } from "#db/schema.ts";

import { db } from "./db.ts";

export { db };

export const uniqueEmail = (prefix = "sec") => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export async function mailsTo(email: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt));
}

export async function verificationLink(email: string) {
  const mails = await mailsTo(email);
  const match = mails.map((m) => /https?:\/\/\S+\/verify-email\?token=([a-z2-7]+)/.exec(m.textBody)).find(Boolean);
  expect(match, `a verification link to ${email}`).toBeTruthy();
  return match![1];
}

export async function userByEmail(email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}
