import { expect, test } from "./fixtures.ts";

/**
 * without JavaScript, a message the server refuses (only spaces pass the browser's `required` check and
 * are refused by the server's trim) comes back as a 400 page showing why, not a redirect that loses the message.
 */
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Terry's box refuses a blank question with its message on the page", async ({ signedInPage: page }) => {
    await page.goto("/?section=chat&terry=1");
    await page.getByRole("textbox", { name: "Ask Terry" }).fill("   ");
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/chat/terry");
    await page.getByRole("button", { name: "Send" }).click();
    expect((await answered).status()).toBe(400);
    await expect(page).toHaveURL(/\/chat\/terry$/);
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Ask Terry" })).toBeVisible();
  });

  test("the agent chat's box refuses a blank message with its message on the page", async ({ signedInPage: page }) => {
    await page.goto("/");
    await page.getByRole("textbox", { name: "Message" }).fill("   ");
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/chat/send");
    await page.getByRole("button", { name: "Send" }).click();
    expect((await answered).status()).toBe(400);
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  });
});
