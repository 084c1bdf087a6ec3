// Stored text reads as it shows: control and bidi-override characters are refused in every body (a comp exclusion note
// by its schema and by the request readers), and the sales CSV refuses an unterminated quote anywhere, a duplicated
// header, control, DEL and bidi characters in a cell, and a sale dated after today.

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { pinnedComps, userSales } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { SALE_DATE_IN_FUTURE } from "#app/domain/sales/sales-csv.ts";
import { unsafeTextMessage } from "#app/domain/shared/text.ts";
import { CompPinSchema as CompChoiceSchema } from "#app/domain/valuation/pinned-comps-form.ts";
import * as choicesApi from "#app/routes/api.properties.$id.pinned-comps.ts";
import { action as createLead } from "#app/routes/api.properties.ts";
import * as apiSalesImport from "#app/routes/api.sales.import.ts";
import { action as crmChoices } from "#app/routes/crm.pinned-comps.tsx";

import { registerClient, type ApiClient, type Handler } from "./api-client.ts";
import { ownValuedProperty } from "./comps-setup.ts";
import { db } from "./db.ts";
import { seedTestMarket, ZIPS } from "./market-fixture.ts";

const choose = choicesApi.action as Handler;

beforeAll(async () => {
  await seedTestMarket(db, 2_000);
  await seedZipPlaces(db, ZIPS);
});

const UNSAFE = ["\u0000", "\u0007", "\u007f", "\u0085", "\u202e", "\u2066"];

describe("control and bidi-override characters", () => {
  it("a comp exclusion note with one is refused (API, in parallel, and the no-JS form) and nothing is stored", async () => {
    const { client, id } = await ownValuedProperty("text-note");
    const [comp] = await db.select().from(pinnedComps).where(eq(pinnedComps.propertyId, id));
    expect(comp).toBeUndefined();
    const saleId = "market-1";
    const answers = await Promise.all(
      UNSAFE.map((ch) =>
        client.call(
          choose,
          "POST",
          `/api/properties/${id}/pinned-comps`,
          { action: "exclude", saleId, reason: "other", note: `Sold ${ch}cheap` },
          { params: { id } },
        ),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect((answer.body.errors as Record<string, string[]>).note).toBeDefined();
    }
    const form = await client.send(crmChoices as Handler, "POST", "/crm/pinned-comps", {
      form: { propertyId: id, action: "exclude", saleId, reason: "other", note: "evil\u202etxt.exe" },
    });
    expect(form.status).toBeLessThan(500);
    expect(await db.select().from(pinnedComps).where(eq(pinnedComps.propertyId, id))).toEqual([]);
  });

  it("the shared refinement names the field; a tab and line breaks are plain text", () => {
    const refused = CompChoiceSchema.safeParse({ action: "exclude", saleId: "market-1", reason: "other", note: "a\u0000b" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(unsafeTextMessage("The note"));
    const kept = CompChoiceSchema.safeParse({ action: "exclude", saleId: "market-1", reason: "other", note: "line one\n\tline two" });
    expect(kept.success).toBe(true);
  });

  it("any other stored text (a lead's address and notes) with one is a 400 naming the field, nothing written", async () => {
    const { client } = await registerClient("text-lead");
    const answer = await client.call(createLead, "POST", "/api/properties", {
      address: "1 Main\u202e St",
      city: "Phoenix",
      state: "AZ",
      zipCode: "85004",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({ address: [unsafeTextMessage("address")] });
  });
});

const HEADER =
  "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,year_renovated,basement_sqft,condition,quality_grade,waterfront,view,zip,lat,lon,address";
const line = (i: number, { date = "2025-03-01", address = `${100 + i} Main St` } = {}) =>
  `T-${i},${7000 + i},${date},${400_000 + i},3,2,1500,5000,1,1970,0,0,3,7,0,0,85004,33.45,-112.07,${address}`;
const upload = (client: ApiClient, text: string) =>
  client.send(apiSalesImport.action as Handler, "POST", "/api/sales/import", {
    form: { file: new File([text], "sales.csv", { type: "text/csv" }) },
  });

describe("the sales CSV", () => {
  it("refuses each bad file with 400 naming what is wrong, and imports nothing", async () => {
    const { client, userId } = await registerClient("text-csv");
    const good = [line(1), line(2)];
    const files: [string, RegExp][] = [
      [[HEADER, ...good, `${line(3).slice(0, -12)},"1 Open St`].join("\n"), /quoted field is never closed/],
      [[HEADER, `T-9,1,2025-01-01,"400000,3`, ...good].join("\n"), /quoted field is never closed/],
      [[HEADER, `T-9,"1"x,2025-01-01,400000,3,2,1500,5000,1,1970,0,0,3,7,0,0,85004,33.45,-112.07,A`].join("\n"), /quoted field/],
      [[`${HEADER},price`, ...good.map((row) => `${row},1`)].join("\n"), /The header names price twice/],
      [[HEADER, ...good, line(3, { address: "1 Main\u007f St" })].join("\n"), /address must not contain control or bidi-override/],
      [[HEADER, ...good, line(4, { address: "1 Main\u202e St" })].join("\n"), /address must not contain control or bidi-override/],
      [[HEADER, ...good, line(5, { address: "1 Main\u0001 St" })].join("\n"), /address must not contain control or bidi-override/],
      [[HEADER, ...good, line(6, { date: "2099-01-01" })].join("\n"), new RegExp(SALE_DATE_IN_FUTURE)],
    ];
    const answers = await Promise.all(files.map(([text]) => upload(client, text)));
    for (const [i, answer] of answers.entries()) {
      const body = JSON.stringify(await answer.json());
      expect([i, answer.status]).toEqual([i, 400]);
      expect(body).toMatch(files[i]![1]);
    }
    expect(await db.select().from(userSales).where(eq(userSales.userId, userId))).toEqual([]);
    // The same rows without the fault import.
    expect((await upload(client, [HEADER, ...good].join("\n"))).status).toBe(200);
  });
});
