/** The demo account's disposition buyers: a few Phoenix cash buyers with buy-boxes, one without email consent. */
import type { Db } from "#db/client.ts";
import { buyers } from "#db/schema.ts";
import { buyerMatchKey } from "#app/domain/dispo/buyer-schema.ts";

const DEMO_BUYERS = [
  {
    name: "Desert Keys Investments",
    company: "Desert Keys Investments LLC",
    email: "deals@desertkeys.example",
    phone: "+16025550141",
    markets: ["Phoenix, AZ"],
    propertyTypes: ["single_family"],
    priceMin: 150_000,
    priceMax: 250_000,
    minBeds: 3,
    maxRepairLevel: "medium",
    emailConsent: true,
  },
  {
    name: "Marisol Vega",
    company: null,
    email: "marisol.vega@example.com",
    phone: "+14805550172",
    markets: ["Phoenix, AZ", "85019"],
    propertyTypes: ["single_family", "townhouse"],
    priceMin: null,
    priceMax: 320_000,
    minBeds: 2,
    maxRepairLevel: "heavy",
    emailConsent: true,
  },
  {
    name: "Copper State Rentals",
    company: "Copper State Rentals Inc",
    email: "acquisitions@copperstate.example",
    phone: null,
    markets: ["Mesa, AZ"],
    propertyTypes: ["single_family", "multi_family"],
    priceMin: 100_000,
    priceMax: 400_000,
    minBeds: 3,
    maxRepairLevel: "light",
    emailConsent: false,
  },
] as const;

export async function seedDemoBuyers(db: Db, userId: string, now = new Date()): Promise<number> {
  const rows = DEMO_BUYERS.map((buyer, index) => {
    const at = new Date(now.getTime() - (index + 1) * 86_400_000);
    return {
      ...buyer,
      markets: [...buyer.markets],
      propertyTypes: [...buyer.propertyTypes],
      userId,
      source: "manual" as const,
      matchKey: buyerMatchKey(buyer),
      createdAt: at,
      updatedAt: at,
    };
  });
  const inserted = await db.insert(buyers).values(rows).onConflictDoNothing().returning({ id: buyers.id });
  return inserted.length;
}
