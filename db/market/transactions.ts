/**
 * The money side of a synthetic property: its last transfer, the mortgage left on it, any recorded distress notice,
 * and the earlier sales that make up its history. Amounts are produced in integer cents internally so that
 * equity = value − liens holds exactly once the money columns scale them back to dollars.
 */
import { roundTo } from "./building.ts";
import { isoToDay, yearStartDay } from "./dates.ts";
import { monthsBetween, mortgageRate, priceRatio, remainingBalance } from "./finance.ts";
import { MARKET_AS_OF, type DistressNotice, type TransferType } from "./flags.ts";
import type { Metro } from "./metros.ts";
import type { OwnerKind } from "./owners.ts";
import type { Rng } from "./random.ts";

const AS_OF_DAY = isoToDay(MARKET_AS_OF);
const FIRST_LAST_SALE_DAY = isoToDay("1995-01-01");
const FIRST_HISTORY_DAY = isoToDay("1975-01-01");

export type LastTransfer = {
  day: number;
  price: number;
  cash: boolean;
  transferType: TransferType;
  /** A foreclosure notice recorded against the previous owner, followed by this auction sale. */
  auctionNotice: { notice: DistressNotice; day: number } | null;
};

export type Liens = { balanceCents: number; count: number };

export type EarlierSale = { day: number; price: number; cash: boolean; daysOnMarket: number };

/** Average years since the last transfer, by owner kind (investors bought recently; trusts hold longest). */
const MEAN_YEARS_HELD: Record<OwnerKind, number> = {
  occupant: 11,
  landlord: 12,
  heir: 7,
  company: 6,
  trust: 15,
};

export function generateLastTransfer(
  rng: Rng,
  options: { kind: OwnerKind; investor: boolean; metro: Metro; value: number; yearBuilt: number },
): LastTransfer {
  const { kind, investor, metro, value, yearBuilt } = options;
  const day = lastTransferDay(rng, kind, yearBuilt);
  const marketPrice = value * priceRatio(day, metro) * Math.exp(rng.normal(0, 0.07));

  if (kind === "heir") {
    // The estate's appraised value is recorded; no purchase, so no cash sale and no new mortgage.
    const transferType = rng.weighted<TransferType>([
      ["executor", 35],
      ["personal_representative", 25],
      ["administrator", 20],
      ["affidavit_of_death", 20],
    ]);
    return { day, price: roundTo(marketPrice, 100), cash: false, transferType, auctionNotice: null };
  }

  // Investors pick up a few homes at the foreclosure auction, at a discount and in cash.
  if (investor && rng.chance(0.05) && day - 400 > FIRST_LAST_SALE_DAY) {
    const notice: DistressNotice = metro.judicialForeclosure ? "lis_pendens" : "notice_of_trustee_sale";
    return {
      day,
      price: roundTo(marketPrice * 0.72, 100),
      cash: true,
      transferType: metro.judicialForeclosure ? "sheriff" : "trustee",
      auctionNotice: { notice, day: day - rng.int(60, 400) },
    };
  }

  const cashShare = kind === "company" ? (investor ? 0.85 : 0.5) : kind === "landlord" ? 0.35 : kind === "trust" ? 0.4 : 0.1;
  return {
    day,
    price: roundTo(marketPrice, 100),
    cash: rng.chance(cashShare),
    transferType: saleTransferType(rng, kind, metro),
    auctionNotice: null,
  };
}

/** What is still owed: amortised purchase loan, maybe refinanced or paid off, maybe with a second lien. */
export function generateLiens(rng: Rng, options: { kind: OwnerKind; transfer: LastTransfer; metro: Metro; value: number }): Liens {
  const { kind, transfer, metro, value } = options;
  if (transfer.cash) return { balanceCents: 0, count: 0 };
  if (kind === "heir") {
    // Most estates pass free and clear; some heirs keep the decedent's loan or a reverse mortgage.
    return rng.chance(0.75) ? { balanceCents: 0, count: 0 } : capLiens(value * rng.float(0.1, 0.45), 1, value);
  }

  const yearsHeld = (AS_OF_DAY - transfer.day) / 365.2425;
  if (yearsHeld >= 8 && rng.chance(0.15 + yearsHeld * 0.01)) return { balanceCents: 0, count: 0 };

  const loanToValue =
    kind === "occupant"
      ? rng.weighted([
          [0.8, 45],
          [0.9, 15],
          [0.965, 25],
          [0.95, 5],
          [0.7, 10],
        ])
      : rng.weighted([
          [0.75, 60],
          [0.8, 30],
          [0.7, 10],
        ]);
  let balance = remainingBalance(transfer.price * loanToValue, mortgageRate(transfer.day), monthsBetween(transfer.day, AS_OF_DAY));

  if (yearsHeld >= 4 && rng.chance(0.35)) {
    // A refinance (often cash-out) replaces the purchase loan with a new 30-year loan.
    const refinanceDay = rng.int(transfer.day + 730, AS_OF_DAY - 365);
    const principal = value * priceRatio(refinanceDay, metro) * rng.float(0.55, 0.8);
    balance = remainingBalance(principal, mortgageRate(refinanceDay), monthsBetween(refinanceDay, AS_OF_DAY));
  }
  const heloc = rng.chance(0.1);
  if (heloc) balance += value * rng.float(0.03, 0.12);
  return balance <= 0 ? { balanceCents: 0, count: 0 } : capLiens(balance, heloc ? 2 : 1, value);
}

/**
 * A distress notice against the current owner, more likely the more leveraged they are (which is what makes
 * preforeclosure lists skew to high-lien owners). Needs a loan and at least a year of ownership.
 */
export function generateDistressNotice(
  rng: Rng,
  options: { transfer: LastTransfer; liens: Liens; value: number; metro: Metro },
): { notice: DistressNotice; day: number } | null {
  const { transfer, liens, value, metro } = options;
  if (transfer.auctionNotice) return transfer.auctionNotice;
  if (liens.balanceCents === 0 || transfer.day > AS_OF_DAY - 365) return null;
  const loanToValue = liens.balanceCents / 100 / value;
  if (!rng.chance(0.009 + 0.14 * loanToValue * loanToValue)) return null;
  const notice: DistressNotice = metro.judicialForeclosure
    ? rng.weighted<DistressNotice>([
        ["lis_pendens", 85],
        ["notice_of_default", 15],
      ])
    : rng.weighted<DistressNotice>([
        ["notice_of_default", 55],
        ["notice_of_trustee_sale", 45],
      ]);
  return { notice, day: Math.max(transfer.day + 180, AS_OF_DAY - rng.int(10, 540)) };
}

/** 0–3 earlier sales, each earlier and cheaper than the next (most recent first is built, oldest first returned). */
export function generateEarlierSales(
  rng: Rng,
  options: { transfer: LastTransfer; metro: Metro; value: number; yearBuilt: number },
): EarlierSale[] {
  const { transfer, metro, value, yearBuilt } = options;
  const wanted = rng.weighted([
    [0, 40],
    [1, 30],
    [2, 20],
    [3, 10],
  ]);
  const earliest = Math.max(FIRST_HISTORY_DAY, yearStartDay(yearBuilt));
  const sales: EarlierSale[] = [];
  let cursorDay = transfer.day;
  let nextPrice = transfer.price;
  for (let i = 0; i < wanted; i++) {
    const gapDays = Math.round((1.5 + -Math.log(1 - rng.next()) * 6) * 365);
    const day = cursorDay - gapDays;
    if (day < earliest) break;
    const marketPrice = value * priceRatio(day, metro) * Math.exp(rng.normal(0, 0.07));
    const price = Math.max(5_000, roundTo(Math.min(marketPrice, nextPrice * 0.97), 100));
    if (price >= nextPrice) break;
    sales.push({ day, price, cash: rng.chance(0.2), daysOnMarket: daysOnMarket(rng) });
    cursorDay = day;
    nextPrice = price;
  }
  return sales.reverse();
}

/** 3–180 days, most sales within a month or two. */
export function daysOnMarket(rng: Rng): number {
  return Math.min(180, Math.max(3, Math.round(Math.exp(rng.normal(Math.log(28), 0.8)))));
}

function lastTransferDay(rng: Rng, kind: OwnerKind, yearBuilt: number): number {
  const built = Math.max(FIRST_LAST_SALE_DAY, yearStartDay(yearBuilt));
  let day = AS_OF_DAY - Math.round(-Math.log(1 - rng.next()) * MEAN_YEARS_HELD[kind] * 365.2425);
  // Long holds beyond the records window spread over its first decade rather than piling up on one day.
  if (day < FIRST_LAST_SALE_DAY) day = rng.int(FIRST_LAST_SALE_DAY, isoToDay("2005-01-01"));
  if (day < built) day = rng.int(built, AS_OF_DAY);
  return day;
}

function saleTransferType(rng: Rng, kind: OwnerKind, metro: Metro): TransferType {
  if (rng.chance(0.04)) return "quitclaim";
  if (kind === "company" && rng.chance(0.5)) return "special_warranty";
  // Nevada conveys by grant deed; the other market states by warranty deed.
  return metro.state === "NV" ? "grant" : "warranty";
}

/** Never more than 97 % of value, so equity stays ≥ 0 and equity percent within 0–100. */
function capLiens(balance: number, count: number, value: number): Liens {
  const balanceCents = Math.round(Math.min(balance, value * 0.97) * 100);
  return balanceCents > 0 ? { balanceCents, count } : { balanceCents: 0, count: 0 };
}
