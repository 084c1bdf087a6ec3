/**
 * The embedded local market: a deterministic synthetic property market over real ZIP geography.
 *
 * `generateMarket` is a generator of batches (one per chunk of up to 5,000 properties) so a million properties never
 * sit in memory at once. Each chunk is complete on its own: an owner's whole portfolio is decided when the owner is
 * created and emitted in the same chunk, so owner totals (property count, cash purchases, cash buyer) and every flag
 * are computed from data at hand, through flags.ts. Ids are integers from 1, continuing across chunks.
 *
 * Pure: no I/O, no clock, no Math.random. The caller passes the ZIP records (the seed CLI loads them from `zipcodes`).
 */
import type { MarketBatch, MarketOwnerInsert, MarketPropertyInsert, MarketSaleInsert } from "./batch.ts";
import { estimateBuildingValue, generateBuilding, type PropertyType } from "./building.ts";
import { dayToIso } from "./dates.ts";
import { computeOwnerTotals, computePropertyFlags, type PropertyFlags } from "./flags.ts";
import { addFlips, type Investor } from "./flips.ts";
import { METROS, type MarketZip, type Metro } from "./metros.ts";
import { streetAddress } from "./names.ts";
import {
  mailingAtProperty,
  mailingElsewhere,
  OWNER_PROPERTY_SHARES,
  ownerEmails,
  ownerIdentity,
  ownerPhones,
  planPortfolioSize,
  planResidence,
  type OwnerKind,
} from "./owners.ts";
import { createRng, DEFAULT_MARKET_SEED, type Rng } from "./random.ts";
import { daysOnMarket, generateDistressNotice, generateEarlierSales, generateLastTransfer, generateLiens } from "./transactions.ts";
import { buildZipIndex, pickMetroZips, pickZip, traitsOf, type MetroZips, type ZipIndex } from "./zip-index.ts";

export type { MarketBatch, MarketOwnerInsert, MarketPropertyInsert, MarketSaleInsert };

export const DEFAULT_MARKET_PROPERTIES = 40_000;
export const MARKET_CHUNK_SIZE = 5_000;

export type GenerateMarketOptions = {
  /** The market's ZIPs, each tagged with its metro (see db/market/metro-zips.ts). */
  zips: readonly MarketZip[];
  seed?: number | string;
  properties?: number;
  chunkSize?: number;
  metros?: readonly Metro[];
};

const PROPERTY_TYPE_WEIGHTS: Record<OwnerKind, readonly (readonly [PropertyType, number])[]> = {
  occupant: [
    ["single_family", 80],
    ["condo", 9],
    ["townhouse", 8],
    ["multi_family", 3],
  ],
  landlord: [
    ["single_family", 70],
    ["condo", 10],
    ["townhouse", 8],
    ["multi_family", 12],
  ],
  heir: [
    ["single_family", 88],
    ["condo", 5],
    ["townhouse", 4],
    ["multi_family", 3],
  ],
  company: [
    ["single_family", 72],
    ["condo", 6],
    ["townhouse", 6],
    ["multi_family", 16],
  ],
  trust: [
    ["single_family", 85],
    ["condo", 7],
    ["townhouse", 6],
    ["multi_family", 2],
  ],
};

type OwnerPlan = { kind: OwnerKind; size: number };
type IdCounters = { owner: number; property: number; sale: number };
type PropertyDraft = Omit<MarketPropertyInsert, keyof PropertyFlags>;

export function* generateMarket(options: GenerateMarketOptions): Generator<MarketBatch, void, undefined> {
  const seed = options.seed ?? DEFAULT_MARKET_SEED;
  const total = options.properties ?? DEFAULT_MARKET_PROPERTIES;
  const chunkSize = options.chunkSize ?? MARKET_CHUNK_SIZE;
  if (!Number.isInteger(total) || total < 0) throw new Error(`properties must be a whole number ≥ 0, got ${total}`);
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new Error(`chunkSize must be a whole number ≥ 1, got ${chunkSize}`);

  const index = buildZipIndex(options.zips, options.metros ?? METROS, seed);
  const ids: IdCounters = { owner: 1, property: 1, sale: 1 };
  for (let chunk = 0, done = 0; done < total; chunk++) {
    const size = Math.min(chunkSize, total - done);
    // One generator per chunk: chunk k is the same whatever the total, so a small market is a prefix of a big one.
    yield generateChunk(createRng(seed, chunk), createRng(seed, chunk, FLIP_STREAM), index, size, ids);
    done += size;
  }
}

/** The flips' own random stream (see flips.ts), apart from the chunk's. */
const FLIP_STREAM = 0xf119;

function generateChunk(rng: Rng, flipRng: Rng, index: ZipIndex, size: number, ids: IdCounters): MarketBatch {
  const batch: MarketBatch = { owners: [], properties: [], sales: [] };
  const firstSaleId = ids.sale;
  const investors: Investor[] = [];
  // Shuffled so owner kinds interleave instead of filling id ranges one kind at a time.
  for (const plan of rng.shuffle(planOwners(rng, size))) emitOwner(rng, index, plan, ids, batch, investors);
  ids.sale = addFlips(flipRng, batch, investors, firstSaleId);
  return batch;
}

/** Owners whose portfolios add up to exactly `size` properties, in the shares OWNER_PROPERTY_SHARES sets. */
function planOwners(rng: Rng, size: number): OwnerPlan[] {
  const plans: OwnerPlan[] = [];
  let assigned = 0;
  OWNER_PROPERTY_SHARES.forEach(([kind, share], i) => {
    const isLast = i === OWNER_PROPERTY_SHARES.length - 1;
    const quota = Math.min(size - assigned, isLast ? size - assigned : Math.round(size * share));
    for (let left = quota; left > 0;) {
      const portfolio = Math.min(left, planPortfolioSize(rng, kind));
      plans.push({ kind, size: portfolio });
      left -= portfolio;
    }
    assigned += quota;
  });
  return plans;
}

function emitOwner(rng: Rng, index: ZipIndex, plan: OwnerPlan, ids: IdCounters, batch: MarketBatch, investors: Investor[]): void {
  const home = pickMetroZips(rng, index);
  const identity = ownerIdentity(rng, plan.kind);
  const residence = planResidence(rng, plan.kind);
  const investor = plan.kind === "company" && plan.size >= 3;
  // Investors concentrate in a few neighbourhoods.
  const focus = investor ? [pickZip(rng, home), pickZip(rng, home), pickZip(rng, home)] : [];
  const ownerId = ids.owner++;

  const drafts: PropertyDraft[] = [];
  for (let i = 0; i < plan.size; i++) {
    const zip = focus.length > 0 && rng.chance(0.6) ? rng.pick(focus) : pickZip(rng, home);
    drafts.push(draftProperty(rng, { index, home, zip, kind: plan.kind, investor, ownerId, ids, sales: batch.sales }));
  }

  const [first] = drafts;
  if (!first) throw new Error("an owner plan with no properties");
  const mailing = residence === "occupies" ? mailingAtProperty(first, home) : mailingElsewhere(rng, index, home, residence, plan.kind);
  const { areaCodes, ...mailingAddress } = mailing;
  const contact = {
    id: ownerId,
    ...identity,
    ...mailingAddress,
    phones: ownerPhones(rng, areaCodes, plan.kind),
    emails: ownerEmails(rng, identity),
  };
  const properties = drafts.map((draft) => ({ ...draft, ...computePropertyFlags(draft, contact) }));
  // flipCount is set once the chunk's flips are drawn (flips.ts).
  batch.owners.push({ ...contact, ...computeOwnerTotals(properties), flipCount: 0 });
  batch.properties.push(...properties);
  if (investor) investors.push({ ownerId, state: home.metro.state });
}

type DraftContext = {
  index: ZipIndex;
  home: MetroZips;
  zip: MarketZip;
  kind: OwnerKind;
  investor: boolean;
  ownerId: number;
  ids: IdCounters;
  /** The batch's sales, to which this property's history is appended. */
  sales: MarketSaleInsert[];
};

function draftProperty(rng: Rng, context: DraftContext): PropertyDraft {
  const { index, home, zip, kind, investor, ownerId, ids } = context;
  const metro = home.metro;
  const traits = traitsOf(index, zip);
  const building = generateBuilding(rng, metro, traits, rng.weighted(PROPERTY_TYPE_WEIGHTS[kind]));
  const value = estimateBuildingValue(rng, building, metro, traits);
  const transfer = generateLastTransfer(rng, { kind, investor, metro, value, yearBuilt: building.yearBuilt });
  const liens = generateLiens(rng, { kind, transfer, metro, value });
  const notice = generateDistressNotice(rng, { transfer, liens, value, metro });
  const valueCents = value * 100;
  const equityCents = valueCents - liens.balanceCents;

  const id = ids.property++;
  const latitude = round6(zip.latitude + rng.normal(0, 0.012));
  const longitude = round6(zip.longitude + rng.normal(0, 0.012) / Math.cos((zip.latitude * Math.PI) / 180));
  const address = streetAddress(rng, { unit: building.propertyType === "condo" });
  const history = generateEarlierSales(rng, { transfer, metro, value, yearBuilt: building.yearBuilt });
  for (const sale of history) {
    // Who bought at earlier sales is not on record; the last sale's buyer is the owner.
    context.sales.push({
      id: ids.sale++,
      propertyId: id,
      saleDate: dayToIso(sale.day),
      price: sale.price,
      cash: sale.cash,
      // Earlier sales in the history are ordinary arm's-length sales.
      transferType: "warranty",
      daysOnMarket: sale.daysOnMarket,
      latitude,
      longitude,
      buyerOwnerId: null,
    });
  }
  const lastSaleDate = dayToIso(transfer.day);
  context.sales.push({
    id: ids.sale++,
    propertyId: id,
    saleDate: lastSaleDate,
    price: transfer.price,
    cash: transfer.cash,
    transferType: transfer.transferType,
    daysOnMarket: daysOnMarket(rng),
    latitude,
    longitude,
    buyerOwnerId: ownerId,
  });

  return {
    id,
    apn: `${rng.int(100, 999)}-${rng.int(10, 99)}-${rng.int(100, 999)}`,
    address,
    city: zip.city,
    state: zip.state,
    zip: zip.zip,
    latitude,
    longitude,
    ...building,
    ownerId,
    estimatedValue: value,
    openLienBalance: liens.balanceCents / 100,
    openLienCount: liens.count,
    equityBalance: equityCents / 100,
    equityPercent: Math.round((equityCents / valueCents) * 10_000) / 100,
    lastSalePrice: transfer.price,
    lastSaleDate,
    lastSaleCash: transfer.cash,
    lastTransferType: transfer.transferType,
    foreclosureNotice: notice?.notice ?? null,
    foreclosureNoticeDate: notice ? dayToIso(notice.day) : null,
  };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
