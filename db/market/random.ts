/**
 * A small seeded PRNG for the synthetic market. Everything the generator draws comes from here, so the same seed gives
 * the same market on every machine and runtime (Node, workerd): no Math.random, no clock, no locale.
 *
 * The core is sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state, as in PractRand): fast in
 * plain 32-bit integer arithmetic, with a period far beyond the ~10^9 draws of a million-property market.
 * The transcendental helpers (log, cos, exp) are V8's fdlibm ports, which give identical bits on every platform.
 */

export const DEFAULT_MARKET_SEED = 20_240_611;

export type Rng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with the given probability (0…1). */
  chance(probability: number): boolean;
  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** One value, chosen with probability proportional to its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  /** A standard normal draw (Box-Muller) scaled to the given mean and standard deviation. */
  normal(mean?: number, sd?: number): number;
  /** Shuffles in place (Fisher-Yates) and returns the same array. */
  shuffle<T>(items: T[]): T[];
};

/** Creates a generator from a numeric or text seed plus optional extra parts (e.g. a chunk index). */
export function createRng(seed: number | string, ...parts: number[]): Rng {
  const next = sfc32(seedState(seed, parts));
  // The first outputs of a freshly seeded sfc32 are weakly mixed; discard a few.
  for (let i = 0; i < 12; i++) next();
  let spareNormal: number | null = null;

  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (choices) => pickWeighted(choices, next()),
    normal: (mean = 0, sd = 1) => {
      if (spareNormal !== null) {
        const value = spareNormal;
        spareNormal = null;
        return mean + sd * value;
      }
      // 1 - next() is in (0, 1], so the log never sees zero.
      const radius = Math.sqrt(-2 * Math.log(1 - next()));
      const angle = 2 * Math.PI * next();
      spareNormal = radius * Math.sin(angle);
      return mean + sd * radius * Math.cos(angle);
    },
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const held = items[i] as (typeof items)[number];
        items[i] = items[j] as (typeof items)[number];
        items[j] = held;
      }
      return items;
    },
  };
  return rng;
}

function pickWeighted<T>(choices: readonly (readonly [T, number])[], draw: number): T {
  let total = 0;
  for (const [, weight] of choices) total += weight;
  let target = draw * total;
  for (const [value, weight] of choices) {
    target -= weight;
    if (target < 0) return value;
  }
  const last = choices[choices.length - 1];
  if (!last) throw new Error("weighted pick from an empty list");
  return last[0];
}

function sfc32(state: [number, number, number, number]): () => number {
  let [a, b, c, d] = state;
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** Spreads the seed over 128 bits with splitmix32-style mixing, one word per sfc32 state register. */
function seedState(seed: number | string, parts: number[]): [number, number, number, number] {
  let h = 0x9e3779b9;
  for (const unit of seedUnits(seed, parts)) h = mix32((h ^ unit) >>> 0);
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    h = (h + 0x9e3779b9) | 0;
    words.push(mix32(h >>> 0));
  }
  return [words[0] ?? 0, words[1] ?? 0, words[2] ?? 0, words[3] ?? 0];
}

function seedUnits(seed: number | string, parts: number[]): number[] {
  const units: number[] = [];
  if (typeof seed === "string") {
    for (let i = 0; i < seed.length; i++) units.push(seed.charCodeAt(i));
  } else {
    // Numbers up to 2^53: split into two 32-bit halves so large seeds do not collide.
    units.push(seed >>> 0, Math.floor(seed / 4294967296) >>> 0);
  }
  for (const part of parts) units.push(0x5bd1e995, part >>> 0);
  return units;
}

function mix32(value: number): number {
  let z = value;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A stable 32-bit hash of a text (FNV-1a), for per-ZIP traits that must not depend on draw order. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
