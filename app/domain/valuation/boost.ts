/**
 * Gradient-boosted regression trees for the valuation engine (docs/decisions/050-valuation-engine.md): squared loss, trees of a fixed
 * depth whose splits are searched over each feature's quantile bins (a parent's histogram less its smaller child's
 * gives the larger child's). Pure and deterministic.
 */
import { isRecord } from "#app/domain/shared/guards.ts";

export interface BoostOptions {
  trees: number;
  depth: number;
  learningRate: number;
  /** The fewest rows a leaf may hold. */
  minLeaf: number;
  /** Quantile bins per feature (at most 256). */
  bins: number;
}

export interface Booster {
  /** The sum of the trees for one row of features (unknown = NaN). */
  predict(row: ArrayLike<number>): number;
  /** y less the trees' fit, for every training row. */
  residual: Float64Array;
  /** The trees as plain data (JSON), for `boostedTrees` to predict from elsewhere. */
  data(): BoostedTrees;
}

/**
 * Fitted trees as plain data, small enough to keep in a database row: each feature's bin cuts once, and each tree in
 * heap order (node k's children at 2k + 1 and 2k + 2), `split[k]` = feature × 256 + bin (the threshold is that
 * feature's cut at that bin) or −1 at a leaf, `leaf[k]` its value (rounded to 1e-7).
 */
export interface BoostedTrees {
  features: number;
  cuts: number[][];
  trees: { split: number[]; leaf: number[] }[];
}

/** A tree as flat arrays: feature < 0 marks a leaf; rows go left when their value is unknown or below the threshold. */
interface Tree {
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
}

/** The bin cuts are read from at most this many values per feature, or CUT_SAMPLE_PER_BIN a bin if that is more. */
const CUT_SAMPLE = 256;
/** Values per bin the cuts are read from at least: 128 bins cut from 256 values would place each cut by two of them. */
const CUT_SAMPLE_PER_BIN = 8;

/** Sums of residuals and row counts per feature and bin. */
type Histogram = { g: Float64Array; c: Float64Array };
/** The rows a tree is grown on: their order (`index`, partitioned node by node), residuals and bins, `f` features of `B` bins. */
type Rows = { index: Int32Array; residual: Float64Array; binned: Uint8Array; f: number; B: number };

/** The histogram of the rows index[start..end). */
function fillHistogram({ index, residual, binned, f, B }: Rows, start: number, end: number, h: Histogram) {
  const hg = h.g;
  const hc = h.c;
  hg.fill(0);
  hc.fill(0);
  for (let k = start; k < end; k++) {
    const i = index[k];
    const r = residual[i];
    const row = i * f;
    for (let j = 0, cell = 0; j < f; j++, cell += B) {
      const at = cell + binned[row + j];
      hg[at] += r;
      hc[at] += 1;
    }
  }
}

/** The split of a node (residual sum g over count rows) that gains most, both sides at least minLeaf rows; feature -1: none. */
function bestSplit(h: Histogram, cuts: Float64Array[], B: number, g: number, count: number, minLeaf: number) {
  const parentGain = (g * g) / count;
  let best = 1e-12;
  let bestFeature = -1;
  let bestBin = -1;
  for (let j = 0; j < cuts.length; j++) {
    const bins = cuts[j].length + 1;
    let lg = 0;
    let lc = 0;
    for (let b = 0; b < bins - 1; b++) {
      lg += h.g[j * B + b];
      lc += h.c[j * B + b];
      if (lc < minLeaf) continue;
      const rc = count - lc;
      if (rc < minLeaf) break;
      const rg = g - lg;
      const gain = (lg * lg) / lc + (rg * rg) / rc - parentGain;
      if (gain > best) {
        best = gain;
        bestFeature = j;
        bestBin = b;
      }
    }
  }
  return { bestFeature, bestBin };
}

/** Moves the rows at or below the split's bin to the front of index[start..end); the first row of the right side. */
function partition({ index, binned, f }: Rows, start: number, end: number, feature: number, bin: number): number {
  let mid = start;
  for (let k = start; k < end; k++) {
    const i = index[k];
    if (binned[i * f + feature] <= bin) {
      index[k] = index[mid];
      index[mid] = i;
      mid++;
    }
  }
  return mid;
}

/** Fits trees to y: n rows of `f` features in `x`, row-major, NaN = unknown. */
export function fitBooster(x: Float64Array, f: number, y: Float64Array, options: BoostOptions): Booster {
  if (!(options.bins >= 2 && options.bins <= 256)) throw new RangeError(`bins must be 2–256, got ${options.bins}`);
  const n = y.length;
  const { cuts, binned } = binRows(x, f, n, options.bins);
  const B = options.bins;
  const residual = Float64Array.from(y);
  const trees: Tree[] = [];
  const maxNodes = 2 ** (options.depth + 1) - 1;
  const index = new Int32Array(n);
  // One histogram (sum of residuals and row count per feature and bin) per depth, two per level for the children.
  const histograms = Array.from({ length: 2 * (options.depth + 1) }, () => ({ g: new Float64Array(f * B), c: new Float64Array(f * B) }));
  for (let t = 0; t < options.trees; t++) {
    for (let i = 0; i < n; i++) index[i] = i;
    const tree: Tree = {
      feature: new Int32Array(maxNodes).fill(-1),
      threshold: new Float64Array(maxNodes),
      left: new Int32Array(maxNodes),
      right: new Int32Array(maxNodes),
      value: new Float64Array(maxNodes),
    };
    let nodes = 0;

    const rows: Rows = { index, residual, binned, f, B };
    const fill = (start: number, end: number, h: Histogram) => fillHistogram(rows, start, end, h);

    const grow = (start: number, end: number, depth: number, h: Histogram | null): number => {
      const id = nodes++;
      let g = 0;
      for (let k = start; k < end; k++) g += residual[index[k]];
      const count = end - start;
      tree.value[id] = count > 0 ? (options.learningRate * g) / count : 0;
      // A leaf takes its value off its rows' residuals at once: the partition already says which rows it holds, and
      // no other node of this tree reads them any more.
      const leaf = () => {
        for (let k = start; k < end; k++) residual[index[k]] -= tree.value[id];
        return id;
      };
      if (!h || depth >= options.depth || count < 2 * options.minLeaf) return leaf();
      const { bestFeature, bestBin } = bestSplit(h, cuts, B, g, count, options.minLeaf);
      if (bestFeature < 0) return leaf();
      const mid = partition(rows, start, end, bestFeature, bestBin);
      tree.feature[id] = bestFeature;
      tree.threshold[id] = cuts[bestFeature][bestBin];
      // The children's histograms: the smaller one counted, the larger one the parent's less it (none at the last level).
      let leftH: typeof h | null = null;
      let rightH: typeof h | null = null;
      if (depth + 1 < options.depth) {
        const small = histograms[2 * (depth + 1)];
        const large = histograms[2 * (depth + 1) + 1];
        const leftSmaller = mid - start <= end - mid;
        if (leftSmaller) fill(start, mid, small);
        else fill(mid, end, small);
        for (let cell = 0; cell < f * B; cell++) {
          large.g[cell] = h.g[cell] - small.g[cell];
          large.c[cell] = h.c[cell] - small.c[cell];
        }
        leftH = leftSmaller ? small : large;
        rightH = leftSmaller ? large : small;
      }
      // Depth-first: the left subtree only uses deeper levels' buffers, so the right child's histogram waits intact.
      tree.left[id] = grow(start, mid, depth + 1, leftH);
      tree.right[id] = grow(mid, end, depth + 1, rightH);
      return id;
    };

    const root = histograms[0];
    if (options.depth > 0) fill(0, n, root);
    grow(0, n, 0, options.depth > 0 ? root : null);
    trees.push(tree);
  }

  return {
    residual,
    predict(row) {
      let s = 0;
      for (const tree of trees) s += evaluate(tree, row, 0);
      return s;
    },
    data: () => ({ features: f, cuts: cuts.map((c) => Array.from(c)), trees: trees.map((tree) => heapOf(tree, cuts)) }),
  };
}

/** A tree in heap order (see BoostedTrees). */
function heapOf(tree: Tree, cuts: Float64Array[]): { split: number[]; leaf: number[] } {
  const split: number[] = [];
  const leaf: number[] = [];
  const place = (node: number, slot: number) => {
    while (split.length <= slot) {
      split.push(-1);
      leaf.push(0);
    }
    const feature = tree.feature[node];
    if (feature < 0) {
      leaf[slot] = Math.round(tree.value[node] * 1e7) / 1e7;
      return;
    }
    split[slot] = feature * 256 + cuts[feature].indexOf(tree.threshold[node]);
    place(tree.left[node], 2 * slot + 1);
    place(tree.right[node], 2 * slot + 2);
  };
  place(0, 0);
  return { split, leaf };
}

/**
 * The sum of `data`'s trees for a row of its features (unknown = NaN), or null when `data` is not such trees (a kept
 * row of another shape): checked once here, so predicting reads no further checks.
 */
export function boostedTrees(data: unknown): ((row: ArrayLike<number>) => number) | null {
  if (!isBoostedTrees(data)) return null;
  const { cuts, trees } = data;
  return (row) => {
    let s = 0;
    for (const { split, leaf } of trees) {
      let k = 0;
      while (split[k] >= 0) {
        const feature = split[k] >> 8;
        const v = row[feature];
        k = Number.isNaN(v) || v < cuts[feature][split[k] & 255] ? 2 * k + 1 : 2 * k + 2;
      }
      s += leaf[k];
    }
    return s;
  };
}

function isBoostedTrees(data: unknown): data is BoostedTrees {
  if (!isRecord(data)) return false;
  const { features, cuts, trees } = data;
  if (
    typeof features !== "number" ||
    !Number.isInteger(features) ||
    !Array.isArray(cuts) ||
    cuts.length !== features ||
    !Array.isArray(trees)
  )
    return false;
  if (!cuts.every((c) => Array.isArray(c) && c.length < 256 && c.every(Number.isFinite))) return false;
  return trees.every(({ split, leaf }) => {
    if (!Array.isArray(split) || !Array.isArray(leaf) || split.length !== leaf.length || split.length === 0) return false;
    for (let k = 0; k < split.length; k++) {
      const code = split[k];
      if (!Number.isFinite(leaf[k])) return false;
      if (code === -1) continue;
      // A split names a known feature and cut, and both its children exist.
      if (!Number.isInteger(code) || code < 0 || code >> 8 >= features || (code & 255) >= cuts[code >> 8].length) return false;
      if (2 * k + 2 >= split.length) return false;
    }
    return true;
  });
}

/**
 * Each feature's cuts (distinct, ascending): quantiles of at most max(CUT_SAMPLE, CUT_SAMPLE_PER_BIN × bins) of its
 * known values, taken at an even stride (sorting every value costs more than the trees gain from it); and every row's
 * bin per feature (unknown = 0).
 */
function binRows(x: Float64Array, f: number, n: number, bins: number): { cuts: Float64Array[]; binned: Uint8Array } {
  const cuts: Float64Array[] = [];
  const binned = new Uint8Array(n * f);
  const most = Math.max(CUT_SAMPLE, CUT_SAMPLE_PER_BIN * bins);
  const sample = new Float64Array(Math.min(n, most));
  const stride = Math.max(1, n / most);
  for (let j = 0; j < f; j++) {
    let m = 0;
    for (let at = 0; at < n && m < sample.length; at += stride) {
      const v = x[Math.floor(at) * f + j];
      if (!Number.isNaN(v)) sample[m++] = v;
    }
    const sorted = sample.subarray(0, m).sort();
    const list: number[] = [];
    for (let b = 1; b < bins; b++) {
      const v = sorted[Math.floor((b * m) / bins)];
      // A cut at the smallest value would leave its bin without a known value.
      if (v !== undefined && v > sorted[0] && (list.length === 0 || v > list[list.length - 1])) list.push(v);
    }
    const featureCuts = Float64Array.from(list);
    cuts.push(featureCuts);
    for (let i = 0; i < n; i++) {
      const v = x[i * f + j];
      if (Number.isNaN(v)) continue;
      let lo = 0;
      let hi = featureCuts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v < featureCuts[mid]) hi = mid;
        else lo = mid + 1;
      }
      binned[i * f + j] = lo;
    }
  }
  return { cuts, binned };
}

function evaluate(tree: Tree, x: ArrayLike<number>, offset: number): number {
  let k = 0;
  while (tree.feature[k] >= 0) {
    const v = x[offset + tree.feature[k]];
    k = Number.isNaN(v) || v < tree.threshold[k] ? tree.left[k] : tree.right[k];
  }
  return tree.value[k];
}
