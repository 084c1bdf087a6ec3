import { leadTypeLabel } from "#app/domain/leads/labels.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

import {
  acceptAndRecordFee,
  aCompany,
  aDeal,
  aListedBuyer,
  assignmentInDocuments,
  blastToConsenting,
  dealLinkIn,
  makeDealLink,
  offerAsBuyer,
  saveContract,
  uniqueTag,
} from "./dispo-steps.ts";
import { aSellerSearch, expect, queryE2eDatabase, test } from "./fixtures.ts";

/**
 * Disposition walked whole, with and without JavaScript, on a desktop and a phone: a lead the seller search found
 * (its lead pages and skip traces in the ledger) is worked into the CRM and its deal moved to Under Contract with the
 * contract's terms; its matched buyers come with their reasons; the consenting one is emailed (the dev outbox, with
 * the unsubscribe link and the deal page's link); that buyer follows the email's link signed out and makes an offer,
 * which Today lists; the user
 * accepts it, the Assignment of Contract is in Documents, the fee is received, and the dashboard's loop table shows
 * the fee and the return on what finding the lead cost, as the ledger has it.
 */

type Property = { id: string; address: string; city: string; state: string; zipCode: string; ownerName: string | null };
type Match = { name: string; mayEmail: boolean; reasons: string[] };

/** Read again until the server's database answers (it may hold its file locked for a moment). */
function fromDatabase<Row>(sql: string): Promise<Row[]> {
  let rows: Row[] = [];
  return expect(() => {
    rows = queryE2eDatabase<Row>(sql);
  })
    .toPass()
    .then(() => rows);
}

/**
 * What the ledger says finding the lead cost — its search's lead pages and skip traces, at the providers' unit costs
 * (the e2e server's local providers cost 0) — how many such charges there are, and the user's leads of that source.
 */
async function ledgerOf(email: string, propertyId: string) {
  const user = `(select id from users where email = '${email}')`;
  const source = `(select lead_type from properties where id = '${propertyId}')`;
  const [row] = await fromDatabase<{ lead_type: string; charges: number; microcents: number; leads: number }>(
    `select ${source} as lead_type,
       (select count(*) from usage_events where user_id = ${user} and kind in ('lead', 'skip_trace') and provider_request_id in
         (select id from lead_requests where user_id = ${user} and json_extract(request_params, '$.sellerType') = ${source})) as charges,
       (select coalesce(sum(cost_microcents), 0) from usage_events where user_id = ${user} and kind in ('lead', 'skip_trace')
         and provider_request_id in (select id from lead_requests where user_id = ${user}
           and json_extract(request_params, '$.sellerType') = ${source})) as microcents,
       (select count(*) from properties where user_id = ${user} and lead_type = ${source}) as leads`,
  );
  return {
    source: leadTypeLabel(row!.lead_type),
    charges: Number(row!.charges),
    spendCents: Math.round(Number(row!.microcents) / 1_000_000),
    leads: Number(row!.leads),
  };
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [1280, 375]) {
    test.describe(`${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, () => {
      test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

      test("a searched lead under contract, blasted, offered on signed out, assigned and paid: Today, Documents and the dashboard follow", async ({
        page,
        account,
        browser,
      }) => {
        test.slow(); // the whole walk, two browsers and a read of the server's database
        await aCompany(page);
        const [found] = await aSellerSearch(page);
        await page.goto("/leads/workbench");
        await page.getByRole("button", { name: "Let's Work It" }).click();
        if (javaScriptEnabled) await page.getByRole("dialog", { name: found!.addressLine }).getByRole("button", { name: "Close" }).click();
        await expect(page.getByRole("region", { name: "Offer Options" })).toBeVisible();
        const [property] = (await (await page.request.get("/api/properties")).json()) as Property[];
        const address = property!.address;
        const dealId = await aDeal(page, property!.id);

        // Moved to Under Contract from its pipeline card: the form asks for the contract's terms.
        await page.goto("/?section=pipeline");
        const card = page.getByRole("region", { name: "Lead Generation", exact: true }).getByRole("article", { name: address });
        await card.getByLabel(`Move ${address} to…`).selectOption("closing");
        await card.getByRole("button", { name: `Move ${address}` }).click();
        await saveContract(page, address, {
          contractPrice: "200,000",
          inspectionInDays: 10,
          closingInDays: 30,
          earnestMoney: "1,000",
          fee: "15,000",
        });

        const tag = uniqueTag();
        const consenting = { name: `Consenting ${tag}`, email: `yes-${tag}@buyers.example.com` };
        const silent = { name: `Silent ${tag}`, email: `no-${tag}@buyers.example.com` };
        await aListedBuyer(page, consenting.name, consenting.email, "yes");
        await aListedBuyer(page, silent.name, silent.email, "no");
        const matched = await page.request.get(`/api/deals/${dealId}/matches`);
        expect(matched.status()).toBe(200);
        const { matches } = (await matched.json()) as { matches: Match[] };
        const reasonsOf = (name: string) => matches.find((match) => match.name === name)?.reasons ?? [];
        expect(reasonsOf(consenting.name)).toContain("buy-box: Phoenix, AZ");
        expect(reasonsOf(silent.name)).toContain("no email consent");

        // The deal's page link, made first so the street is shown to buyers who leave their details; the blast's
        // email carries it, and the buyer follows it from the outbox.
        await page.goto(`/deals/${dealId}/offers`);
        const made = await makeDealLink(page, address);
        const email = await blastToConsenting(page, { dealId, consenting, silent, width });
        const link = await dealLinkIn(email);
        expect(link.pathname).toBe(made.pathname);
        await offerAsBuyer(browser, {
          link,
          place: `${property!.city}, ${property!.state} ${property!.zipCode}`,
          street: address,
          secrets: property!.ownerName ? [property!.ownerName] : [],
          offer: {
            name: consenting.name,
            email: consenting.email,
            phone: "480-555-0100",
            amount: "$228,000",
            earnestMoney: "5,000",
            closingInDays: 25,
          },
          javaScriptEnabled,
          width,
        });

        // An inquiry the user took down by phone, beside it.
        const inquiry = await page.request.post(`/api/deals/${dealId}/offers`, {
          data: { name: "Dee Inquiry", email: "dee@buyers.example" },
        });
        expect(inquiry.status()).toBe(201);

        // Each is a Today task linking to the deal's offers; declined or accepted, it is gone.
        await page.goto("/today");
        await expect(page.getByTestId("new-offer")).toHaveCount(2);
        await expect(page.getByTestId("new-offer").filter({ hasText: "Dee Inquiry" })).toContainText("New inquiry from Dee Inquiry");
        const task = page.getByTestId("new-offer").filter({ hasText: consenting.name });
        await expect(task).toContainText(`New offer of $228,000 from ${consenting.name}`);
        await expect(task).toContainText(address);
        await task.getByRole("link", { name: "Review offers" }).click();
        await expect(page.getByTestId("deal-offer").filter({ hasText: consenting.name })).toContainText("On your buyer list");
        const asked = page.getByTestId("deal-offer").filter({ hasText: "Dee Inquiry" });
        await asked.getByRole("button", { name: "Decline Inquiry" }).click();
        await expect(asked.getByText("Declined", { exact: true })).toBeVisible();
        await acceptAndRecordFee(page, { buyerName: consenting.name, feeText: "$28,000", received: "27,500" });
        await page.goto("/today");
        await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
        await expect(page.getByTestId("new-offer")).toHaveCount(0);

        await assignmentInDocuments(page, address);

        // The dashboard: the fee, and the return on the lead's source against the ledger's spend on it.
        const { source: sourceLabel, charges, spendCents, leads } = await ledgerOf(account.email, property!.id);
        expect(charges, "the search's lead pages and skip traces are in the ledger").toBeGreaterThan(0);
        await page.goto("/?section=dashboard");
        const loop = page.getByRole("region", { name: "Disposition & Marketing Return" });
        // The deal by its disposition status (fee received), assigned the day it went under contract, one offer, the fees.
        await expect(loop.getByRole("list", { name: "Deals by disposition status" }).getByRole("listitem")).toHaveText([
          /^Under Contract\s*0$/,
          /^Marketed\s*0$/,
          /^Offers In\s*0$/,
          /^Assigned\s*0$/,
          /^Fee Received\s*1$/,
          /^Days to Assign\s*0 days/,
          /^Offers per Deal\s*1\.0$/,
          /^Fee Asked\s*\$15,000$/,
          /^Fee Received\s*\$27,500$/,
        ]);
        const source = loop
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^Lead source: ${sourceLabel}\\s*\\(lead source\\)$`) }) });
        await expect(source).toHaveCount(1);
        const money = (cents: number) => formatMoney(cents / 100);
        await expect(source.getByRole("cell")).toHaveText([
          money(spendCents),
          String(leads),
          "1",
          "1",
          "$27,500",
          money(Math.round(spendCents / leads)),
          money(spendCents),
          money(spendCents),
          spendCents > 0 ? `${(Math.round((2_750_000 / spendCents) * 100) / 100).toFixed(2)}×` : "—",
        ]);
      });
    });
  }
}
