import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";

import { SECTION_IDS } from "#app/domain/shell/sections.ts";

import { aBuyer, aConversation, aSellerSearch, expect, PDF, test, type Lead } from "./fixtures.ts";

/**
 * axe-core on every page, signed out and signed in, with and without JavaScript: no violation of impact "serious" or
 * "critical" may remain. One page visit per test, so a failure names the page.
 */

const BLOCKING = new Set(["serious", "critical"]);

/**
 * A page whose context has JavaScript off runs what Playwright evaluates in it, and promise reactions, but fires no
 * timer (nor a `queueMicrotask` callback). axe yields between rules with `setTimeout(…, 0)` and would wait forever,
 * so in this page a zero-delay timer becomes a promise reaction. axe's timers with a delay are deadlines raced against
 * work that finishes (preloading CSS, frame messages), so they never fire. The page's own scripts never ran (it was
 * parsed and used without script), so nothing else sees the change.
 */
async function letAxeRunWithoutScript(page: Page) {
  await page.evaluate(() => {
    let id = 0;
    const later = (callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
      if (!delay) void Promise.resolve().then(() => callback(...args));
      return ++id;
    };
    Object.assign(window, { setTimeout: later, clearTimeout: () => undefined });
  });
}

/** Runs axe on the page as it is and fails with each serious or critical violation's rule, help and elements. */
async function expectNoSeriousViolations(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) await letAxeRunWithoutScript(page);
  const axe = new AxeBuilder({ page });
  const { violations } = await axe.analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} [${violation.helpUrl}]\n` +
        violation.nodes.map((node) => `    at ${node.target.join(" ")}: ${node.failureSummary ?? ""}`).join("\n"),
    );
  expect(blocking, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}

type Check = {
  name: string;
  path: string | ((data: SeededData) => string);
  /** The answer's status: 200 unless said (the not-found page answers 404). */
  status?: number;
  /** What the account needs before the page is visited (e.g. a seller search for the workbench). */
  before?: (page: Page) => Promise<void>;
  /** What to do after the page is loaded (and hydrated), before axe runs: open a dialog or a menu. */
  open?: (page: Page, javaScriptEnabled: boolean) => Promise<void>;
  /** Only with JavaScript (a Radix popover has no markup before hydration). */
  javaScriptOnly?: boolean;
};

const SIGNED_OUT: Check[] = [
  { name: "the landing page", path: "/" },
  { name: "the sign-in page", path: "/login" },
  { name: "the registration page", path: "/register" },
  { name: "the auth page", path: "/auth" },
  { name: "the forgot-password page", path: "/forgot-password" },
  { name: "the reset-password page without a token", path: "/reset-password" },
  { name: "the reset-password page with a token", path: "/reset-password?token=a11y-check-token" },
  { name: "the terms of use", path: "/terms-of-use" },
  { name: "the contact page", path: "/contact-us" },
  {
    name: "the contact page after a rejected message",
    path: "/contact-us",
    open: async (page) => {
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
    },
  },
  { name: "the FAQ", path: "/faq" },
  {
    name: "the FAQ with an answer open",
    path: "/faq",
    open: async (page, javaScriptEnabled) => {
      // Without JavaScript every answer is shown already.
      if (javaScriptEnabled) {
        const question = page.getByRole("button", { name: "What is Breeze?" });
        await question.click();
        await expect(question).toHaveAttribute("aria-expanded", "true");
      }
    },
  },
  { name: "the not-found page", path: "/no-such-page", status: 404 },
];

/** What the signed-in checks need to show more than empty states. */
type SeededData = { lead: Lead; conversationId: string };

const SIGNED_IN: Check[] = [
  ...SECTION_IDS.map((section) => ({
    name: `the ${section} section`,
    path: `/?section=${section}`,
  })),
  { name: "the Buyer Breeze page", path: "/buyer-breeze" },
  { name: "the profile page", path: "/profile" },
  {
    name: "the Saved Searches page with a search",
    path: "/saved-searches",
    before: async (page) => {
      const saved = await page.request.post("/saved-searches", {
        form: { intent: "save", wizard: "seller", name: "Phoenix equity", cityOrZip: "Phoenix", state: "AZ", sellerType: "high_equity" },
        maxRedirects: 0,
      });
      expect(saved.status()).toBe(302);
    },
  },
  { name: "the Sequences page", path: "/sequences" },
  {
    name: "the Buyers page with a buyer",
    path: "/buyers",
    before: async (page) => {
      const added = await page.request.post("/api/buyers", { data: { name: "Axe Buyer", markets: ["Phoenix, AZ"], minBeds: 3 } });
      expect(added.status()).toBe(201);
    },
  },
  { name: "the CRM's add-lead dialog", path: "/?section=crm&add=1" },
  { name: "the CRM's work-this-lead dialog", path: ({ lead }) => `/?section=crm&lead=${lead.id}` },
  { name: "a conversation in messages", path: ({ conversationId }) => `/?section=messages&c=${conversationId}` },
  { name: "the lead workbench", path: "/leads/workbench", before: async (page) => void (await aSellerSearch(page)) },
  {
    name: "Today with a call due, steps coming up and a DNC phone",
    path: "/today?upcoming=all",
    before: async (page) => {
      const created = await page.request.post("/api/properties", {
        data: {
          address: "1 Today Way",
          city: "Phoenix",
          state: "AZ",
          zipCode: "85004",
          ownerName: "Maria Lopez",
          ownerPhone: "(602) 555-0171",
          ownerDncPhone: "(602) 555-0172",
        },
      });
      const { id } = (await created.json()) as { id: string };
      expect((await page.request.post(`/api/properties/${id}/sequence`, { data: { action: "start" } })).status()).toBe(201);
    },
  },
  {
    name: "the lead workbench with a lead saved and its full details open",
    path: "/leads/workbench?lead=1&details=1",
    before: async (page) => {
      const [, lead] = await aSellerSearch(page);
      const saved = await page.request.post("/leads/workbench", {
        form: { intent: "work", leadId: lead.id, vendor: "local", index: "1" },
        maxRedirects: 0,
      });
      expect(saved.status()).toBe(302);
    },
  },
  {
    name: "the Target Market Finder (Terry) with an answer",
    path: "/?section=chat&terry=1",
    before: async (page) => {
      const asked = await page.request.post("/chat/terry", {
        form: { message: "What does the market look like in 85004?" },
        maxRedirects: 0,
      });
      expect(asked.status()).toBe(302);
    },
  },
  { name: "the Target Market Finder (Terry) with its starter prompts", path: "/?section=chat&terry=1&c=new" },
  { name: "the agent chat's seller wizard at its second step", path: "/?section=chat&wizard=seller&step=2&cityOrZip=Phoenix&state=AZ" },
  {
    name: "the agent chat's cash buyer wizard with a refused count",
    path: "/?section=chat&wizard=buyer&at=2&intent=count&cityOrZip=Phoenix&state=AZ",
  },
  {
    name: "the agent chat with seller and buyer cards",
    path: "/?section=chat",
    open: async (page) => {
      await searchFromTheChat(page);
      await expect(page.getByRole("button", { name: "Save to Buyer Breeze" })).toHaveCount(5);
      await expect(page.getByRole("link", { name: "View Details" })).toHaveCount(5);
    },
  },
  {
    name: "the agent chat's seller lead details",
    path: "/?section=chat",
    open: async (page, javaScriptEnabled) => {
      await searchFromTheChat(page);
      await page.getByRole("link", { name: "View Details" }).first().click();
      if (javaScriptEnabled) await expect(page.getByRole("dialog", { name: "Seller Lead Details" })).toBeVisible();
      else await expect(page.getByRole("region", { name: "Seller Lead Details" })).toBeVisible();
    },
  },
  {
    name: "the document delete confirmation",
    path: "/?section=documents",
    open: async (page) => {
      const card = page.getByRole("article", { name: "Purchase agreement.pdf" });
      await card
        .getByRole("link", { name: "Delete Purchase agreement.pdf" })
        .or(card.getByRole("button", { name: "Delete Purchase agreement.pdf" }))
        .click();
      await expect(page.getByText("Are you sure you want to delete this document?")).toBeVisible();
    },
  },
  {
    name: "the Import Sold Comps page with a bad file's lines listed",
    path: "/sales/import",
    open: async (page) => {
      const csv =
        "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,lat,lon\nA-1,P-1,2025-02-30,1,3,2,1500,6000,1,1990,33.45,-112.07\n";
      await page.getByLabel("Sold comps (CSV)").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Import Sold Comps" }).click();
      await expect(page.getByRole("list", { name: "Rows with errors" })).toBeVisible();
    },
  },
  {
    name: "the phone menu",
    path: "/?section=crm",
    open: async (page) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeInViewport();
    },
  },
  {
    name: "the profile menu",
    path: "/?section=crm",
    javaScriptOnly: true,
    open: async (page) => {
      await page.getByRole("button", { name: /Open the profile menu/ }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
];

/** A cash-buyer search and a seller search run from the chat's forms (as without JavaScript) into one conversation. */
async function searchFromTheChat(page: Page) {
  const buyers = await page.request.post("/chat/search", {
    form: { wizard: "buyer", cityOrZip: "Phoenix", state: "AZ", buyerType: "cash_buyers" },
    maxRedirects: 0,
  });
  const c = new URL(buyers.headers().location!, "http://x").searchParams.get("c")!;
  const sellers = await page.request.post("/chat/search", {
    form: { wizard: "seller", c, cityOrZip: "Phoenix", state: "AZ", sellerType: "high_equity" },
    maxRedirects: 0,
  });
  expect(sellers.headers().location).toBe("/leads/workbench");
  await page.goto("/?section=chat");
}

/** A deal, a conversation with two messages, a document and a buyer for the signed-up user, around the lead. */
async function seed(page: Page, lead: Lead): Promise<SeededData> {
  await aBuyer(page, "Lone Star Capital");
  const answers = [
    await page.request.post("/api/deals", { data: { propertyId: lead.id } }),
    await page.request.post("/api/documents/upload", {
      multipart: { file: { name: "Purchase agreement.pdf", mimeType: "application/pdf", buffer: PDF }, type: "purchase_agreement" },
    }),
  ];
  for (const answer of answers) expect(answer.status(), answer.url()).toBe(201);
  const conversationId = await aConversation(page, lead);
  return { lead, conversationId };
}

async function visit(page: Page, path: string, status: number) {
  const response = await page.goto(path);
  expect(response?.status(), `the answer to ${path}`).toBe(status);
  // The page must be the one asked for, not a redirect (e.g. to /login).
  expect(new URL(page.url()).pathname).toBe(new URL(path, page.url()).pathname);
  // With JavaScript, the fixtures' page.goto has waited for hydration (and not for a page sent without scripts).
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test.describe("signed out", () => {
      for (const check of SIGNED_OUT) {
        test(`${check.name} has no serious or critical accessibility violations`, async ({ page }) => {
          await visit(page, check.path as string, check.status ?? 200);
          await check.open?.(page, javaScriptEnabled);
          await expectNoSeriousViolations(page, javaScriptEnabled);
        });
      }
    });

    test.describe("signed in", () => {
      for (const check of SIGNED_IN.filter((check) => javaScriptEnabled || !check.javaScriptOnly)) {
        test(`${check.name} has no serious or critical accessibility violations`, async ({ page, lead }) => {
          const data = await seed(page, lead);
          await check.before?.(page);
          const path = typeof check.path === "function" ? check.path(data) : check.path;
          await visit(page, path, check.status ?? 200);
          await check.open?.(page, javaScriptEnabled);
          await expectNoSeriousViolations(page, javaScriptEnabled);
        });
      }
    });
  });
}
