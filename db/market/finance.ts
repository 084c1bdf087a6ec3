/**
 * Price history and mortgage arithmetic for the synthetic market: what a home worth `value` today sold for on an
 * earlier day, and what a mortgage taken then still owes. The tables are rounded shapes of public series (a national
 * repeat-sales home price index and 30-year fixed mortgage rates), good enough for plausible equity, not for research.
 */
import { dayToYearFraction, isoToDay } from "./dates.ts";
import { MARKET_AS_OF } from "./flags.ts";
import type { Metro } from "./metros.ts";

/** National home price index at the start of each year (2000 = 100): the 2000s boom, the bust, the 2020s run-up. */
// prettier-ignore
const PRICE_INDEX: readonly (readonly [number, number])[] = [
  [1975, 35], [1980, 48], [1985, 58], [1990, 70], [1995, 80], [1996, 82], [1997, 84], [1998, 88], [1999, 93],
  [2000, 100], [2001, 107], [2002, 115], [2003, 125], [2004, 138], [2005, 157], [2006, 175], [2007, 172],
  [2008, 158], [2009, 143], [2010, 140], [2011, 134], [2012, 134], [2013, 145], [2014, 155], [2015, 162],
  [2016, 171], [2017, 181], [2018, 193], [2019, 201], [2020, 210], [2021, 240], [2022, 285], [2023, 290],
  [2024, 305], [2025, 310], [2026, 314],
];

/** Average 30-year fixed rate (percent) by year. */
// prettier-ignore
const MORTGAGE_RATES: readonly (readonly [number, number])[] = [
  [1975, 9.0], [1980, 13.7], [1985, 12.4], [1990, 10.1], [1995, 7.9], [1998, 6.9], [2000, 8.1], [2001, 7.0],
  [2003, 5.8], [2005, 5.9], [2006, 6.4], [2007, 6.3], [2008, 6.0], [2009, 5.0], [2010, 4.7], [2012, 3.7],
  [2013, 4.0], [2014, 4.2], [2016, 3.7], [2018, 4.5], [2019, 3.9], [2020, 3.1], [2021, 3.0], [2022, 5.3],
  [2023, 6.8], [2024, 6.7], [2025, 6.6], [2026, 6.3],
];

const AS_OF_DAY = isoToDay(MARKET_AS_OF);

/**
 * Price on `day` relative to MARKET_AS_OF for this metro. Metros with a larger cycle amplitude (Phoenix, Las Vegas)
 * boomed and busted harder: their ratio is the national ratio raised to that power.
 */
export function priceRatio(day: number, metro: Pick<Metro, "cycleAmplitude">): number {
  const national = interpolate(PRICE_INDEX, dayToYearFraction(day)) / interpolate(PRICE_INDEX, dayToYearFraction(AS_OF_DAY));
  return national ** metro.cycleAmplitude;
}

export function mortgageRate(day: number): number {
  return interpolate(MORTGAGE_RATES, dayToYearFraction(day));
}

/** Balance left on a fully amortising fixed-rate loan after `monthsPaid` payments. */
export function remainingBalance(principal: number, annualRatePercent: number, monthsPaid: number, termMonths = 360): number {
  if (monthsPaid >= termMonths) return 0;
  if (monthsPaid <= 0) return principal;
  const r = annualRatePercent / 100 / 12;
  const growthTerm = (1 + r) ** termMonths;
  const growthPaid = (1 + r) ** monthsPaid;
  return (principal * (growthTerm - growthPaid)) / (growthTerm - 1);
}

/** Whole months between two days (30.44-day months), never negative. */
export function monthsBetween(fromDay: number, toDay: number): number {
  return Math.max(0, Math.floor((toDay - fromDay) / 30.436875));
}

function interpolate(table: readonly (readonly [number, number])[], x: number): number {
  const first = table[0];
  const last = table[table.length - 1];
  if (!first || !last) throw new Error("empty table");
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < table.length; i++) {
    const upper = table[i];
    const lower = table[i - 1];
    if (upper && lower && x <= upper[0]) {
      return lower[1] + ((upper[1] - lower[1]) * (x - lower[0])) / (upper[0] - lower[0]);
    }
  }
  return last[1];
}
