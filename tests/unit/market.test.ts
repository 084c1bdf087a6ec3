// The embedded local market generator: deterministic, complete, and every stored flag equal to its definition.
// The flag checks below are written out again from the raw fields on purpose; they do not call db/market/flags.ts.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

import { monthsAfter } from "#db/market/flags.ts";
import { generateMarket, type MarketBatch, type MarketOwnerInsert, type MarketPropertyInsert } from "#db/market/generate.ts";
import { loadMetroZips } from "#db/market/metro-zips.ts";
import { METROS, type MarketZip } from "#db/market/metros.ts";
import { createRng } from "#db/market/random.ts";

const SAMPLE_SIZE = 6_000;
const NAMED_METROS = ["Phoenix AZ", "Dallas TX", "Atlanta GA", "Cleveland OH", "Tampa FL", "Detroit MI", "Charlotte NC", "Las Vegas NV"];

let zips: MarketZip[];
let sample: MarketBatch;

beforeAll(() => {
  zips = loadMetroZips();
  sample = mergeBatches(generateMarket({ zips, properties: SAMPLE_SIZE }));
});

describe("the seeded random generator", () => {
  it("gives the same sequence for the same seed and a different one for another seed", () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRng(seed).next);
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it("draws integers within the bounds, both included", () => {
    const rng = createRng("bounds");
    const seen = new Set(Array.from({ length: 2_000 }, () => rng.int(1, 6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("generateMarket", () => {
  it("is deterministic: the same seed gives identical batches, another seed a different market", () => {
    const first = (seed: number) => hashBatch(firstBatch(generateMarket({ zips, seed, properties: 5_000 })));
    expect(first(7)).toBe(first(7));
    expect(first(7)).not.toBe(first(8));
  });

  it("gives the same first chunk whatever the total, so a small market is a prefix of a big one", () => {
    const small = firstBatch(generateMarket({ zips, properties: 5_000 }));
    const big = firstBatch(generateMarket({ zips, properties: 12_000 }));
    expect(hashBatch(small)).toBe(hashBatch(big));
  });

  it("does not depend on the order of the ZIP records it is given", () => {
    const reversed = firstBatch(generateMarket({ zips: [...zips].reverse(), properties: 1_000 }));
    expect(hashBatch(reversed)).toBe(hashBatch(firstBatch(generateMarket({ zips, properties: 1_000 }))));
  });

  it("yields exactly the requested number of properties across batches, with ids from 1", () => {
    const sizes: number[] = [];
    let last: MarketPropertyInsert | undefined;
    for (const batch of generateMarket({ zips, properties: 12_345 })) {
      sizes.push(batch.properties.length);
      last = batch.properties.at(-1);
    }
    expect(sizes).toEqual([5_000, 5_000, 2_345]);
    expect(last?.id).toBe(12_345);
    expect(sample.properties.map((p) => p.id)).toEqual(range(1, SAMPLE_SIZE));
    expect(sample.owners.map((o) => o.id)).toEqual(range(1, sample.owners.length));
    expect(sample.sales.map((s) => s.id)).toEqual(range(1, sample.sales.length));
  });

  it("covers the named metros", () => {
    const metroNames = new Set(METROS.map((metro) => `${metro.city} ${metro.state}`));
    const propertyPlaces = new Set(sample.properties.map((p) => `${p.city} ${p.state}`));
    for (const name of NAMED_METROS) {
      expect(metroNames).toContain(name);
      expect(propertyPlaces).toContain(name);
    }
  });
});

describe("every flag equals its definition, recomputed from the raw fields", () => {
  it("absentee, owner-occupied and out-of-state absentee follow the mailing address", () => {
    for (const p of sample.properties) {
      const o = ownerOf(p);
      const sameAddress = squash(p.address) === squash(o.mailingStreet) && p.zip === o.mailingZip;
      expect(p.ownerOccupied).toBe(sameAddress);
      expect(p.isAbsentee).toBe(!sameAddress);
      expect(p.isOutOfStateAbsentee).toBe(o.mailingState !== p.state);
    }
  });

  it("high equity is equity ≥ 50 % of the estimated value", () => {
    for (const p of sample.properties) expect(p.isHighEquity).toBe(cents(p.equityBalance) * 2 >= cents(p.estimatedValue));
  });

  it("inherited is an executor's, administrator's or personal representative's deed or an affidavit of death", () => {
    const inheritance = ["executor", "administrator", "personal_representative", "affidavit_of_death"];
    for (const p of sample.properties) expect(p.isInherited).toBe(inheritance.includes(p.lastTransferType));
  });

  it("preforeclosure is a recorded distress notice not followed by the auction sale", () => {
    const auctioned = sample.properties.filter((p) => p.foreclosureNotice && ["trustee", "sheriff"].includes(p.lastTransferType));
    expect(auctioned.length).toBeGreaterThan(0);
    for (const p of sample.properties) {
      const notice = p.foreclosureNotice ?? null;
      const soldAtAuction = ["trustee", "sheriff"].includes(p.lastTransferType) && p.lastSaleDate >= (p.foreclosureNoticeDate ?? "");
      const expected = notice !== null && ["notice_of_default", "lis_pendens", "notice_of_trustee_sale"].includes(notice) && !soldAtAuction;
      expect(p.isPreforeclosure).toBe(expected);
    }
  });

  it("corporate owned is a non-person owner that is not a family, living or revocable trust", () => {
    for (const p of sample.properties) {
      const o = ownerOf(p);
      const personalTrust = / (Family|Living|Revocable) Trust$/.test(o.fullName);
      expect(p.isCorporateOwned).toBe(!o.isIndividual && !personalTrust);
    }
  });

  it("tired landlord is an absentee owner whose last transfer is at least 10 years before 2025-12-31", () => {
    for (const p of sample.properties) expect(p.isTiredLandlord).toBe(p.isAbsentee === true && p.lastSaleDate <= "2015-12-31");
  });

  it("owner totals count the owner's properties and cash purchases; cash buyers have ≥ 3", () => {
    const held = propertiesByOwner();
    for (const o of sample.owners) {
      const own = held.get(o.id ?? 0) ?? [];
      const cash = own.filter((p) => p.lastSaleCash).length;
      expect(o.propertyCount).toBe(own.length);
      expect(o.cashPurchaseCount).toBe(cash);
      expect(o.isCashBuyer).toBe(cash >= 3);
    }
    expect(sample.owners.some((o) => o.isCashBuyer)).toBe(true);
  });

  it("active landlord is an absentee owner who bought 6–100 of their properties after 2022-12-31", () => {
    const held = propertiesByOwner();
    for (const o of sample.owners) {
      const recent = (held.get(o.id ?? 0) ?? []).filter((p) => p.isAbsentee === true && p.lastSaleDate >= "2023-01-01").length;
      expect(o.isActiveLandlord, `owner ${o.id}`).toBe(recent >= 6 && recent <= 100);
    }
    expect(sample.owners.filter((o) => o.isActiveLandlord).length).toBeGreaterThan(3);
    // Only companies hold that many homes in this market; landlords with 1–4 never qualify.
    expect(sample.owners.filter((o) => o.isActiveLandlord).every((o) => !o.isIndividual)).toBe(true);
  });

  it("fix and flip counts sales to the owner followed by the property's next sale within 12 months", () => {
    const history = new Map<number, MarketBatch["sales"]>();
    for (const sale of sample.sales) history.set(sale.propertyId, [...(history.get(sale.propertyId) ?? []), sale]);
    const flips = new Map<number, number>();
    for (const sales of history.values()) {
      const sorted = [...sales].sort((a, b) => (a.saleDate < b.saleDate ? -1 : 1));
      sorted.forEach((sale, i) => {
        const next = sorted[i + 1];
        const yearLater = `${Number(sale.saleDate.slice(0, 4)) + 1}${sale.saleDate.slice(4)}`;
        if (sale.buyerOwnerId && next && next.saleDate <= yearLater) flips.set(sale.buyerOwnerId, (flips.get(sale.buyerOwnerId) ?? 0) + 1);
      });
    }
    for (const o of sample.owners) expect(o.flipCount, `owner ${o.id}`).toBe(flips.get(o.id ?? 0) ?? 0);
    const flippers = sample.owners.filter((o) => (o.flipCount ?? 0) > 0);
    expect(flippers.length).toBeGreaterThan(5);
    // Flippers are investor companies that still hold homes; a flipped home's last sale is its resale to the owner.
    for (const o of flippers) {
      expect(o.isIndividual).toBe(false);
      expect(o.propertyCount).toBeGreaterThanOrEqual(3);
    }
    for (const p of sample.properties) expect(history.get(p.id ?? 0)?.at(-1)?.buyerOwnerId).toBe(p.ownerId);
  });

  it("cash buyers hold 3–100 properties bought without a mortgage", () => {
    const cashBuyers = sample.owners.filter((o) => o.cashPurchaseCount >= 3 && o.cashPurchaseCount <= 100);
    expect(cashBuyers.length).toBeGreaterThan(10);
    expect(cashBuyers.every((o) => o.isCashBuyer)).toBe(true);
    expect(sample.owners.filter((o) => o.isCashBuyer)).toEqual(cashBuyers);
  });

  it("each seller type occurs at a plausible rate", () => {
    const share = (flag: (p: MarketPropertyInsert) => boolean | undefined) =>
      sample.properties.filter((p) => flag(p) === true).length / SAMPLE_SIZE;
    expect(share((p) => p.ownerOccupied)).toBeGreaterThan(0.6);
    expect(share((p) => p.ownerOccupied)).toBeLessThan(0.72);
    expect(share((p) => p.isPreforeclosure)).toBeGreaterThan(0.015);
    expect(share((p) => p.isPreforeclosure)).toBeLessThan(0.05);
    expect(share((p) => p.isInherited)).toBeGreaterThan(0.03);
    expect(share((p) => p.isInherited)).toBeLessThan(0.05);
    expect(share((p) => p.isCorporateOwned)).toBeGreaterThan(0.09);
    expect(share((p) => p.isCorporateOwned)).toBeLessThan(0.15);
    for (const flag of [
      (p: MarketPropertyInsert) => p.isOutOfStateAbsentee,
      (p: MarketPropertyInsert) => p.isHighEquity,
      (p: MarketPropertyInsert) => p.isTiredLandlord,
    ]) {
      expect(share(flag)).toBeGreaterThan(0.02);
    }
  });
});

describe("monthsAfter (the 12-month flip window)", () => {
  it("moves by calendar months and clamps to the month's last day", () => {
    expect(monthsAfter("2024-03-15", 12)).toBe("2025-03-15");
    expect(monthsAfter("2024-02-29", 12)).toBe("2025-02-28");
    expect(monthsAfter("2023-01-31", 1)).toBe("2023-02-28");
    expect(monthsAfter("2023-11-30", 3)).toBe("2024-02-29");
  });
});

describe("owner contact details are fictional", () => {
  it("phones are E.164 in the reserved 555-0100…0199 range, some on the do-not-call list", () => {
    const phones = sample.owners.flatMap((o) => o.phones);
    expect(sample.owners.every((o) => o.phones.length >= 1 && o.phones.length <= 3)).toBe(true);
    for (const phone of phones) {
      expect(phone.number).toMatch(/^\+1\d{3}555\d{4}$/);
      expect(phone.number).toMatch(/^\+1\d{3}55501\d{2}$/);
      expect(["mobile", "landline"]).toContain(phone.type);
    }
    const dncShare = phones.filter((phone) => phone.dnc).length / phones.length;
    expect(dncShare).toBeGreaterThan(0.1);
    expect(dncShare).toBeLessThan(0.2);
  });

  it("emails exist only on the reserved example domains, for about 60 % of individuals", () => {
    for (const email of sample.owners.flatMap((o) => o.emails)) expect(email).toMatch(/^[a-z0-9.]+@example\.(com|net)$/);
    const individuals = sample.owners.filter((o) => o.isIndividual);
    const withEmail = individuals.filter((o) => o.emails.length > 0).length / individuals.length;
    expect(withEmail).toBeGreaterThan(0.5);
    expect(withEmail).toBeLessThan(0.7);
  });
});

describe("values are plausible", () => {
  it("has no NaN, equity = value − liens to the cent, percentages within 0–100, and US coordinates", () => {
    for (const p of sample.properties) {
      for (const [key, value] of Object.entries(p)) {
        if (typeof value === "number") expect(Number.isFinite(value), key).toBe(true);
      }
      expect(cents(p.equityBalance)).toBe(cents(p.estimatedValue) - cents(p.openLienBalance));
      expect(p.openLienBalance).toBeGreaterThanOrEqual(0);
      expect(p.equityPercent).toBeGreaterThanOrEqual(0);
      expect(p.equityPercent).toBeLessThanOrEqual(100);
      expect(p.latitude).toBeGreaterThan(24);
      expect(p.latitude).toBeLessThan(50);
      expect(p.longitude).toBeGreaterThan(-125);
      expect(p.longitude).toBeLessThan(-66);
      expect(p.lastSaleCash && p.openLienBalance > 0).toBe(false);
      expect(p.openLienCount === 0).toBe(p.openLienBalance === 0);
    }
  });

  it("has building facts in the assessor ranges", () => {
    for (const p of sample.properties) {
      expect(["single_family", "condo", "townhouse", "multi_family"]).toContain(p.propertyType);
      expect(p.bedrooms).toBeGreaterThanOrEqual(1);
      expect(p.bedrooms).toBeLessThanOrEqual(6);
      expect(Number.isInteger(p.bathrooms * 4)).toBe(true);
      expect([1, 1.5, 2, 3]).toContain(p.stories);
      expect(p.yearBuilt).toBeGreaterThanOrEqual(1900);
      expect(p.yearBuilt).toBeLessThanOrEqual(2024);
      expect(p.yearRenovated === 0 || p.yearRenovated > p.yearBuilt).toBe(true);
      expect(p.condition).toBeGreaterThanOrEqual(1);
      expect(p.condition).toBeLessThanOrEqual(5);
      expect(p.qualityGrade).toBeGreaterThanOrEqual(4);
      expect(p.qualityGrade).toBeLessThanOrEqual(12);
      expect(p.lastSaleDate >= "1995-01-01" && p.lastSaleDate <= "2025-12-31").toBe(true);
      expect(p.apn).toMatch(/^\d{3}-\d{2}-\d{3}$/);
      expect(p.address).toMatch(/^\d+ ([NSEW] )?[A-Z][A-Za-z ]+ [A-Z][a-z]+( Unit \d+)?$/);
    }
    const share = (test: (p: MarketPropertyInsert) => boolean) => sample.properties.filter(test).length / SAMPLE_SIZE;
    expect(share((p) => p.propertyType === "single_family")).toBeGreaterThan(0.7);
    expect(share((p) => p.condition === 3)).toBeGreaterThan(0.4);
    expect(share((p) => p.qualityGrade === 7)).toBeGreaterThan(0.3);
  });

  it("prices by metro: Phoenix costs more per square foot than Cleveland and Detroit", () => {
    const medianPerSqft = (city: string) => {
      const perSqft = sample.properties.filter((p) => p.city === city).map((p) => p.estimatedValue / p.squareFeet);
      perSqft.sort((a, b) => a - b);
      return perSqft[Math.floor(perSqft.length / 2)] ?? 0;
    };
    expect(medianPerSqft("Phoenix")).toBeGreaterThan(180);
    expect(medianPerSqft("Cleveland")).toBeLessThan(150);
    expect(medianPerSqft("Detroit")).toBeLessThan(medianPerSqft("Cleveland"));
  });

  it("has 1–4 sales per property: the last equals the last sale, earlier ones earlier and cheaper", () => {
    const byProperty = new Map<number, MarketBatch["sales"]>();
    for (const sale of sample.sales) byProperty.set(sale.propertyId, [...(byProperty.get(sale.propertyId) ?? []), sale]);
    for (const p of sample.properties) {
      const history = byProperty.get(p.id ?? 0) ?? [];
      expect(history.length).toBeGreaterThanOrEqual(1);
      expect(history.length).toBeLessThanOrEqual(4);
      const last = history.at(-1);
      expect(last?.saleDate).toBe(p.lastSaleDate);
      expect(last?.price).toBe(p.lastSalePrice);
      expect(last?.cash).toBe(p.lastSaleCash);
      // The last sale records the property's last deed; the history before it is arm's-length sales.
      expect(last?.transferType).toBe(p.lastTransferType);
      for (const earlier of history.slice(0, -1)) expect(earlier.transferType).toBe("warranty");
      for (let i = 1; i < history.length; i++) {
        const [earlier, later] = [history[i - 1], history[i]];
        expect(earlier && later && earlier.saleDate < later.saleDate && earlier.price < later.price).toBe(true);
      }
      for (const sale of history) {
        expect(sale.daysOnMarket).toBeGreaterThanOrEqual(3);
        expect(sale.daysOnMarket).toBeLessThanOrEqual(180);
        expect([sale.latitude, sale.longitude]).toEqual([p.latitude, p.longitude]);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

function ownerOf(property: MarketPropertyInsert): MarketOwnerInsert {
  const owner = ownersById().get(property.ownerId);
  if (!owner) throw new Error(`property ${property.id} has no owner ${property.ownerId} in its batch`);
  return owner;
}

let ownerIndex: Map<number, MarketOwnerInsert> | undefined;
function ownersById(): Map<number, MarketOwnerInsert> {
  ownerIndex ??= new Map(sample.owners.map((o) => [o.id ?? 0, o]));
  return ownerIndex;
}

function propertiesByOwner(): Map<number, MarketPropertyInsert[]> {
  const held = new Map<number, MarketPropertyInsert[]>();
  for (const p of sample.properties) held.set(p.ownerId, [...(held.get(p.ownerId) ?? []), p]);
  return held;
}

function firstBatch(batches: Iterable<MarketBatch>): MarketBatch {
  for (const batch of batches) return batch;
  throw new Error("no batch");
}

function mergeBatches(batches: Iterable<MarketBatch>): MarketBatch {
  const merged: MarketBatch = { owners: [], properties: [], sales: [] };
  for (const batch of batches) {
    merged.owners.push(...batch.owners);
    merged.properties.push(...batch.properties);
    merged.sales.push(...batch.sales);
  }
  return merged;
}

function hashBatch(batch: MarketBatch): string {
  return createHash("sha256").update(JSON.stringify(batch)).digest("hex");
}

function squash(street: string): string {
  return street.toUpperCase().replace(/[.,#]/g, " ").replace(/\s+/g, " ").trim();
}

function cents(dollars: number): number {
  return Math.round(dollars * 100);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
