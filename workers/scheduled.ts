/**
 * The Worker's cron triggers (wrangler.jsonc `triggers.crons`), told apart by `controller.cron`: each string here must
 * be one of those triggers, character for character.
 */
import { createDb } from "#db/client.ts";
import { valuationDateOf } from "#app/domain/valuation/valuation-date.ts";
import { parseEnv } from "#app/providers/env.server.ts";
import { createProviders } from "#app/providers/index.server.ts";
import { runDueSavedSearches } from "#app/services/leads/saved-search-run.server.ts";
import { sweepUnconfirmedMailings } from "#app/services/offers/unconfirmed-mailings.server.ts";
import { sweepExpired } from "#app/services/platform/maintenance.server.ts";
import { finishStaleClaims } from "#app/services/sequences/stale-claims.server.ts";
import { refreshStaleModels } from "#app/services/valuation/model-refresh.server.ts";
import { refreshRangeCalibrations } from "#app/services/valuation/range-calibrations.server.ts";

/**
 * Hourly, at :17: expired sessions, links, drafts and throttle rows are deleted, sequence steps whose claim outlived
 * its lease (a request that died mid-send) are finished or given back, and letters of intent the mail provider never
 * confirmed are asked about again with their same key.
 */
export const SWEEP_CRON = "17 * * * *";
/**
 * Every 10 minutes on the 1st of each month: the valuation's kept models are refitted for that day's valuation date.
 * One run fits only a bounded chunk of stale cells (a Worker's CPU limit; app/services/valuation/model-refresh.server.ts),
 * so the month's refresh is this day's runs, each continuing where the last stopped; once nothing is stale, a run
 * reads the cells and stops (docs/decisions/050-valuation-engine.md). Each run also learns a few regions' 80 %
 * range calibrations (range-calibrations.server.ts).
 */
export const MODEL_REFRESH_CRON = "*/10 * 1 * *";
/**
 * Every 15 minutes from 06:00 to 07:45 UTC: the daily saved searches, a bounded share a run, stalest first (a search is
 * due again 20 hours after its last run; docs/decisions/085-saved-searches.md). Eight runs a morning cover
 * 8 × SAVED_SEARCHES_PER_CRON searches.
 */
export const SAVED_SEARCHES_CRON = "*/15 6-7 * * *";

/** What a cron trigger runs, by its expression. */
export function runScheduled(cron: string, env: Env, now: Date): Promise<void> {
  switch (cron) {
    case SWEEP_CRON:
      return sweep(env, now);
    case MODEL_REFRESH_CRON:
      return refreshModels(env, now);
    case SAVED_SEARCHES_CRON:
      return runSavedSearches(env, now);
    default:
      console.warn("[scheduled] no job for cron", JSON.stringify(cron));
      return Promise.resolve();
  }
}

/** The hourly sweep: expired rows deleted, stale step claims settled, unconfirmed letters asked about again. */
async function sweep(env: Env, now: Date): Promise<void> {
  const db = createDb(env.DB);
  const swept = await sweepExpired({ db, now: () => now });
  console.log("[sweep]", JSON.stringify(swept));
  const config = parseEnv(env);
  const providers = createProviders(config, { db, files: env.FILES });
  const claims = await finishStaleClaims({ db, config, providers, files: env.FILES, now: () => now });
  console.log("[stale-claims]", JSON.stringify(claims));
  const unconfirmed = await sweepUnconfirmedMailings({ db, files: env.FILES, providers, config, now: () => now });
  console.log("[unconfirmed-letters]", JSON.stringify(unconfirmed));
}

/** One bounded run of the models' refresh, for the valuation date the API uses today. */
async function refreshModels(env: Env, now: Date): Promise<void> {
  const db = createDb(env.DB);
  const { propertyData } = createProviders(parseEnv(env), { db, files: env.FILES });
  const asOf = valuationDateOf(now, propertyData.salesThrough);
  const refresh = await refreshStaleModels({ db, propertyData }, asOf);
  // Then a few regions' range calibrations, of the models already current for the date (ADR 076).
  const calibration = await refreshRangeCalibrations({ db, propertyData }, asOf);
  console.log("[model-refresh]", JSON.stringify({ asOf, ...refresh, calibration }));
}

/** One bounded run of the users' daily saved searches. */
async function runSavedSearches(env: Env, now: Date): Promise<void> {
  const db = createDb(env.DB);
  const config = parseEnv(env);
  const providers = createProviders(config, { db, files: env.FILES });
  const summary = await runDueSavedSearches({ db, config, providers, now: () => now });
  console.log("[saved-searches]", JSON.stringify(summary));
}
