/** What the per-member money tests share: a workspace on a fake Lob, letters ready to mail, members who joined. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";

import { usageEvents } from "#db/schema.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";

import { ApiClient, registerClient, signedIn } from "./api-client.ts";
import { testContext } from "./context.ts";
import { COMPANY_ADDRESS, confirmBody, db, LEAD, mailBody } from "./offers-setup.ts";
import { joinByInvitation } from "./team-fixture.ts";

export { db };

const LETTER_CENTS = 150;

/** A workspace on a real mail vendor (a fake Lob) where a letter costs $1.50, its owner signed in. */
export async function workspace(monthlyCapCents = 100_000, vars: Record<string, string> = {}) {
  const fake = createFakeLob("test_key");
  const config = {
    MAIL: "lob",
    LOB_API_KEY: "test_key",
    LOB_BASE_URL: "https://lob.fake.test",
    USAGE_UNIT_COSTS: JSON.stringify({ letter: LETTER_CENTS }),
    MONTHLY_SPEND_CAP_CENTS: String(monthlyCapCents),
    ...vars,
  };
  const context = testContext(config, {}, { fetch: fake.fetch });
  const owner = await signedIn({ prefix: "caps-owner", company: COMPANY_ADDRESS, client: new ApiClient(context) });
  return { fake, context, owner };
}

let nextHouse = 4100;

/** `count` leads of the workspace (each at an address of its own), each with its confirmed letter ready to mail. */
export async function letters(owner: ApiClient, count: number) {
  const ready = [];
  for (let i = 0; i < count; i++) {
    const created = await owner.call(createRoute, "POST", "/api/properties", { ...LEAD, address: `${nextHouse++} N 38th St` });
    expect(created.status).toBe(201);
    const propertyId = created.body.id as string;
    const confirmed = await owner.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId));
    expect(confirmed.status).toBe(200);
    ready.push({ propertyId, pdfUrl: confirmed.body.pdfUrl as string });
  }
  return ready;
}

/** A new person invited as `role` who joined the owner's workspace; their client works in it. */
export async function member(owner: ApiClient, context: ApiClient["context"], role = "acquisitions") {
  const person = await registerClient("caps-member", {}, new ApiClient(context));
  await joinByInvitation(owner, person, role);
  return person;
}

export const mailAll = (client: ApiClient, ready: { propertyId: string; pdfUrl: string }[]) =>
  Promise.all(
    ready.map((letter) => client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(letter.propertyId, letter.pdfUrl))),
  );

export const ledgerOf = (workspaceId: string) => db.select().from(usageEvents).where(eq(usageEvents.userId, workspaceId));
