/** Weighted order statistics for the engine's robust steps. */

/** The quantile that is the median. */
export const MEDIAN = 0.5;

/** The weighted q-quantile of `items` (sorts them in place); 0 when there are none. */
export function weightedQuantile(items: { v: number; w: number }[], q: number): number {
  if (items.length === 0) return 0;
  items.sort((a, b) => a.v - b.v);
  const total = items.reduce((s, item) => s + item.w, 0);
  let acc = 0;
  for (const item of items) {
    acc += item.w;
    if (acc >= q * total) return item.v;
  }
  return items[items.length - 1].v;
}

/** The weighted median of the absolute values, over those of positive weight. */
export function weightedMedianAbs(values: Float64Array, weights: Float64Array): number {
  const items: { v: number; w: number }[] = [];
  for (let i = 0; i < values.length; i++) if (weights[i] > 0) items.push({ v: Math.abs(values[i]), w: weights[i] });
  return weightedQuantile(items, MEDIAN);
}
