// The disposition buyer list: buyers added by hand (API and the no-JS page), imported from CSV all or nothing, and
// added from Buyer Breeze; each with its buy-box, its email consent as recorded (never guessed) and its cash purchases.

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { MARKET_AS_OF } from "#db/market/flags.ts";
import type { MarketBatch } from "#db/market/generate.ts";
import { buyerLeads, buyers } from "#db/schema.ts";
import * as apiBuyersImport from "#app/routes/api.buyers.import.ts";
import * as apiBuyers from "#app/routes/api.buyers.ts";
import * as buyersPage from "#app/routes/buyers.tsx";

import { registerClient, toastOf, type ApiClient, type Handler } from "./api-client.ts";
import { db } from "./db.ts";
import { seedTestMarket } from "./market-fixture.ts";

const importApi = apiBuyersImport.action as Handler;
const HEADER = "name,company,email,phone,markets,property_types,price_min,price_max,min_beds,max_repair_level,email_consent";
const GOOD = [
  'Desert Keys,Desert Keys LLC,deals@desertkeys.example,(602) 555-0141,Phoenix AZ;85019,single_family;townhouse,150000,"$250,000",3,medium,yes',
  "Marisol Vega,,marisol@example.com,,Tempe AZ,,,320000,2,heavy,no",
  "Copper State,,,,Mesa AZ,,,,,,",
];
const csv = (lines: string[], name = "buyers.csv") => new File([[HEADER, ...lines].join("\n")], name, { type: "text/csv" });
const upload = (client: ApiClient, file: Blob) => client.send(importApi, "POST", "/api/buyers/import", { form: { file } });
const mine = (userId: string) => db.select().from(buyers).where(eq(buyers.userId, userId));

let market: MarketBatch;
beforeAll(async () => {
  market = await seedTestMarket(db, 3000);
});

describe("POST /api/buyers/import", () => {
  it("imports a good file; the same file again changes nothing; a changed row updates its buyer", async () => {
    const { client, userId } = await registerClient("buyers-import");
    const first = await upload(client, csv(GOOD));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      success: true,
      message: "3 buyers imported, 0 updated, 0 unchanged.",
      imported: 3,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    const stored = await mine(userId);
    const keys = stored.find((buyer) => buyer.name === "Desert Keys")!;
    expect(keys).toMatchObject({
      company: "Desert Keys LLC",
      phone: "+16025550141",
      markets: ["Phoenix AZ", "85019"],
      propertyTypes: ["single_family", "townhouse"],
      priceMin: 150_000,
      priceMax: 250_000,
      minBeds: 3,
      maxRepairLevel: "medium",
      emailConsent: true,
      unsubscribedAt: null,
      source: "import",
    });
    expect(stored.find((buyer) => buyer.name === "Copper State")).toMatchObject({ email: null, emailConsent: false, markets: ["Mesa AZ"] });

    const again = await upload(client, csv(GOOD));
    expect(await again.json()).toMatchObject({ success: true, imported: 0, updated: 0, unchanged: 3 });
    const changed = await upload(client, csv([GOOD[0]!.replace(",3,medium,", ",4,medium,"), ...GOOD.slice(1)]));
    expect(await changed.json()).toMatchObject({ success: true, imported: 0, updated: 1, unchanged: 2 });
    const [updated] = await db.select().from(buyers).where(eq(buyers.id, keys.id));
    expect(updated!.minBeds).toBe(4);
    expect(await mine(userId)).toHaveLength(3);
  });

  it("lists every bad row with its line and column, and writes nothing, not even the good rows", async () => {
    const { client, userId } = await registerClient("buyers-import-bad");
    const lines = [
      ...GOOD,
      "No Email,,,,Phoenix AZ,,,,,,yes",
      'Bad Money,,,,,,"12,34,56",,,,',
      "Bad Level,,,,,,,,,gutted,",
      "Desert Keys,,deals@desertkeys.example,,,,,,,,",
    ];
    const answer = await upload(client, csv(lines));
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { success: boolean; imported: number; errors: { line: number; message: string }[] };
    expect(body).toMatchObject({ success: false, imported: 0 });
    expect(body.errors).toEqual([
      { line: 5, message: "email_consent: Email consent needs an email address" },
      { line: 6, message: "price_min: Minimum price must be a number" },
      { line: 7, message: "max_repair_level: Repair level must be one of light, medium, heavy" },
      { line: 8, message: "the same buyer (name and email) is already on line 2" },
    ]);
    expect(await mine(userId)).toHaveLength(0);
  });

  it("refuses a file without a name column, an unknown column, a non-CSV and no file, writing nothing", async () => {
    const { client, userId } = await registerClient("buyers-import-header");
    const noName = (await (await upload(client, new File(["email\na@b.co\n"], "x.csv"))).json()) as { errors: { line: number }[] };
    expect(noName.errors).toEqual([{ line: 1, message: expect.stringMatching(/^The header lacks name/) }]);
    const unknown = await upload(client, new File(["name,nickname\nA,B\n"], "x.csv"));
    expect(await unknown.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Unknown columns: nickname/) });
    expect((await upload(client, new File(["%PDF-1.7"], "x.pdf"))).status).toBe(400);
    const none = await client.send(importApi, "POST", "/api/buyers/import", { form: { other: "x" } });
    expect(await none.json()).toMatchObject({ success: false, message: "Please choose a CSV file to import" });
    expect(await mine(userId)).toHaveLength(0);
  });
});

describe("/api/buyers", () => {
  it("adds a buyer (201), the same name and email again is already there (200), bad fields are a 400 writing nothing", async () => {
    const { client, userId } = await registerClient("buyers-api");
    const handler = apiBuyers.action as Handler;
    const body = {
      name: "Ann Buyer",
      email: "ann@example.com",
      markets: ["Phoenix, AZ"],
      priceMax: "250,000",
      minBeds: 3,
      emailConsent: true,
    };
    const created = await client.call(handler, "POST", "/api/buyers", body);
    expect(created.status).toBe(201);
    expect(created.body.buyer).toMatchObject({ name: "Ann Buyer", consent: "Email: yes", buyBox: "Phoenix, AZ · 3+ bd · ≤ $250,000" });
    const again = await client.call(handler, "POST", "/api/buyers", { ...body, name: " ann buyer " });
    expect(again).toMatchObject({ status: 200, body: { message: "Already on your list" } });
    const bad = await client.call(handler, "POST", "/api/buyers", { name: "", priceMin: "1e6", priceMax: 100, maxRepairLevel: "x" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(["maxRepairLevel", "name", "priceMin"]);
    expect(await mine(userId)).toHaveLength(1);
    const listed = await client.call(apiBuyers.loader as Handler, "GET", "/api/buyers");
    expect(listed.body).toMatchObject({ total: 1, buyers: [{ name: "Ann Buyer", did: "No purchase record linked" }] });
  });
});

describe("/buyers without JavaScript", () => {
  const page = buyersPage.action as Handler;

  it("adds a buyer from the form with a toast, and answers field errors with a 400", async () => {
    const { client, userId } = await registerClient("buyers-page");
    const refused = await client.send(page, "POST", "/buyers", { form: { intent: "add", name: "", email: "not-an-email" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      intent: "add",
      errors: { name: ["Name is required"], email: ["Email must be an email address"] },
    });
    const form = new FormData();
    for (const [key, value] of Object.entries({ intent: "add", name: "Bo Flip", markets: "85019", minBeds: "2", maxRepairLevel: "heavy" }))
      form.set(key, value);
    form.append("propertyTypes", "single_family");
    form.append("propertyTypes", "condo");
    const added = await client.send(page, "POST", "/buyers", { form });
    expect(added.status).toBe(302);
    expect(toastOf(added)).toMatchObject({ title: "Buyer added" });
    const [row] = await mine(userId);
    expect(row).toMatchObject({ name: "Bo Flip", propertyTypes: ["single_family", "condo"], emailConsent: false, source: "manual" });
  });

  it("imports a CSV, answering the counts or each bad line", async () => {
    const { client, userId } = await registerClient("buyers-page-import");
    const bad = await client.send(page, "POST", "/buyers", { form: { intent: "import", file: csv(["X,,,,,,,,99,,"]) } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      answer: { success: false, errors: [{ line: 2, message: "min_beds: Minimum beds must be at most 20" }] },
    });
    const good = await client.send(page, "POST", "/buyers", { form: { intent: "import", file: csv(GOOD) } });
    expect(await good.json()).toMatchObject({ answer: { success: true, message: "3 buyers imported, 0 updated, 0 unchanged." } });
    expect(await mine(userId)).toHaveLength(3);
  });

  it("adds the buyers saved in Buyer Breeze once, without email consent, with their cash purchases on record", async () => {
    const { client, userId } = await registerClient("buyers-breeze");
    // An owner of the test market with cash purchases in the 12 months before the market's last day.
    const since = `${Number(MARKET_AS_OF.slice(0, 4)) - 1}${MARKET_AS_OF.slice(4)}`;
    const recent = market.properties.filter((p) => p.lastSaleCash && p.lastSaleDate >= since && p.lastSaleDate <= MARKET_AS_OF);
    const byOwner = new Map<number, typeof recent>();
    for (const home of recent) byOwner.set(home.ownerId, [...(byOwner.get(home.ownerId) ?? []), home]);
    const [ownerId, bought] = [...byOwner.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    await db.insert(buyerLeads).values([
      {
        userId,
        buyerName: "Linked Buyer",
        buyerType: "cash_buyers",
        market: "Phoenix, AZ",
        emailAddresses: ["linked@example.com"],
        sourceBuyerId: `local-owner-${ownerId}`,
      },
      { userId, buyerName: "Plain Buyer", buyerType: "fix_and_flip", market: "Tempe, AZ" },
    ]);
    const post = () => client.send(page, "POST", "/buyers", { form: { intent: "from-buyer-breeze" } });
    expect(toastOf(await post())).toMatchObject({ title: "2 buyers added from Buyer Breeze" });
    expect(toastOf(await post())).toMatchObject({ title: "No new buyers" });
    const rows = await mine(userId);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.name === "Linked Buyer")).toMatchObject({
      email: "linked@example.com",
      emailConsent: false,
      source: "buyer_breeze",
      markets: ["Phoenix, AZ"],
    });
    const { buyers: listed } = await client.load<{ buyers: { name: string; consent: string; did: string }[] }>(
      buyersPage.loader as Handler,
      "/buyers",
    );
    const linked = listed.find((buyer) => buyer.name === "Linked Buyer")!;
    expect(linked.consent).toBe("No email consent");
    const noun = bought.length === 1 ? "cash purchase" : "cash purchases";
    expect(linked.did).toMatch(
      new RegExp(`^${bought.length} ${noun} in the last 12 months in .+, at \\$[\\d,]+(–\\$[\\d,]+)?, \\d+(–\\d+)? % of value$`),
    );
    expect(listed.find((buyer) => buyer.name === "Plain Buyer")!.did).toBe("No purchase record linked");
  });
});
