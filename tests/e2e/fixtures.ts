import { test as base, expect, type Page } from "@playwright/test";

import { PHOENIX_HOME } from "#tests/lead-fixture.ts";
import { queryLocalD1 } from "#tests/local-d1.ts";

export { expect };

export const PASSWORD = "sunny2026";

export const uniqueEmail = (prefix = "e2e") => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Who the signed-up user is; a spec may `test.use({ accountDetails: … })` another name or company. */
export type AccountDetails = { fullName: string; companyName: string; title?: string };

/** The signed-up user: registered through POST /api/auth/register, the page's browser context signed in. */
export type Account = AccountDetails & { email: string; password: string };

/** A lead's fields as POST /api/properties takes them. */
export type LeadFields = Record<string, unknown> & { address: string };

/** A lead the signed-up user owns, created through POST /api/properties. */
export type Lead = LeadFields & { id: string };

/** The lead the `lead` fixture creates unless a spec says otherwise with `test.use({ leadFields: … })`. */
export const DEFAULT_LEAD: LeadFields = {
  ...PHOENIX_HOME,
  maxOffer: 182000,
  ownerName: "Maria Lopez",
};

/** Creates a lead for the signed-up user through the API. */
export type AddLead = (fields: LeadFields) => Promise<Lead>;

type Fixtures = {
  accountDetails: AccountDetails;
  account: Account;
  /** Creates a lead for the signed-up user through the API. */
  addLead: AddLead;
  leadFields: LeadFields;
  lead: Lead;
  /** The page, signed in as the signed-up user (for tests that need no more of the account). */
  signedInPage: Page;
};

export const test = base.extend<Fixtures>({
  // With JavaScript, page.goto returns once React has hydrated the page (a click before that can race hydration on
  // a loaded machine). A page sent without scripts (the signed-out landing) returns at once.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (...args: Parameters<Page["goto"]>) => {
        const response = await goto(...args);
        if (await page.locator("script[type=module]").count()) await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },

  accountDetails: [{ fullName: "Pat Quinn", companyName: "Quinn Home Buyers LLC" }, { option: true }],

  account: async ({ page, accountDetails }, use) => {
    const email = uniqueEmail();
    const response = await page.request.post("/api/auth/register", {
      data: {
        full_name: accountDetails.fullName,
        email,
        mobile: "(602) 555-0123",
        password: PASSWORD,
        confirm_password: PASSWORD,
        company: {
          company_name: accountDetails.companyName,
          ...(accountDetails.title ? { title: accountDetails.title } : {}),
          offer_contact_email: email,
          offer_contact_phone: "6025550123",
        },
      },
    });
    expect(response.status(), "registration through the API").toBe(201);
    await use({ ...accountDetails, email, password: PASSWORD });
  },

  addLead: async ({ page, account }, use) => {
    void account; // the leads belong to the signed-up user: the page's cookies carry the session
    await use(async (fields) => {
      const response = await page.request.post("/api/properties", { data: fields });
      expect(response.status(), `creating the lead ${fields.address}`).toBe(201);
      const { id } = (await response.json()) as { id: string };
      return { ...fields, id };
    });
  },

  signedInPage: async ({ page, account }, use) => {
    void account;
    await use(page);
  },

  leadFields: [DEFAULT_LEAD, { option: true }],

  lead: async ({ addLead, leadFields }, use) => {
    await use(await addLead(leadFields));
  },
});

/**
 * Waits until React has hydrated the page (its <body> is hydrated last, after everything in it), so client-side
 * behaviour (conform's validation, fetchers, links) is in place: a click before that posts a form natively or is
 * lost, which a loaded machine makes a race.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
}

/** A tiny valid-looking PDF for uploads. */
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A conversation about the lead (its owner Maria Lopez), with one message from the seller and one AI-generated one. */
export async function aConversation(page: Page, lead: Lead) {
  const created = await page.request.post("/api/conversations", {
    data: { agentType: "negotiation", title: "Maria Lopez", propertyId: lead.id },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const data of [
    { content: "Hi Maria, would you consider a cash offer for your house?", role: "user", isAiGenerated: true },
    { content: "Maybe. What would you pay for it?", role: "assistant", isAiGenerated: false },
  ]) {
    expect((await page.request.post(`/api/conversations/${id}/messages`, { data })).status()).toBe(201);
  }
  return id;
}

/** A saved cash buyer (Buyer Breeze) named `buyerName`, through the API. */
export async function aBuyer(page: Page, buyerName: string) {
  const response = await page.request.post("/api/buyer-leads", {
    data: {
      buyerName,
      buyerType: "fix_and_flip",
      market: "Dallas, TX",
      totalProperties: 6,
      portfolioValue: 1510000,
      phoneNumbers: ["(214) 555-0175"],
      emailAddresses: ["deals@lonestar.example"],
    },
  });
  expect(response.status()).toBe(201);
}

/** What the workbench's specs need of a lead queue item. */
export type QueuedLead = { id: string; addressLine: string; city: string; state: string };

/**
 * The seller search the wizard runs (POST /api/properties/batch, the spec) over the e2e server's seeded market:
 * 5 high-equity leads in Phoenix for the signed-in user, which the workbench then shows.
 */
export async function aSellerSearch(page: Page): Promise<QueuedLead[]> {
  const response = await page.request.post("/api/properties/batch", {
    data: { count: 5, criteria: { location: "Phoenix, AZ", sellerType: "high_equity" } },
  });
  expect(response.status(), "the seller search").toBe(200);
  const { properties } = (await response.json()) as { properties: QueuedLead[] };
  expect(properties).toHaveLength(5);
  return properties;
}

/**
 * Rows of the e2e server's own D1 database (the directory `npm run e2e:serve` migrates and seeds; `E2E_PERSIST_DIR`
 * for another), read with `wrangler d1 execute --local` — so a test can check a figure the app shows against the data
 * itself rather than against another route of the app.
 */
export function queryE2eDatabase<Row>(sql: string): Row[] {
  return queryLocalD1<Row>(process.env.E2E_PERSIST_DIR ?? ".wrangler/e2e", sql);
}
