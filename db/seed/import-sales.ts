/**
 * `npm run import:sales -- <file.csv> [--source NAME] [--persist-to DIR]`: loads a CSV of sold homes into the LOCAL
 * D1 database (the one `npm run dev` and `npm start` use, or DIR as wrangler's --persist-to) as imported_sales, the
 * comparable sales the valuation engine reads beside the property-data provider's.
 *
 * Each row is validated (app/domain/sales/sales-csv.ts); a bad row is reported with its line number and skipped. The good rows are
 * written in one D1 batch (one transaction) as an upsert on (source, sale_id): nothing is half-written, and
 * importing the same file again updates its rows instead of doubling them. `--source` defaults to the file's name
 * without its extension. Then the valuation engine's regional models are fitted again (docs/decisions/050-valuation-engine.md). Apply
 * the migrations first (`npm run db:migrate:local`). Never touches a remote database.
 *
 * The CLI lives in db/seed/, the one db folder that may import app/ (the refit is the API's own); db/import/ holds
 * what it reads and writes with, and imports neither app/ nor db/seed/ (docs/decisions/071-house-layout.md).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";

import { createDb } from "#db/client.ts";
import { writeImportedSales } from "#db/import/write.ts";
import { describeBadRow, parseSalesCsv, SALES_CSV_COLUMNS, SalesCsvError } from "#app/domain/sales/sales-csv.ts";

import { fitRegionalModels } from "./regional-models.ts";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CONFIG_PATH = path.join(PROJECT_ROOT, "wrangler.dev.jsonc");

const USAGE = `Usage: npm run import:sales -- <file.csv> [--source NAME] [--persist-to DIR]
  <file.csv>        sold homes, header ${SALES_CSV_COLUMNS.join(",")}
                    (the columns through year_built and lat, lon are required; the others may be absent or blank)
  --source NAME     what the rows are imported as (default: the file's name without extension); importing the
                    same source again updates its sales
  --persist-to DIR  local state directory, as wrangler's --persist-to (default .wrangler/state)`;

/** At most this many bad rows are listed one by one. */
const LISTED_BAD_ROWS = 50;

class ImportError extends Error {}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      source: { type: "string" },
      "persist-to": { type: "string" },
      remote: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return void console.log(USAGE);
  if (values.remote) throw new ImportError("Refusing to import into a remote database: import:sales only writes the local D1 state.");
  if (process.env.APP_ENV === "production") throw new ImportError("Refusing to import: APP_ENV=production.");
  if (positionals.length !== 1) throw new ImportError(`Name one CSV file.\n${USAGE}`);
  const file = path.resolve(positionals[0]!);
  const source = (values.source ?? path.basename(file).replace(/\.[^.]*$/, "")).trim();
  if (source === "" || source.length > 100) throw new ImportError("--source must be 1 to 100 characters.");

  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ImportError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { rows, bad } = parseSalesCsv(text, { today: new Date().toISOString().slice(0, 10) });
  console.log(`${path.basename(file)}: ${rows.length + bad.length} rows, ${rows.length} good, ${bad.length} bad (skipped)`);
  for (const row of bad.slice(0, LISTED_BAD_ROWS)) console.log(`  ${describeBadRow(row)}`);
  if (bad.length > LISTED_BAD_ROWS) console.log(`  … and ${bad.length - LISTED_BAD_ROWS} more bad rows`);
  if (rows.length === 0) {
    console.log("Nothing to import.");
    return;
  }

  const persistPath = path.join(path.resolve(values["persist-to"] ?? path.join(PROJECT_ROOT, ".wrangler/state")), "v3");
  const proxy = await getPlatformProxy<{ DB: D1Database; APP_ENV?: string }>({
    configPath: CONFIG_PATH,
    persist: { path: persistPath },
    remoteBindings: false,
  });
  try {
    if (proxy.env.APP_ENV === "production") throw new ImportError("Refusing to import: the configuration says APP_ENV=production.");
    const started = performance.now();
    const summary = await writeImportedSales(createDb(proxy.env.DB), source, rows).catch((error: unknown) => {
      if (causeChain(error).includes("no such")) {
        throw new ImportError("The local database lacks the imported_sales columns. Apply the migrations first: npm run db:migrate:local");
      }
      throw error;
    });
    console.log(
      `Imported ${summary.written} sales as "${source}" into the local D1 (${summary.added} new, ${summary.updated} updated) ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // The regional models read the sales just written: fit them again (docs/decisions/050-valuation-engine.md).
    await fitRegionalModels(createDb(proxy.env.DB), { onlyIfStale: false });
  } finally {
    await proxy.dispose();
  }
}

function causeChain(error: unknown): string {
  const messages: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++)
    messages.push(current.message);
  return messages.join(" <- ");
}

main().catch((error: unknown) => {
  console.error(error instanceof ImportError || error instanceof SalesCsvError ? error.message : error);
  process.exitCode = 1;
});
