/**
 * Weighted ridge least squares with a prior: the engine estimates its adjustment rates and its price index from the
 * candidate sales with it. Minimises Σ wᵢ (yᵢ − a − xᵢ·β)² + Σⱼ λⱼ (βⱼ − β⁰ⱼ)², the intercept unpenalised.
 * Columns are centred on their weighted means; λⱼ is given relative to the weighted variance of column j times Σw, so
 * a penalty of 1 weighs the prior like the whole data set does. Pure, deterministic, O(n·k²).
 */

export interface RidgeFit {
  intercept: number;
  coefficients: Float64Array;
  /** Weighted means of the columns (the centre the intercept refers to). */
  means: Float64Array;
}

/**
 * @param rows n rows of k features, flat (row-major)
 * @param k features per row
 * @param y n targets
 * @param w n non-negative weights
 * @param prior k prior coefficients
 * @param penalty k relative penalties (0 = free)
 */
export function weightedRidge(
  rows: Float64Array,
  k: number,
  y: Float64Array,
  w: Float64Array,
  prior: ArrayLike<number>,
  penalty: ArrayLike<number>,
): RidgeFit {
  const n = y.length;
  let sw = 0;
  let my = 0;
  const mx = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const wi = w[i];
    if (!(wi > 0)) continue;
    sw += wi;
    my += wi * y[i];
    for (let j = 0; j < k; j++) mx[j] += wi * rows[i * k + j];
  }
  if (sw <= 0) return { intercept: 0, coefficients: Float64Array.from(prior), means: mx };
  my /= sw;
  for (let j = 0; j < k; j++) mx[j] /= sw;

  const a = new Float64Array(k * k);
  const b = new Float64Array(k);
  const xc = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const wi = w[i];
    if (!(wi > 0)) continue;
    for (let j = 0; j < k; j++) xc[j] = rows[i * k + j] - mx[j];
    const yc = y[i] - my;
    for (let j = 0; j < k; j++) {
      const wx = wi * xc[j];
      b[j] += wx * yc;
      for (let l = j; l < k; l++) a[j * k + l] += wx * xc[l];
    }
  }
  for (let j = 0; j < k; j++) for (let l = 0; l < j; l++) a[j * k + l] = a[l * k + j];
  for (let j = 0; j < k; j++) {
    // A column without variance gets a unit scale, so its penalty still pins it to the prior.
    const lambda = penalty[j] * Math.max(a[j * k + j], 1e-9 * sw);
    a[j * k + j] += lambda;
    b[j] += lambda * prior[j];
  }
  const beta = solveSymmetric(a, b, k);
  let intercept = my;
  for (let j = 0; j < k; j++) intercept -= beta[j] * mx[j];
  return { intercept, coefficients: beta, means: mx };
}

/** Solves A x = b for a symmetric positive-definite A (Cholesky); a singular A falls back to a tiny ridge. */
function solveSymmetric(a: Float64Array, b: Float64Array, k: number): Float64Array {
  const l = new Float64Array(k * k);
  for (let j = 0; j < k; j++) {
    let sum = a[j * k + j];
    for (let m = 0; m < j; m++) sum -= l[j * k + m] * l[j * k + m];
    const diag = Math.sqrt(Math.max(sum, 1e-12 * (Math.abs(a[j * k + j]) + 1e-12)));
    l[j * k + j] = diag;
    for (let i = j + 1; i < k; i++) {
      let s = a[i * k + j];
      for (let m = 0; m < j; m++) s -= l[i * k + m] * l[j * k + m];
      l[i * k + j] = s / diag;
    }
  }
  const z = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = b[i];
    for (let m = 0; m < i; m++) s -= l[i * k + m] * z[m];
    z[i] = s / l[i * k + i];
  }
  const x = new Float64Array(k);
  for (let i = k - 1; i >= 0; i--) {
    let s = z[i];
    for (let m = i + 1; m < k; m++) s -= l[m * k + i] * x[m];
    x[i] = s / l[i * k + i];
  }
  return x;
}
