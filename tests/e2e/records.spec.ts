import { aBuyer, aConversation, expect, PDF, test } from "./fixtures.ts";

test.describe("empty sections", () => {
  test("a new user sees the empty states of messages, documents and Buyer Breeze", async ({ signedInPage: page }) => {
    await page.goto("/?section=messages");
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    await expect(page.getByText("No conversations yet")).toBeVisible();
    await expect(page.getByText("No conversation selected")).toBeVisible();
    await page.goto("/?section=documents");
    await expect(page.getByText("No documents found")).toBeVisible();
    await page.goto("/?section=buyer-breeze");
    await expect(page.getByRole("heading", { name: "No Buyer Leads Yet" })).toBeVisible();
    await expect(page.getByText(/Cash Buyer Wizard/)).toBeVisible();
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a user reads a conversation, drafts a reply with AI Assist and sends it", async ({ page, lead }) => {
      await aConversation(page, lead);
      await page.goto("/?section=messages");
      const detail = page.getByRole("region", { name: "Maria Lopez" });
      await expect(detail.getByText("4821 N 35th Ave, Phoenix, AZ")).toBeVisible();
      await expect(detail.getByText("Maybe. What would you pay for it?")).toBeVisible();
      await expect(detail.getByText("AI generated")).toHaveCount(1);

      await page.getByRole("button", { name: "AI Assist" }).click();
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue(/\$182,000 cash/);
      await page.getByRole("button", { name: "Send" }).click();
      await expect(detail.getByText(/we can offer \$182,000 cash/)).toBeVisible();
      await expect(detail.getByText("AI generated")).toHaveCount(2);

      await page.getByLabel("Message", { exact: true }).fill("Does Tuesday work for a walkthrough?");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(detail.getByText("Does Tuesday work for a walkthrough?")).toBeVisible();
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

      await page.getByLabel("Search conversations").fill("nobody");
      await page.getByLabel("Search conversations").press("Enter");
      await expect(page.getByText("No conversations match your search")).toBeVisible();
    });

    test("a user starts a conversation with a lead's owner from New Message", async ({ page, addLead }) => {
      await addLead({
        address: "1520 E Roosevelt St",
        city: "Phoenix",
        state: "AZ",
        zipCode: "85006",
        ownerName: "Dana Whitfield",
        ownerPhone: "(602) 555-0188",
      });
      await page.goto("/?section=messages");
      await page.getByRole("link", { name: "New Message" }).click();
      await page.getByRole("button", { name: "Start Conversation" }).click();
      // Without JavaScript the failed post lands on the form's own page, with the message next to the field.
      await expect(page.getByRole("listitem").filter({ hasText: /^Choose a contact$/ })).toBeVisible();
      await expect(page.getByLabel("Contact")).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel("Contact").selectOption({ label: "Dana Whitfield — 1520 E Roosevelt St" });
      await page.getByLabel("First message").fill("Hi Dana, are you still thinking of selling?");
      await page.getByRole("button", { name: "Start Conversation" }).click();

      const detail = page.getByRole("region", { name: "Dana Whitfield" });
      await expect(detail.getByText("1520 E Roosevelt St, Phoenix, AZ")).toBeVisible();
      await expect(detail.getByText("Hi Dana, are you still thinking of selling?")).toBeVisible();
      await expect(page).toHaveURL(/section=messages&c=/);

      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByText("Message is required")).toBeVisible();
      await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("aria-invalid", "true");
    });

    test("a user uploads a PDF, sees it under its category and views it", async ({ signedInPage: page }) => {
      await page.goto("/?section=documents&type=purchase_agreement");
      await page.getByLabel("Document file").setInputFiles({ name: "Lopez offer.pdf", mimeType: "application/pdf", buffer: PDF });
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Upload Document" }).click();
      await expect(page.getByText("Document Uploaded").first()).toBeVisible();
      await expect(page.getByText("Your document has been successfully uploaded.").first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Lopez offer.pdf" })).toBeVisible();
      await expect(page.getByText("Purchase Agreement", { exact: true })).toBeVisible();
      await expect(page.getByText("Updated just now")).toBeVisible();

      const view = await page.request.get((await page.getByRole("link", { name: "View Lopez offer.pdf" }).getAttribute("href")) ?? "");
      expect(view.headers()["content-disposition"]).toMatch(/^inline/);
      expect(view.headers()["x-content-type-options"]).toBe("nosniff");
      expect(await view.body()).toEqual(PDF);

      await page
        .getByLabel("Document file")
        .setInputFiles({ name: "evil.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html></html>") });
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Upload Document" }).click();
      await expect(page.getByText("Upload Failed").first()).toBeVisible();
      await expect(page.getByText("The file's content does not match its type").first()).toBeVisible();

      await page.getByRole("link", { name: "Templates" }).click();
      await expect(page.getByText("No documents found")).toBeVisible();
    });

    test("a user marks a document signed, then deletes it after confirming", async ({ signedInPage: page }) => {
      for (const name of ["Keep me.pdf", "Old draft.pdf"]) {
        const upload = await page.request.post("/api/documents/upload", {
          multipart: { file: { name, mimeType: "application/pdf", buffer: PDF }, type: "purchase_agreement" },
        });
        expect(upload.status()).toBe(201);
      }
      await page.goto("/?section=documents&type=purchase_agreement");
      const card = page.getByRole("article", { name: "Old draft.pdf" });
      await card.getByLabel("Status of Old draft.pdf", { exact: true }).selectOption("signed");
      await card.getByRole("button", { name: "Update the status of Old draft.pdf" }).click();
      await expect(page.getByText("Old draft.pdf is now Signed.").first()).toBeVisible();
      await expect(page.getByRole("article", { name: "Old draft.pdf" }).getByText("Signed", { exact: true }).first()).toBeVisible();
      await expect(page).toHaveURL(/type=purchase_agreement/);

      await page
        .getByRole("article", { name: "Old draft.pdf" })
        .getByRole("link", { name: "Delete Old draft.pdf" })
        .or(page.getByRole("article", { name: "Old draft.pdf" }).getByRole("button", { name: "Delete Old draft.pdf" }))
        .click();
      await expect(page.getByText("Are you sure you want to delete this document?")).toBeVisible();
      if (javaScriptEnabled) await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      else await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("The document has been deleted.").first()).toBeVisible();
      await expect(page.getByRole("article", { name: "Old draft.pdf" })).toHaveCount(0);
      await expect(page.getByRole("article", { name: "Keep me.pdf" })).toBeVisible();
    });

    test("a user generates a purchase agreement for a property", async ({ page, lead }) => {
      await aConversation(page, lead);
      await page.goto("/?section=documents");
      await page.getByRole("link", { name: "Generate Contract" }).click();
      await page.getByLabel("Property").selectOption({ label: "4821 N 35th Ave, Phoenix, AZ" });
      await page.getByLabel("Contract type").selectOption("assignment_contract");
      await page.getByRole("button", { name: "Generate PDF" }).click();
      await expect(page.getByRole("heading", { name: "Assignment-Contract-4821-N-35th-Ave.pdf" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Assignment Contracts" })).toHaveAttribute("aria-current", "page");
    });

    test("a user removes a buyer lead after confirming", async ({ signedInPage: page }) => {
      await aBuyer(page, "Lone Star Flips");
      await aBuyer(page, "Robert Kim");
      await page.goto("/buyer-breeze");
      const card = page.getByRole("article", { name: "Lone Star Flips" });
      await expect(card.getByText("Fix & Flip")).toBeVisible();
      await expect(card.getByText("$1,510,000")).toBeVisible();
      await expect(card.getByText("(214) 555-0175")).toBeVisible();
      await card
        .getByRole("link", { name: "Remove Lone Star Flips" })
        .or(card.getByRole("button", { name: "Remove Lone Star Flips" }))
        .click();
      await expect(page.getByText("Are you sure you want to remove this buyer lead?")).toBeVisible();
      if (javaScriptEnabled) await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
      else await page.getByRole("button", { name: "Yes, remove" }).click();
      await expect(page.getByText("Buyer lead removed successfully").first()).toBeVisible();
      await expect(page.getByRole("article", { name: "Lone Star Flips" })).toHaveCount(0);
      await expect(page.getByRole("article", { name: "Robert Kim" })).toBeVisible();
    });
  });
}

test("the Buyer Breeze section lists the same buyers as the page", async ({ signedInPage: page }) => {
  await aBuyer(page, "Desert Sun Holdings LLC");
  await page.goto("/?section=buyer-breeze");
  await expect(page.getByRole("heading", { name: "Buyer Breeze", level: 1 })).toBeVisible();
  await expect(page.getByRole("article", { name: "Desert Sun Holdings LLC" })).toBeVisible();
});
