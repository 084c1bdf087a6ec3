/**
 * Fitting the kept regional models and market trees (docs/decisions/050-valuation-engine.md). Valuations read them and never
 * write them; two refreshes write them:
 *
 * - `refreshRegionalModels`: every cell at once, replacing the kept set in one batch. Run in Node after a seed and
 *   after an import (`npm run db:seed`, `npm run import:sales`), where no CPU limit applies.
 * - `refreshStaleModels`: a bounded chunk for the Worker's monthly cron (workers/scheduled.ts). A Worker invocation
 *   has a CPU limit (30 s by default) that a whole map's fits would overrun (~50 ms a region cell, ~2 s a market's
 *   trees, in Node), so each run fits at most REGION_CELLS_PER_RUN region cells and MARKET_CELLS_PER_RUN market cells,
 *   the stalest first — never fitted, then the oldest valuation date fitted for (`stalestCells`) — and writes them in
 *   one batch. Nothing else records progress: the kept rows' `as_of` and `version` say what is stale, so the next run
 *   continues where this one stopped, and a run that fails writes nothing and is repeated.
 */
import { sql } from "drizzle-orm";

import { marketModels, regionalModels } from "#db/schema.ts";
import {
  MARKET_MODEL_VERSION,
  marketCentre,
  marketWindow,
  REGIONAL_MODEL_VERSION,
  regionCentre,
  regionWindow,
} from "#app/domain/valuation/cells.ts";
import { marketModel } from "#app/domain/valuation/market.ts";
import { staleCount, stalestCells, unmodelledCells } from "#app/domain/valuation/refresh-plan.ts";
import { regionalModel } from "#app/domain/valuation/regional.ts";
import type { RegionCell } from "#app/domain/valuation/types.ts";

import { regionCellsToModel } from "./model-cells.server.ts";
import { candidatesFor, type SalesSources } from "./sales.server.ts";

/** Models fitted at the same time while refreshing (their reads overlap; D1 answers them in turn). */
const REFRESH_CONCURRENCY = 8;
/** Rows per insert statement: 7 bound values each, under D1's 100 a statement. */
const MODELS_PER_INSERT = 14;
/** Region cells one scheduled run fits: ~50 ms each in Node, so ~2 s of CPU, far under a Worker's 30 s. */
export const REGION_CELLS_PER_RUN = 40;
/** Market cells one scheduled run fits: a market's 300 trees over up to 12,000 sales take ~2 s of CPU. */
export const MARKET_CELLS_PER_RUN = 1;

type RegionalRow = typeof regionalModels.$inferInsert;
type MarketRow = typeof marketModels.$inferInsert;

export type RegionalRefresh = { cells: number; kept: number; markets: number; marketsKept: number };

/** Each cell's regional model for `asOf`, fitted REFRESH_CONCURRENCY at a time; null where too few sales. */
async function fitRegions(sources: SalesSources, cells: readonly RegionCell[], asOf: string) {
  const valuation = { valuationDate: asOf };
  const fitted: { cell: RegionCell; model: ReturnType<typeof regionalModel> }[] = [];
  for (let start = 0; start < cells.length; start += REFRESH_CONCURRENCY) {
    const chunk = cells.slice(start, start + REFRESH_CONCURRENCY);
    const models = await Promise.all(
      chunk.map(async (cell) =>
        regionalModel(cell, await candidatesFor(sources, regionCentre(cell), regionWindow(cell, valuation)), valuation),
      ),
    );
    models.forEach((model, i) => fitted.push({ cell: chunk[i], model }));
  }
  return fitted;
}

/** Each market cell's trees for `asOf`, one market at a time (each reads up to MARKET_LIMIT sales and fits 300 trees). */
async function fitMarkets(sources: SalesSources, cells: readonly RegionCell[], asOf: string) {
  const valuation = { valuationDate: asOf };
  const fitted: { cell: RegionCell; model: ReturnType<typeof marketModel> }[] = [];
  for (const cell of cells) {
    const model = marketModel(cell, await candidatesFor(sources, marketCentre(cell), marketWindow(cell, valuation)), valuation);
    fitted.push({ cell, model });
  }
  return fitted;
}

/** Insert statements for the rows, MODELS_PER_INSERT a statement. */
function regionalInserts(sources: SalesSources, rows: RegionalRow[]) {
  const inserts = [];
  for (let start = 0; start < rows.length; start += MODELS_PER_INSERT) {
    inserts.push(sources.db.insert(regionalModels).values(rows.slice(start, start + MODELS_PER_INSERT)));
  }
  return inserts;
}

/**
 * Fits again the model of every region cell that holds a known property of the local market or a sale of the last
 * 12 months (imported or the provider's), for valuations on `asOf`, and replaces the kept models with them in one
 * batch (a transaction: a failed refresh leaves the old models). A cell whose region holds fewer than
 * REGION_MIN_SALES sales keeps none, and its subjects are valued without one. The market cells holding those region
 * cells get their trees fitted again the same way (docs/decisions/050-valuation-engine.md; none where the market window could not hold
 * MARKET_MIN_SALES).
 */
export async function refreshRegionalModels(sources: SalesSources, asOf: string): Promise<RegionalRefresh> {
  const [{ cells, markets }, calibrations] = await Promise.all([
    regionCellsToModel(sources, asOf),
    sources.db
      .select({
        latitudeCell: regionalModels.latitudeCell,
        longitudeCell: regionalModels.longitudeCell,
        rangeCalibration: regionalModels.rangeCalibration,
      })
      .from(regionalModels),
  ]);
  // The regions' range calibrations stay with their cells until the scheduled refresh learns them again.
  const calibrationOf = new Map(calibrations.map((row) => [`${row.latitudeCell}:${row.longitudeCell}`, row.rangeCalibration]));
  const fitted: RegionalRow[] = (await fitRegions(sources, cells, asOf)).flatMap(({ cell, model }) =>
    model
      ? [
          {
            ...cell,
            version: REGIONAL_MODEL_VERSION,
            ...model,
            rangeCalibration: calibrationOf.get(`${cell.latitudeCell}:${cell.longitudeCell}`) ?? null,
          },
        ]
      : [],
  );
  const trees: MarketRow[] = (await fitMarkets(sources, markets, asOf)).flatMap(({ cell, model }) =>
    model ? [{ ...cell, version: MARKET_MODEL_VERSION, ...model }] : [],
  );
  // A market's trees are one large row each.
  const inserts = [...regionalInserts(sources, fitted), ...trees.map((row) => sources.db.insert(marketModels).values(row))];
  await sources.db.batch([sources.db.delete(regionalModels), sources.db.delete(marketModels), ...inserts]);
  return { cells: cells.length, kept: fitted.length, markets: markets.length, marketsKept: trees.length };
}

export type StaleRefresh = {
  /** Region cells fitted by this run, and how many of them keep a model (the rest had too few sales). */
  cells: number;
  kept: number;
  markets: number;
  marketsKept: number;
  /** Stale cells left for the next runs. */
  cellsLeft: number;
  marketsLeft: number;
  /** Kept rows deleted because their cell is no longer modelled. */
  dropped: number;
};

export type RunLimits = { regionCells: number; marketCells: number };

/**
 * One bounded run of the chunked refresh (see the module comment): fits at most `limits` stale cells for `asOf`,
 * stalest first, and writes them in one batch (a transaction) with the deletion of kept rows whose cell is no longer
 * modelled. A cell whose fit finds too few sales is written as fitted with no model (`sales` 0, no rates or trees,
 * which a valuation never uses), so the next run moves on instead of fitting it again.
 */
export async function refreshStaleModels(
  sources: SalesSources,
  asOf: string,
  limits: RunLimits = { regionCells: REGION_CELLS_PER_RUN, marketCells: MARKET_CELLS_PER_RUN },
): Promise<StaleRefresh> {
  const { db } = sources;
  const keptColumns = (table: typeof regionalModels | typeof marketModels) => ({
    latitudeCell: table.latitudeCell,
    longitudeCell: table.longitudeCell,
    asOf: table.asOf,
    version: table.version,
  });
  const [{ cells, markets }, [keptRegions, keptMarkets]] = await Promise.all([
    regionCellsToModel({ db }, asOf),
    db.batch([db.select(keptColumns(regionalModels)).from(regionalModels), db.select(keptColumns(marketModels)).from(marketModels)]),
  ]);
  const regionTarget = { asOf, version: REGIONAL_MODEL_VERSION };
  const marketTarget = { asOf, version: MARKET_MODEL_VERSION };
  const regionWork = stalestCells(cells, keptRegions, regionTarget, limits.regionCells);
  const marketWork = stalestCells(markets, keptMarkets, marketTarget, limits.marketCells);

  const regionRows: RegionalRow[] = (await fitRegions(sources, regionWork, asOf)).map(({ cell, model }) => ({
    ...cell,
    version: REGIONAL_MODEL_VERSION,
    ...(model ?? { asOf, sales: 0, rates: [] }),
  }));
  const marketRows: MarketRow[] = (await fitMarkets(sources, marketWork, asOf)).map(({ cell, model }) => ({
    ...cell,
    version: MARKET_MODEL_VERSION,
    ...(model ?? { asOf, anchor: asOf, sales: 0, base: 0, trees: {} }),
  }));
  const droppedRegions = unmodelledCells(cells, keptRegions);
  const droppedMarkets = unmodelledCells(markets, keptMarkets);
  const statements = [
    ...regionalInserts(sources, regionRows).map((insert) => insert.onConflictDoUpdate(replaceRegional)),
    ...marketRows.map((row) => db.insert(marketModels).values(row).onConflictDoUpdate(replaceMarket)),
    ...(droppedRegions.length > 0 ? [db.delete(regionalModels).where(inCells(regionalModels, droppedRegions))] : []),
    ...(droppedMarkets.length > 0 ? [db.delete(marketModels).where(inCells(marketModels, droppedMarkets))] : []),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return {
    cells: regionRows.length,
    kept: regionRows.filter((row) => row.sales > 0).length,
    markets: marketRows.length,
    marketsKept: marketRows.filter((row) => row.sales > 0).length,
    cellsLeft: staleCount(cells, [...keptRegions, ...regionRows], regionTarget),
    marketsLeft: staleCount(markets, [...keptMarkets, ...marketRows], marketTarget),
    dropped: droppedRegions.length + droppedMarkets.length,
  };
}

/** An upsert's update: every column of the kept row from the new one. */
const replaceRegional = {
  target: [regionalModels.latitudeCell, regionalModels.longitudeCell],
  set: {
    version: sql`excluded.version`,
    asOf: sql`excluded.as_of`,
    sales: sql`excluded.sales`,
    rates: sql`excluded.rates`,
  },
};
const replaceMarket = {
  target: [marketModels.latitudeCell, marketModels.longitudeCell],
  set: {
    version: sql`excluded.version`,
    asOf: sql`excluded.as_of`,
    anchor: sql`excluded.anchor`,
    sales: sql`excluded.sales`,
    base: sql`excluded.base`,
    trees: sql`excluded.trees`,
  },
};

/** The rows of these cells (the list bound as one JSON value, so any number of cells is one statement). */
function inCells(table: typeof regionalModels | typeof marketModels, cells: readonly RegionCell[]) {
  const pairs = JSON.stringify(cells.map((cell) => [cell.latitudeCell, cell.longitudeCell]));
  return sql`(${table.latitudeCell}, ${table.longitudeCell}) in (select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${pairs}))`;
}
