/**
 * The local market's price surface: how pricey a place is, as one smooth field over latitude and
 * longitude per metro, so neighbouring ZIPs are priced alike and a home's estimated value agrees with its neighbours'
 * sales (before, each ZIP drew its own factor, and two ZIPs a mile apart could differ by half). The field is a sum of
 * random plane waves (a standard way to draw a smooth Gaussian field): its log has mean 0 and the metro's
 * `priceSpread` as standard deviation, like the old per-ZIP draw, and varies over several miles, not across a street.
 */
import type { Metro } from "./metros.ts";
import { createRng, hashText } from "./random.ts";

/** Waves summed per metro: enough for the sum to look Gaussian, few enough to evaluate per ZIP cheaply. */
const WAVES = 24;
/** The waves' wavelengths in miles: neighbourhoods of a few miles, sides of town of tens. */
const MIN_WAVELENGTH_MILES = 20;
const MAX_WAVELENGTH_MILES = 60;
const MILES_PER_DEGREE = 69;
/** Its own random stream (apart from the generator's), so the rest of the market draws what it drew before. */
const SURFACE_STREAM = 0x5e1f;

type Wave = { kx: number; ky: number; phase: number };

export type PriceSurface = (latitude: number, longitude: number) => number;

/** The metro's price factor at a point: e^(field), the field's sd the metro's `priceSpread`. */
export function priceSurface(seed: number | string, metro: Pick<Metro, "id" | "priceSpread">): PriceSurface {
  const rng = createRng(seed, SURFACE_STREAM, hashText(metro.id));
  const waves: Wave[] = [];
  for (let i = 0; i < WAVES; i++) {
    const angle = rng.float(0, 2 * Math.PI);
    const wavelength = MIN_WAVELENGTH_MILES * (MAX_WAVELENGTH_MILES / MIN_WAVELENGTH_MILES) ** rng.next();
    const k = (2 * Math.PI) / wavelength;
    waves.push({ kx: k * Math.cos(angle), ky: k * Math.sin(angle), phase: rng.float(0, 2 * Math.PI) });
  }
  // Each cos has variance 1/2: the sum of WAVES of them times √(2/WAVES) has variance 1.
  const scale = metro.priceSpread * Math.sqrt(2 / WAVES);
  return (latitude, longitude) => {
    const y = latitude * MILES_PER_DEGREE;
    const x = longitude * MILES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180);
    let field = 0;
    for (const wave of waves) field += Math.cos(wave.kx * x + wave.ky * y + wave.phase);
    return Math.exp(scale * field);
  };
}
