/**
 * The date a valuation is made as of (docs/decisions/050-valuation-engine.md): today, or the day after the property data's records stop
 * when they stop before today. Shared by the API, the models' refresh and the benches.
 */

/** YYYY-MM-DD is the first ten characters of an ISO instant. */
const DATE_LENGTH = 10;

/**
 * The valuation date: today in UTC, from the caller's clock — or, when the provider's sale records stop before
 * today (`salesThrough`, the local market's fixed data set), the day after their last day, so the engine's window
 * holds the records' last months instead of an empty stretch and nothing is extrapolated past the data.
 */
export function valuationDateOf(now: Date, salesThrough?: string | null): string {
  const today = now.toISOString().slice(0, DATE_LENGTH);
  if (!salesThrough) return today;
  const next = new Date(`${salesThrough}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const after = next.toISOString().slice(0, DATE_LENGTH);
  return after < today ? after : today;
}

/** Said with the answer when the valuation is as of the records' last day rather than today. */
export function valuationDateNote(valuationDate: string, now: Date): string | null {
  return valuationDate < now.toISOString().slice(0, DATE_LENGTH)
    ? `Valued as of ${valuationDate}, the day after the last sale in the property data's records; no later prices are known.`
    : null;
}
