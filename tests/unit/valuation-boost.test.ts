// The valuation engine's regression trees (app/domain/valuation/boost.ts, docs/decisions/050-valuation-engine.md) on hand-made data.
import { describe, expect, it } from "vitest";

import { boostedTrees, fitBooster, type BoostedTrees, type BoostOptions } from "#app/domain/valuation/boost.ts";

const OPTIONS: BoostOptions = { trees: 50, depth: 3, learningRate: 0.2, minLeaf: 5, bins: 32 };

/** A deterministic pseudo-random sequence (an LCG). */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** n rows of f features, uniform on [0, 1), and y = truth(row). */
function dataset(n: number, f: number, truth: (row: Float64Array) => number, seed = 7) {
  const random = rng(seed);
  const x = new Float64Array(n * f);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < f; j++) x[i * f + j] = random();
    y[i] = truth(x.subarray(i * f, (i + 1) * f));
  }
  return { x, y };
}

describe("regression trees", () => {
  it("learns a step in one feature and ignores the others", () => {
    // The second feature takes four values (as bedrooms or a grade do): the step falls between two of them.
    const { x, y } = dataset(400, 3, (row) => {
      row[1] = Math.floor(4 * row[1]);
      return row[1] < 2 ? -1 : 1;
    });
    const booster = fitBooster(x, 3, y, OPTIONS);
    expect(booster.predict([0.9, 1, 0.1])).toBeCloseTo(-1, 3);
    expect(booster.predict([0.1, 3, 0.9])).toBeCloseTo(1, 3);
    expect(booster.predict([0.5, 2, 0.5])).toBe(booster.predict([0.1, 3, 0.9]));
  });

  it("finds an interaction a sum of single-feature rates cannot", () => {
    // y = 1 only where both features are high: a linear fit gets the corners wrong, depth-2 trees do not.
    const truth = (row: ArrayLike<number>) => (row[0] > 0.5 && row[1] > 0.5 ? 1 : 0);
    const { x, y } = dataset(800, 2, truth);
    const booster = fitBooster(x, 2, y, OPTIONS);
    for (const point of [
      [0.9, 0.9],
      [0.9, 0.1],
      [0.1, 0.9],
      [0.1, 0.1],
    ]) {
      expect(Math.abs(booster.predict(point) - truth(point))).toBeLessThan(0.1);
    }
  });

  it("splits each branch by its own rows, so one tree can split its two sides on different features", () => {
    // y = 3a + (a ? b / 2 : 2c) over binary features, a = 1 in most rows: the root splits on a, then the larger side
    // on b, though over all rows c would split better (so a histogram taken from the wrong rows picks c).
    const truth = (row: ArrayLike<number>) => 3 * row[0] + (row[0] ? row[1] / 2 : 2 * row[2]);
    const { x, y } = dataset(600, 3, (row) => {
      row[0] = row[0] < 0.3 ? 0 : 1;
      for (let j = 1; j < 3; j++) row[j] = row[j] < 0.5 ? 0 : 1;
      return truth(row);
    });
    // Centred, so that over all rows each feature's split shows only its own effect.
    const mean = y.reduce((s, v) => s + v, 0) / y.length;
    const centred = y.map((v) => v - mean);
    const tree = fitBooster(x, 3, centred, { trees: 1, depth: 2, learningRate: 1, minLeaf: 1, bins: 32 });
    for (let code = 0; code < 8; code++) {
      const row = [code & 1, (code >> 1) & 1, (code >> 2) & 1];
      expect(tree.predict(row)).toBeCloseTo(truth(row) - mean, 10);
    }
  });

  it("returns what the trees leave of each training value", () => {
    const { x, y } = dataset(300, 2, (row) => 2 * row[0] + (row[1] > 0.3 ? 0.5 : 0));
    const booster = fitBooster(x, 2, y, OPTIONS);
    for (const i of [0, 17, 150, 299]) {
      expect(booster.residual[i]).toBeCloseTo(y[i] - booster.predict(x.subarray(2 * i, 2 * i + 2)), 10);
    }
    const spread = (values: ArrayLike<number>) => Math.sqrt(Array.from(values).reduce((s, v) => s + v * v, 0) / values.length);
    expect(spread(booster.residual)).toBeLessThan(0.2 * spread(y));
  });

  it("sends an unknown value to the low side of a split", () => {
    const { x, y } = dataset(400, 1, (row) => (row[0] < 0.5 ? 3 : 5));
    const booster = fitBooster(x, 1, y, OPTIONS);
    expect(booster.predict([Number.NaN])).toBeCloseTo(booster.predict([0.1]), 10);
  });

  it("never splits below the fewest rows a leaf may hold", () => {
    // Nine rows and at least five to a leaf: no split is allowed, so every row gets the shrunk mean.
    const { x, y } = dataset(9, 1, (row) => (row[0] < 0.5 ? 0 : 10));
    const booster = fitBooster(x, 1, y, OPTIONS);
    const mean = y.reduce((s, v) => s + v, 0) / y.length;
    const expected = mean * (1 - (1 - OPTIONS.learningRate) ** OPTIONS.trees);
    expect(booster.predict([0.1])).toBeCloseTo(expected, 6);
    expect(booster.predict([0.9])).toBeCloseTo(expected, 6);
  });

  it("reads a feature's cuts from at least 8 values a bin, so 128 bins are not cut from 256 values", () => {
    // 10,240 rows: a strided sample of 256 sees only every 40th row, all of them 0 here; one of 1,024 sees the others.
    const n = 10_240;
    const x = new Float64Array(n);
    for (let i = 0; i < n; i++) x[i] = i % 40 === 0 ? 0 : i;
    const y = x.map((v) => (v > n / 2 ? 1 : 0));
    const cutsAt = (bins: number) => fitBooster(x, 1, y, { ...OPTIONS, trees: 1, bins }).data().cuts[0];
    expect(cutsAt(32)).toHaveLength(0);
    const fine = cutsAt(128);
    // A quarter of that sample is 0 (every 40th row), and no cut sits at the smallest value: 127 − 32 cuts at most.
    expect(fine.length).toBeGreaterThanOrEqual(90);
    // Even quantiles of the rows: each bin between two cuts holds about n / 128 of them.
    for (let b = 1; b < fine.length; b++) {
      const inBin = x.filter((v) => v >= fine[b - 1] && v < fine[b]).length;
      expect(inBin).toBeGreaterThan(n / 128 / 2);
      expect(inBin).toBeLessThan((n / 128) * 2);
    }
  });

  it("is deterministic and refuses a bin count its bins cannot hold", () => {
    const { x, y } = dataset(200, 4, (row) => row[0] * row[3]);
    const a = fitBooster(x, 4, y, OPTIONS);
    const b = fitBooster(x, 4, y, OPTIONS);
    expect(Array.from(a.residual)).toEqual(Array.from(b.residual));
    expect(() => fitBooster(x, 4, y, { ...OPTIONS, bins: 300 })).toThrow(RangeError);
  });
});

describe("trees as data", () => {
  const { x, y } = dataset(500, 4, (row) => (row[0] < 0.5 ? 1 : -1) * row[1] + (Number.isNaN(row[2]) ? 0 : row[2] ** 2));
  // Some unknown values, which go left at a split.
  for (let i = 0; i < 500; i += 7) x[i * 4 + 2] = Number.NaN;
  const booster = fitBooster(x, 4, y, { ...OPTIONS, depth: 4 });
  const data = JSON.parse(JSON.stringify(booster.data())) as unknown;

  it("predict from their JSON what the fitted trees predict (leaves rounded to 1e-7), unknown values included", () => {
    const predict = boostedTrees(data)!;
    expect(predict).not.toBeNull();
    for (let i = 0; i < 500; i += 3) {
      const row = x.subarray(i * 4, (i + 1) * 4);
      expect(Math.abs(predict(row) - booster.predict(row))).toBeLessThan(OPTIONS.trees * 1e-7);
      expect(Math.abs(predict(row) - (y[i] - booster.residual[i]))).toBeLessThan(OPTIONS.trees * 1e-7);
    }
    expect(predict([0.2, 0.9, Number.NaN, 0.5])).toBeCloseTo(booster.predict([0.2, 0.9, Number.NaN, 0.5]), 5);
  });

  it("keep each tree in heap order, a split naming a feature and one of its cuts", () => {
    const { features, cuts, trees } = data as BoostedTrees;
    expect(features).toBe(4);
    expect(trees).toHaveLength(OPTIONS.trees);
    for (const { split, leaf } of trees) {
      expect(split.length).toBeLessThanOrEqual(2 ** 5 - 1);
      split.forEach((code, k) => {
        if (code < 0) return;
        expect(cuts[code >> 8][code & 255]).toBeDefined();
        expect(2 * k + 2).toBeLessThan(split.length);
        expect(leaf[k]).toBe(0);
      });
    }
  });

  it("are refused when they are not such trees: no predictor, rather than a wrong number or a throw", () => {
    const good = data as BoostedTrees;
    const tree = good.trees[0];
    const bad: unknown[] = [
      null,
      "trees",
      { ...good, features: 3 },
      { ...good, cuts: good.cuts.map((c) => c.map(() => Number.NaN)) },
      { ...good, trees: [{ split: [0], leaf: [1] }] },
      { ...good, trees: [{ split: [4 * 256], leaf: [0, 1, 2] }] },
      { ...good, trees: [{ split: [...tree.split], leaf: tree.leaf.slice(1) }] },
      { ...good, trees: [{ split: [-1], leaf: [Number.POSITIVE_INFINITY] }] },
    ];
    for (const data of bad) expect(boostedTrees(data)).toBeNull();
  });
});
