import { expect, test, type Page } from "@playwright/test";

import { waitForHydration } from "./fixtures.ts";

const MESSAGES = {
  Name: "Name must be at least 2 characters",
  Email: "Invalid email address",
  Phone: "Valid phone number required",
  Message: "Message must be at least 10 characters",
};

const TERMS_SECTIONS = [
  "Acceptance of Terms",
  "Earnings Disclaimer",
  "Hours of Operation",
  "Returns and Cancellations",
  "Renewal",
  "Your Account",
  "Community Guidelines",
  "Intellectual Property",
  "Limitation of Liability",
  "Contact Us",
];

/**
 * Each contact test writes from its own random client IP (Cloudflare's CF-Connecting-IP header), so the limit of 5
 * messages an hour per IP never couples one test to another, nor one run to the next against a reused server.
 */
async function useOwnIp(page: Page) {
  const ip = `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
  return ip;
}

const field = (page: Page, name: keyof typeof MESSAGES) => page.getByRole("textbox", { name, exact: true });

async function fill(page: Page, values: Record<keyof typeof MESSAGES, string>) {
  for (const [name, value] of Object.entries(values)) await field(page, name as keyof typeof MESSAGES).fill(value);
}

const BAD = { Name: "A", Email: "not-an-email", Phone: "555-01", Message: "Too short" };
const GOOD = {
  Name: "Pat Seller",
  Email: "pat@example.com",
  Phone: "(602) 555-0123",
  Message: "I have a duplex in Phoenix I want to sell.",
};

async function expectFieldMessages(page: Page) {
  for (const [name, message] of Object.entries(MESSAGES)) {
    await expect(field(page, name as keyof typeof MESSAGES)).toHaveAccessibleDescription(message);
    await expect(field(page, name as keyof typeof MESSAGES)).toHaveAttribute("aria-invalid", "true");
  }
}

async function expectEmptyForm(page: Page) {
  await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  for (const name of Object.keys(MESSAGES)) await expect(field(page, name as keyof typeof MESSAGES)).toHaveValue("");
}

test.describe("the contact form with JavaScript", () => {
  test("a visitor sees the field messages, sends a message, is thanked and can send another", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/contact-us");
    await waitForHydration(page);
    await expect(page.getByRole("main")).toContainText("Monday to Friday, 9 AM to 5 PM EST");
    await expect(page.getByRole("main")).toContainText("within 24 to 48 business hours");

    await fill(page, BAD);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectFieldMessages(page);

    // Hold the submission for a moment to see the sending state.
    await page.route("**/contact-us.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await fill(page, GOOD);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();

    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Thank You!" })).toContainText(
      "We'll get back to you within the next business day.",
    );
    await page.getByRole("button", { name: "Send Another Message" }).click();
    await expectEmptyForm(page);
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(field(page, "Name")).toBeFocused();
  });

  test("a visitor who has sent too many messages is told so in an Error toast", async ({ page, request }) => {
    const ip = await useOwnIp(page);
    for (let i = 0; i < 5; i++) {
      const answer = await request.post("/api/contact", {
        headers: { "CF-Connecting-IP": ip },
        data: { name: "Pat Seller", email: `pat${i}@example.com`, phone: "6025550123", message: "Filling up the hourly limit." },
      });
      expect(answer.status()).toBe(200);
    }
    await page.goto("/contact-us");
    await waitForHydration(page);
    await fill(page, GOOD);
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Too many messages. Please try again later.");
    // What the visitor typed is still there to try again later.
    await expect(field(page, "Message")).toHaveValue(GOOD.Message);
  });
});

test.describe("the contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor sees the server's field messages, sends a message, is thanked and can send another", async ({ page }) => {
    await useOwnIp(page);
    await page.goto("/contact-us");
    await fill(page, BAD);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectFieldMessages(page);
    // What was typed comes back from the server.
    await expect(field(page, "Name")).toHaveValue(BAD.Name);

    await fill(page, GOOD);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Thank You!" })).toContainText(
      "We'll get back to you within the next business day.",
    );
    await page.getByRole("button", { name: "Send Another Message" }).click();
    await expect(page).toHaveURL(/\/contact-us\??$/);
    await expectEmptyForm(page);
  });

  test("a visitor who has sent too many messages sees the reason above the form", async ({ page, request }) => {
    const ip = await useOwnIp(page);
    for (let i = 0; i < 5; i++) {
      await request.post("/api/contact", {
        headers: { "CF-Connecting-IP": ip },
        data: { name: "Pat Seller", email: `pat${i}@example.com`, phone: "6025550123", message: "Filling up the hourly limit." },
      });
    }
    await page.goto("/contact-us");
    await fill(page, GOOD);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Too many messages. Please try again later.");
  });

  test("the FAQ shows every answer as plain text", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(21);
    await expect(page.getByRole("region", { name: "Is my data secure?" })).toContainText("scrypt");
    await expect(page.getByRole("region", { name: "How is the maximum offer calculated?" })).toContainText(
      "ARV × 70% − repair costs − assignment fee",
    );
    await expect(page.getByRole("button", { name: "Is my data secure?" })).toBeHidden();
  });
});

test.describe("the FAQ", () => {
  test("opens one answer at a time and closes an open answer on a second click", async ({ page }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    const first = page.getByRole("button", { name: "What is Breeze?" });
    const second = page.getByRole("button", { name: "How is the maximum offer calculated?" });
    await expect(page.getByRole("main").getByRole("button", { expanded: true })).toHaveCount(0);

    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("region", { name: "What is Breeze?" })).toContainText("one workspace for real-estate wholesaling");

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("region", { name: "What is Breeze?" })).toBeHidden();
    await expect(page.getByRole("region", { name: "How is the maximum offer calculated?" })).toContainText("Aggressive (60% of ARV)");

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("main").getByRole("button", { expanded: true })).toHaveCount(0);
  });

  test("ends with a Contact Support link to the contact page", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact-us");
  });
});

test("the Terms of Use show the ten sections and today's Last Updated date", async ({ page }) => {
  const today = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  await page.goto("/terms-of-use");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Use");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
    TERMS_SECTIONS.map((title, i) => `${i + 1}. ${title}`),
  );
  await expect(page.getByRole("main")).toContainText(`Last Updated: ${today}`);
  await expect(page).toHaveTitle("Terms of Use — Breeze");
});

test.describe("the footer", () => {
  for (const path of ["/", "/terms-of-use", "/contact-us", "/faq"]) {
    test(`on ${path} links to Terms of Use, Contact Support and FAQs in a new tab`, async ({ page }) => {
      await page.goto(path);
      const footer = page.getByRole("contentinfo");
      for (const [name, href] of [
        ["Terms of Use", "/terms-of-use"],
        ["Contact Support", "/contact-us"],
        ["FAQs", "/faq"],
      ]) {
        const link = footer.getByRole("link", { name });
        await expect(link).toHaveAttribute("href", href);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /noopener/);
      }
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Breeze`);
    });
  }

  test("opens the FAQ in a new tab", async ({ page }) => {
    await page.goto("/");
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("contentinfo").getByRole("link", { name: "FAQs" }).click(),
    ]);
    await expect(popup).toHaveURL(/\/faq$/);
    await expect(popup.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    await expect(page).toHaveURL(/\/$/);
  });
});

test("a 375 px wide screen shows the contact form without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/contact-us");
  for (const name of Object.keys(MESSAGES)) await expect(field(page, name as keyof typeof MESSAGES)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  const box = await page.getByRole("button", { name: "Send Message" }).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
