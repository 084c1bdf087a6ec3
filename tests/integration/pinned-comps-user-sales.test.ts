// "Add a comp" by address finds the user's own uploaded sales too (ADR 091/093): a sale uploaded with
// an address (the CSV's optional address column) inside the property's window becomes a comp of that user's property;
// another user's uploaded sale at the same place is never found (422, nothing written), in either direction.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { comps, pinnedComps, userSales } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { candidateWindow } from "#app/domain/valuation/cells.ts";
import * as choicesApi from "#app/routes/api.properties.$id.pinned-comps.ts";
import * as apiSalesImport from "#app/routes/api.sales.import.ts";
import { NO_SALE_AT_ADDRESS } from "#app/services/valuation/pinned-comps.server.ts";
import { subjectOfProperty } from "#app/services/valuation/property-comps.server.ts";

import { type ApiClient, type Handler } from "./api-client.ts";
import { ownValuedProperty } from "./comps-setup.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";
import { seedTestMarket, ZIPS } from "./market-fixture.ts";

const choose = choicesApi.action as Handler;
const HEADER =
  "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,year_renovated,basement_sqft,condition,quality_grade,waterfront,view,zip,lat,lon,address";

beforeAll(async () => {
  await seedTestMarket(db, 2_000);
  await seedZipPlaces(db, ZIPS);
});

/** A user with a valued property of theirs, and the property's candidate window (where an added sale must lie). */
async function ownValuedPlace(name: string) {
  const { id, ...signedIn } = await ownValuedProperty(name);
  const placed = await subjectOfProperty(testContext(), signedIn.userId, id);
  if (!placed.ok) throw new Error(placed.message);
  const window = candidateWindow(placed.subject, { valuationDate: placed.valuationDate });
  return { ...signedIn, id, subject: placed.subject, window };
}

/** Uploads one sale at the subject's place, sold inside the window, under the given address. */
async function uploadSaleAt(client: ApiClient, place: { latitude: number; longitude: number }, saleDate: string, address: string) {
  const line = `MINE-1,P-1,${saleDate},251000,3,2,1500,6000,1,1984,0,0,3,7,0,0,85008,${place.latitude},${place.longitude},"${address}"`;
  const file = new File([`${HEADER}\n${line}\n`], "my-comps.csv", { type: "text/csv" });
  const answer = await client.send(apiSalesImport.action as Handler, "POST", "/api/sales/import", { form: { file } });
  expect(await answer.json()).toMatchObject({ success: true, imported: 1 });
}

const addComp = (client: ApiClient, id: string, address: string) =>
  client.call(choose, "POST", `/api/properties/${id}/pinned-comps`, { action: "add", address }, { params: { id } });
const choicesOf = (propertyId: string) => db.select().from(pinnedComps).where(eq(pinnedComps.propertyId, propertyId));

describe("Add a comp from the user's own uploaded sales", () => {
  it("finds the user's uploaded sale by its address (any case) and values with it; another user's upload is never found", async () => {
    const owner = await ownValuedPlace("add-own-sale");
    const stranger = await ownValuedPlace("add-foreign-sale");
    // Both windows are the same property's (same address, same day); a sale a month before the valuation is inside.
    const saleDate = new Date(Date.parse(`${owner.window.beforeDate}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
    expect(saleDate >= owner.window.fromDate).toBe(true);
    await uploadSaleAt(owner.client, owner.subject, saleDate, "77 Owned Comp Way, Phoenix AZ");
    await uploadSaleAt(stranger.client, stranger.subject, saleDate, "88 Foreign Comp Way, Phoenix AZ");
    const [mine] = await db.select().from(userSales).where(eq(userSales.userId, owner.userId));
    expect(mine.address).toBe("77 Owned Comp Way, Phoenix AZ");

    const added = await addComp(owner.client, owner.id, "owned comp way");
    expect(added.status).toBe(200);
    expect(added.body.success).toBe(true);
    expect(await choicesOf(owner.id)).toMatchObject([
      { userId: owner.userId, saleId: `user-${mine.id}`, choice: "added", address: "77 Owned Comp Way, Phoenix AZ" },
    ]);
    const kept = await db
      .select({ saleId: comps.saleId })
      .from(comps)
      .where(and(eq(comps.userId, owner.userId), eq(comps.propertyId, owner.id)));
    // The comp counts once even though the upload is also one of the window's candidates.
    expect(kept.filter((comp) => comp.saleId === `user-${mine.id}`)).toHaveLength(1);

    // The other user's upload is not found by the owner, nor the owner's by the other user: 422, nothing written.
    const foreign = await addComp(owner.client, owner.id, "Foreign Comp Way");
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ success: false, message: NO_SALE_AT_ADDRESS });
    const theirs = await addComp(stranger.client, stranger.id, "Owned Comp Way");
    expect(theirs.status).toBe(422);
    expect(theirs.body.success).toBe(false);
    expect(await choicesOf(owner.id)).toHaveLength(1);
    expect(await choicesOf(stranger.id)).toHaveLength(0);
  });
});
