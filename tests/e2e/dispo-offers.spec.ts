import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import {
  acceptAndRecordFee,
  aDeal,
  assignmentInDocuments,
  makeDealLink,
  noSidewaysScroll,
  offerAsBuyer,
  saveContract,
} from "./dispo-steps.ts";
import { expect, test } from "./fixtures.ts";

/**
 * From a deal under contract to a paid fee, with and without JavaScript, on a desktop and a phone: the user makes the
 * deal's public page; a buyer opens it signed out (the seller never on it) and makes an offer; the user accepts it,
 * the Assignment of Contract is in Documents, and the fee received is recorded.
 */

const STREET = "4821 N 35th Ave";
const SELLER = {
  ownerName: "Margaret Quillfeather",
  ownerPhone: "(602) 555-0199",
  ownerMailingAddress: "77 Hidden Mail Rd, Tucson, AZ 85701",
};

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 375]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("a buyer offers on the deal page signed out; the user accepts, finds the Assignment PDF and records the fee", async ({
        page,
        addLead,
        browser,
      }) => {
        const lead = await addLead({
          ...PHOENIX_HOME,
          address: STREET,
          arv: 300000,
          repairEstimate: 25000,
          ...SELLER,
        });
        const dealId = await aDeal(page, lead.id, 200000);

        await page.goto(`/deals/${dealId}/contract`);
        const card = await saveContract(page, STREET, {
          contractPrice: "200,000",
          inspectionInDays: 10,
          closingInDays: 30,
          earnestMoney: "1,000",
          fee: "15000",
        });
        await card.getByRole("link", { name: "Deal page and offers" }).click();
        const link = await makeDealLink(page, STREET);
        if (width === 375) await noSidewaysScroll(page);

        await offerAsBuyer(browser, {
          link,
          place: "Phoenix, AZ 85019",
          street: STREET,
          secrets: ["Quillfeather", "555-0199", "Hidden Mail"],
          offer: {
            name: "Ann Buyer",
            email: "ann@buyers.example",
            phone: "480-555-0100",
            amount: "$228,000",
            earnestMoney: "5,000",
            closingInDays: 25,
          },
          javaScriptEnabled,
          width,
        });

        await page.goto(`/deals/${dealId}/offers`);
        const offer = page.getByTestId("deal-offer").filter({ hasText: "Ann Buyer" });
        await expect(offer).toContainText("$228,000");
        await expect(offer).toContainText("Proof of funds");
        await expect(offer).toContainText("Not on your buyer list");
        await acceptAndRecordFee(page, { buyerName: "Ann Buyer", feeText: "$28,000", received: "27,500" });
        if (width === 375) await noSidewaysScroll(page);

        await assignmentInDocuments(page, STREET);
      });
    });
  }
}
