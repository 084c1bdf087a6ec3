/**
 * The user's deal rule (Profile → Deal Rule): a plain form post, strictly checked (whole percents, Aggressive < Fair <
 * Likely, a whole-dollar fee), stored in the user's preferences with every stored max offer recomputed in the same
 * batch; the API's tiers and checks then use it, and Fair is the max offer.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { properties, users } from "#db/schema.ts";
import { DEFAULT_DEAL_RULE } from "#app/domain/offers/deal-rule.ts";
import { maxOfferRule } from "#app/domain/offers/max-offer.ts";
import { action as patchRoute } from "#app/routes/api.properties.$id.ts";
import { action as calculateRoute } from "#app/routes/api.properties.calculate-offer.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import * as profile from "#app/routes/profile.tsx";

import type { Handler } from "./api-client.ts";
import { confirmBody, db, LEAD, withProperty } from "./offers-setup.ts";

const MINE = { aggressivePct: 55, fairPct: 65, likelyPct: 75, repairRatePct: 12, assignmentFee: 8_000 };
const form = (rule: Record<string, unknown>) => ({
  intent: "deals",
  ...Object.fromEntries(Object.entries(rule).map(([k, v]) => [k, String(v)])),
});

async function storedRule(userId: string) {
  return (await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId)).get())!.preferences.dealRule;
}
async function record(propertyId: string) {
  return db.select().from(properties).where(eq(properties.id, propertyId)).get();
}

describe("Profile's deal rule", () => {
  it("starts on the defaults, saves a rule without JavaScript and recomputes every stored max offer with it", async () => {
    const { client, userId, propertyId } = await withProperty({ arv: 300_000 });
    const loaded = await client.load<{ dealRule: typeof MINE }>(profile.loader as Handler, "/profile?tab=deals");
    expect(loaded.dealRule).toEqual(DEFAULT_DEAL_RULE);
    expect((await record(propertyId))?.ruleMaxOffer).toBe(170_000);

    const saved = await client.send(profile.action as Handler, "POST", "/profile", { form: form(MINE) });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile?tab=deals");
    expect(await storedRule(userId)).toEqual(MINE);
    // $300,000 × 65 % − 12 % repairs ($36,000) − $8,000: the SQL recompute and the screens' rule agree to the dollar.
    expect((await record(propertyId))?.ruleMaxOffer).toBe(maxOfferRule(300_000, null, null, MINE).maxOffer);
    expect((await record(propertyId))?.ruleMaxOffer).toBe(151_000);

    const again = await client.load<{ dealRule: typeof MINE }>(profile.loader as Handler, "/profile?tab=deals");
    expect(again.dealRule).toEqual(MINE);
  });

  it("refuses a rule out of order, fractional, or with a fee that is not whole dollars, naming the field; nothing is stored", async () => {
    const { client, userId } = await withProperty({ arv: 300_000 });
    for (const [bad, field] of [
      [{ ...MINE, likelyPct: 60 }, "likelyPct"],
      [{ ...MINE, aggressivePct: 70 }, "aggressivePct"],
      [{ ...MINE, fairPct: "65.5" }, "fairPct"],
      [{ ...MINE, fairPct: "101" }, "fairPct"],
      [{ ...MINE, repairRatePct: "-1" }, "repairRatePct"],
      [{ ...MINE, assignmentFee: "1e6" }, "assignmentFee"],
      [{ ...MINE, assignmentFee: "8000.50" }, "assignmentFee"],
    ] as const) {
      const refused = await client.send(profile.action as Handler, "POST", "/profile", { form: form(bad) });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      const body = (await refused.json()) as { result: { error: Record<string, string[]> } };
      expect(Object.keys(body.result.error), JSON.stringify(bad)).toContain(field);
    }
    expect(await storedRule(userId)).toBeUndefined();
  });

  it("makes calculate-offer's tiers and confirm-offer's checks the user's: Fair is the max offer, Likely above it", async () => {
    const { client, propertyId } = await withProperty({ arv: 300_000 });
    await client.send(profile.action as Handler, "POST", "/profile", { form: form(MINE) });
    const answer = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", { propertyId, arv: 300_000 });
    expect(answer.status).toBe(200);
    expect(answer.body.maxOfferRule).toEqual({ arv: 300_000, percentage: 65, repairs: 36_000, assignmentFee: 8_000, maxOffer: 151_000 });
    const options = answer.body.options as { type: string; percentage: number; offer: number; aboveMaxOffer: boolean }[];
    expect(options.map(({ type, percentage, offer, aboveMaxOffer }) => [type, percentage, offer, aboveMaxOffer])).toEqual([
      ["Aggressive", 55, 121_000, false],
      ["Fair", 65, 151_000, false],
      ["Likely", 75, 181_000, true],
    ]);

    const fair = await client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId));
    expect(fair.status).toBe(200);
    expect((fair.body.data as { offerAmount: number }).offerAmount).toBe(151_000);
    expect(fair.body.warnings).toEqual([]);
    const likely = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: "Likely" }),
    );
    expect((likely.body.warnings as { message: string }[])[0]!.message).toBe(
      "The offer of $181,000 is $30,000 above your max offer of $151,000 (ARV × 65% − repairs − assignment fee).",
    );
  });
});

describe("an estimate is never stored as an offer", () => {
  it("POST /api/properties drops a max offer that is 70 % of the value sent with it, and keeps one the user chose", async () => {
    const { client } = await withProperty();
    const guessed = await client.call(createRoute, "POST", "/api/properties", {
      ...LEAD,
      address: "2466 Mesquite Ave",
      arv: "347200",
      price: "347200",
      maxOffer: "243040",
    });
    expect(guessed.status).toBe(201);
    expect(await record(guessed.body.id as string)).toMatchObject({ maxOffer: null, ruleMaxOffer: 198_540 });
    const chosen = await client.call(createRoute, "POST", "/api/properties", {
      ...LEAD,
      address: "2468 Mesquite Ave",
      arv: "347200",
      maxOffer: "205000",
    });
    expect(await record(chosen.body.id as string)).toMatchObject({ maxOffer: 205_000 });
  });

  it("drops 70 % of either value sent alone (as-is or ARV), and keeps the same amount chosen afterwards with PATCH", async () => {
    const { client } = await withProperty();
    // The spec's workbench guesses from the as-is value: 70 % of $300,000, beside an ARV of its own.
    const fromAsIs = await client.call(createRoute, "POST", "/api/properties", {
      ...LEAD,
      address: "10 Guess St",
      arv: "320000",
      price: "300000",
      maxOffer: "210000",
    });
    expect(await record(fromAsIs.body.id as string)).toMatchObject({ maxOffer: null, arv: 320_000 });
    const fromArv = await client.call(createRoute, "POST", "/api/properties", {
      ...LEAD,
      address: "12 Guess St",
      arv: "300000",
      maxOffer: "210000",
    });
    expect(await record(fromArv.body.id as string)).toMatchObject({ maxOffer: null });
    // Rounded as the screens round it: 70 % of $347,199 is $243,039.30, shown as $243,039.
    const rounded = await client.call(createRoute, "POST", "/api/properties", {
      ...LEAD,
      address: "14 Guess St",
      price: "347199",
      maxOffer: "243039",
    });
    expect(await record(rounded.body.id as string)).toMatchObject({ maxOffer: null });

    // Choosing that very amount later, on its own, is a choice: PATCH stores it.
    const id = fromArv.body.id as string;
    const chosen = await client.call(patchRoute, "PATCH", `/api/properties/${id}`, { maxOffer: "210000" }, { params: { id } });
    expect(chosen.status).toBe(200);
    expect(await record(id)).toMatchObject({ maxOffer: 210_000 });
  });
});
