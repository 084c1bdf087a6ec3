import { describe, expect, it } from "vitest";

import { formatBaths, formatDate, formatMoney, formatNumber, NOT_AVAILABLE } from "#app/domain/shared/format.ts";

// The reference: the spec's formats as Intl.NumberFormat spells them (format.ts groups digits itself; docs/decisions/062-number-formatting-without-intl.md).
const MONEY = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A reproducible spread of doubles: every magnitude from 1e-3 to 1e300, both signs, halves and near-halves. */
function sampleValues(): number[] {
  let seed = 20261123;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const values: number[] = [];
  for (let exponent = -3; exponent <= 300; exponent += exponent < 25 ? 1 : 7) {
    for (let i = 0; i < 40; i++) {
      const value = (1 + 9 * random()) * 10 ** exponent;
      values.push(value, -value, Math.floor(value) + 0.5, -(Math.floor(value) + 0.5));
    }
  }
  return values;
}

const EDGES = [
  0,
  -0,
  0.4,
  -0.4,
  0.5,
  -0.5,
  0.49999999999999994,
  1.5,
  2.5,
  -2.5,
  999.5,
  999_999.5,
  1234567.5,
  2 ** 53 - 1,
  2 ** 53 + 2,
  4503599627370495.5,
  1e21,
  1.5e22,
  123456789e20,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
];

describe("formatMoney and formatNumber", () => {
  it("spell every value exactly as Intl.NumberFormat does for en-US whole dollars and whole numbers", () => {
    const values = [...EDGES, ...sampleValues()];
    expect(values.length).toBeGreaterThan(6000);
    const mismatches = values
      .filter((value) => formatMoney(value) !== MONEY.format(value) || formatNumber(value) !== NUMBER.format(value))
      .map((value) => `${value}: ${formatMoney(value)} / ${MONEY.format(value)}, ${formatNumber(value)} / ${NUMBER.format(value)}`);
    expect(mismatches).toEqual([]);
  });

  it("group thousands, round half away from zero and keep the sign of negatives", () => {
    expect(formatMoney(325000)).toBe("$325,000");
    expect(formatMoney(1234567.5)).toBe("$1,234,568");
    expect(formatMoney(-2.5)).toBe("-$3");
    expect(formatMoney(-0.4)).toBe("-$0");
    expect(formatNumber(1540)).toBe("1,540");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1e21)).toBe("1,000,000,000,000,000,000,000");
  });

  it("answer N/A for a missing or non-finite value", () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(formatMoney(value)).toBe(NOT_AVAILABLE);
      expect(formatNumber(value)).toBe(NOT_AVAILABLE);
    }
  });
});

describe("formatDate", () => {
  it("spells a day or an instant as MM/DD/YYYY in UTC, and N/A for nothing or a bad date", () => {
    expect(formatDate("2026-03-07")).toBe("03/07/2026");
    expect(formatDate(new Date("2026-11-23T23:30:00Z"))).toBe("11/23/2026");
    expect(formatDate(null)).toBe(NOT_AVAILABLE);
    expect(formatDate("not a date")).toBe(NOT_AVAILABLE);
  });
});

describe("formatBaths", () => {
  it("keeps a vendor's quarter and half baths (2.25 is not 2), and no trailing zeros", () => {
    expect(formatBaths(2.25)).toBe("2.25");
    expect(formatBaths(2.5)).toBe("2.5");
    expect(formatBaths(2)).toBe("2");
    expect(formatBaths(1.333)).toBe("1.33");
    expect(formatBaths(null)).toBe(NOT_AVAILABLE);
    expect(formatBaths(Number.NaN)).toBe(NOT_AVAILABLE);
  });
});
