// Comps the user can defend (ADR 091): excluding a comp values the property again without it through
// the same engine (a different ARV, recorded on the property) and the exclusion persists into every later comps
// search; a pinned comp stays; a sale added by address becomes a comp; another user's property answers 404 and nothing
// is written; the comp report PDF is stored in R2 and listed in Documents with the subject, the grid, the ARV's 80 %
// range and confidence words, and the method.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { comps, documents, pinnedComps, properties } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { candidateWindow } from "#app/domain/valuation/cells.ts";
import { createLocalPropertyData } from "#app/providers/property-data/local.server.ts";
import { loader as listDocumentsRoute } from "#app/routes/api.documents.ts";
import * as choicesApi from "#app/routes/api.properties.$id.pinned-comps.ts";
import { action as crmReport } from "#app/routes/crm.comp-report.tsx";
import { action as crmComps } from "#app/routes/crm.comps.tsx";
import { action as crmChoices } from "#app/routes/crm.pinned-comps.tsx";
import { loader as viewDocument } from "#app/routes/documents.$id.view.ts";
import { subjectOfProperty } from "#app/services/valuation/property-comps.server.ts";

import { registerClient, toastOf, type Handler } from "./api-client.ts";
import { ownValuedProperty } from "./comps-setup.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";
import { seedTestMarket, ZIPS } from "./market-fixture.ts";
import { pdfText } from "./pdf-text.ts";

const choose = choicesApi.action as Handler;

beforeAll(async () => {
  await seedTestMarket(db, 2_000);
  await seedZipPlaces(db, ZIPS);
});

const storedComps = (userId: string, propertyId: string) =>
  db
    .select()
    .from(comps)
    .where(and(eq(comps.userId, userId), eq(comps.propertyId, propertyId)));
const arvOf = async (propertyId: string) => (await db.select().from(properties).where(eq(properties.id, propertyId)).get())?.arv;
const choicesOf = (propertyId: string) => db.select().from(pinnedComps).where(eq(pinnedComps.propertyId, propertyId));

describe("pin, exclude and add a comp (POST /api/properties/{id}/pinned-comps and /crm/pinned-comps)", () => {
  it("excluding the weightiest comp changes the ARV, records it, and later comps searches keep it out", async () => {
    const { client, userId, id } = await ownValuedProperty("comps-exclude");
    const before = await storedComps(userId, id);
    expect(before.length).toBeGreaterThan(2);
    for (const comp of before) expect(comp.saleId).toMatch(/^(market|import)-/);
    expect(before.some((comp) => (comp.adjustments ?? []).length > 0)).toBe(true);
    const arvBefore = await arvOf(id);
    const heaviest = [...before].sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0))[0];

    const answer = await client.call(
      choose,
      "POST",
      `/api/properties/${id}/pinned-comps`,
      { action: "exclude", saleId: heaviest.saleId, reason: "distressed", note: "Sold by the bank after a fire" },
      { params: { id } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.arv).not.toBe(arvBefore);
    expect(answer.body.range_low).toBeLessThan(answer.body.arv as number);
    const after = await storedComps(userId, id);
    expect(after.map((comp) => comp.saleId)).not.toContain(heaviest.saleId);
    expect(await arvOf(id)).toBe(answer.body.arv);
    expect(await choicesOf(id)).toMatchObject([{ userId, saleId: heaviest.saleId, choice: "excluded", reason: "distressed" }]);

    // A later comps search applies it too: the same ARV, still without the comp.
    await client.send(crmComps as Handler, "POST", "/crm/comps", { urlencoded: { propertyId: id } });
    expect((await storedComps(userId, id)).map((comp) => comp.saleId)).not.toContain(heaviest.saleId);
    expect(await arvOf(id)).toBe(answer.body.arv);

    // Included again (the form, no JavaScript): back to the first ARV.
    const included = await client.send(crmChoices as Handler, "POST", "/crm/pinned-comps", {
      urlencoded: { propertyId: id, action: "include", saleId: heaviest.saleId!, returnTo: `/?section=crm&lead=${id}&comps=1` },
    });
    expect(included.status).toBe(302);
    expect(included.headers.get("Location")).toBe(`/?section=crm&lead=${id}&comps=1`);
    expect(toastOf(included)?.title).toBe("ARV Recomputed");
    expect(await arvOf(id)).toBe(arvBefore);
    expect(await choicesOf(id)).toHaveLength(0);
  });

  it("a pinned comp stays through later searches; a sale added by address becomes a comp", async () => {
    const { client, userId, id } = await ownValuedProperty("comps-pin");
    const [first] = await storedComps(userId, id);
    const pinned = await client.call(
      choose,
      "POST",
      `/api/properties/${id}/pinned-comps`,
      { action: "pin", saleId: first.saleId },
      { params: { id } },
    );
    expect(pinned.status).toBe(200);
    expect((await choicesOf(id)).map((c) => c.choice)).toEqual(["pinned"]);

    // A nearby sale the engine did not choose, named by its address.
    const placed = await subjectOfProperty(testContext(), userId, id);
    if (!placed.ok) throw new Error(placed.message);
    const window = candidateWindow(placed.subject, { valuationDate: placed.valuationDate });
    const local = createLocalPropertyData(db);
    const used = new Set((await storedComps(userId, id)).map((comp) => comp.saleId));
    const other = (await local.searchSales!(window)).find((sale) => !used.has(sale.id) && sale.address);
    expect(other).toBeDefined();
    const added = await client.call(
      choose,
      "POST",
      `/api/properties/${id}/pinned-comps`,
      { action: "add", address: other!.address },
      { params: { id } },
    );
    expect(added.status).toBe(200);
    const saleIds = (await storedComps(userId, id)).map((comp) => comp.saleId);
    expect(saleIds).toContain(first.saleId);
    const addedRow = (await choicesOf(id)).find((c) => c.choice === "added");
    expect(addedRow).toBeDefined();
    expect(saleIds).toContain(addedRow!.saleId);

    const nowhere = await client.call(
      choose,
      "POST",
      `/api/properties/${id}/pinned-comps`,
      { action: "add", address: "Nowhere Lane 99999" },
      { params: { id } },
    );
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.success).toBe(false);
  });

  it("another user's property answers 404 and writes nothing; bad bodies 400; GET 405 with Allow", async () => {
    const { userId, id } = await ownValuedProperty("comps-owner");
    const [comp] = await storedComps(userId, id);
    const arv = await arvOf(id);
    const stranger = await registerClient("comps-stranger");
    for (const body of [
      { action: "exclude", saleId: comp.saleId, reason: "other" },
      { action: "pin", saleId: comp.saleId },
      { action: "add", address: comp.address },
    ]) {
      const refused = await stranger.client.call(choose, "POST", `/api/properties/${id}/pinned-comps`, body, { params: { id } });
      expect(refused.status).toBe(404);
      expect(refused.body.success).toBe(false);
    }
    expect(await choicesOf(id)).toHaveLength(0);
    expect(await arvOf(id)).toBe(arv);

    const owner = await stranger.client.call(
      choose,
      "POST",
      `/api/properties/${id}/pinned-comps`,
      { action: "exclude", saleId: "x" },
      { params: { id } },
    );
    expect(owner.status).toBe(400);
    const long = await stranger.client.call(
      choose,
      "POST",
      `/api/properties/${id}/pinned-comps`,
      { action: "exclude", saleId: "market-1", reason: "other", note: "x".repeat(201) },
      { params: { id } },
    );
    expect(long.status).toBe(400);
    const get = await stranger.client
      .send(choicesApi.loader as Handler, "GET", `/api/properties/${id}/pinned-comps`, { params: { id } })
      .catch((r: Response) => r);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

describe("the comp report (/crm/comp-report)", () => {
  it("stores the PDF in R2, lists it in Documents, answers with the PDF's view, and it says the subject, the grid, the range, the words, the blend and the method", async () => {
    const { client, userId, id } = await ownValuedProperty("comps-report");
    const made = await client.send(crmReport as Handler, "POST", "/crm/comp-report", { urlencoded: { propertyId: id } });
    expect(made.status).toBe(303);
    const [doc] = await db.select().from(documents).where(eq(documents.userId, userId));
    expect(made.headers.get("Location")).toBe(`/documents/${doc.id}/view`);
    expect(toastOf(made)).toBeNull();
    const view = await client.send(viewDocument as Handler, "GET", `/documents/${doc.id}/view`, { params: { id: doc.id } });
    expect(view.status).toBe(200);
    expect(view.headers.get("Content-Type")).toBe("application/pdf");
    expect(doc).toMatchObject({ type: "comp_report", propertyId: id, contentType: "application/pdf" });
    const listed = await client.call(listDocumentsRoute as Handler, "GET", "/api/documents");
    expect(JSON.stringify(listed.body)).toContain(doc.id);
    const object = await env.FILES.get(doc.filePath!);
    const text = await pdfText(new Uint8Array(await object!.arrayBuffer()));
    const arv = (await arvOf(id))!;
    expect(text).toContain("COMPARABLE SALES REPORT");
    expect(text).toContain("4821 N 35th Ave");
    expect(text).toContain(`ARV: $${arv.toLocaleString("en-US")}`);
    expect(text).toContain("80 % range: $");
    expect(text).toMatch(/Confidence: (High|Medium|Low) - typically within \d+ %/);
    expect(text).toContain("Sales comparison grid");
    const [comp] = await storedComps(userId, id);
    expect(text).toContain(comp.address);
    expect(text).toContain("Method");
    // The ARV explained as the comps list explains it: each comp's weight and share, and the market model's share.
    const words = text.replace(/\s+/g, " ");
    const share = String.raw`(\d+(\.\d)? %|under 0\.1 %)`;
    expect(words).toMatch(new RegExp(String.raw`Weight ${share} of the comps \(${share} of the ARV\)\.`));
    expect(words).toMatch(/\d+ comps? used of \d+ found; (none|\d+) excluded\./);
    expect(words).toMatch(
      /The ARV blends the comps' weighted value, \$[\d,]+ \(\d+ % of the ARV\), with the market model's value, \$[\d,]+ \(\d+ % of the ARV\)\./,
    );

    const stranger = await registerClient("comps-report-2");
    const refused = await stranger.client.send(crmReport as Handler, "POST", "/crm/comp-report", { urlencoded: { propertyId: id } });
    expect(toastOf(refused)).toMatchObject({ title: "Comp Report Not Made", variant: "error" });
    expect(await db.select().from(documents).where(eq(documents.userId, stranger.userId))).toHaveLength(0);
  });
});
