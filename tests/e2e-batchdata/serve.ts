/**
 * The e2e server for `PROPERTY_DATA=batchdata`: the BatchData fake (the Phoenix comparables, dated today) over HTTP
 * on a free port, then the production build under `wrangler dev` with its own empty state, its BatchData key a test
 * value and its base URL the fake's. Nothing is seeded: every property comes from the fake, so it starts in seconds.
 * The fake's address is written to `<persist dir>/fake-batchdata.json` for the specs. Usage: tsx serve.ts <port>.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { phoenixComps } from "#tests/fakes/batchdata-comps.ts";
import { serveFakeBatchData } from "#tests/fakes/batchdata-http.ts";
import { createFakeBatchData } from "#tests/fakes/batchdata.ts";
import { migrateLocalArgs, wranglerDevArgs } from "#tests/local-wrangler.ts";

import { BATCHDATA_TOKEN, FAKE_FILE, PERSIST_DIR } from "./setup.ts";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: tsx tests/e2e-batchdata/serve.ts <port>");

const today = new Date().toISOString().slice(0, 10);
const { baseUrl } = await serveFakeBatchData(createFakeBatchData(BATCHDATA_TOKEN, phoenixComps(today)));

rmSync(PERSIST_DIR, { recursive: true, force: true });
mkdirSync(PERSIST_DIR, { recursive: true });
writeFileSync(path.join(PERSIST_DIR, path.basename(FAKE_FILE)), JSON.stringify({ baseUrl }));
const env = { ...process.env, CI: "true" };
execFileSync("npx", migrateLocalArgs(PERSIST_DIR), { env, stdio: "ignore" });

const origin = `http://127.0.0.1:${port}`;
const vars = { APP_ORIGIN: origin, PROPERTY_DATA: "batchdata", BATCHDATA_API_KEY: BATCHDATA_TOKEN, BATCHDATA_BASE_URL: baseUrl };
const wrangler = spawn("npx", wranglerDevArgs({ port, persistTo: PERSIST_DIR, vars }), { env, stdio: ["ignore", "inherit", "inherit"] });
// The fake lives as long as the app: when wrangler ends, so does this process (and the fake with it).
wrangler.on("exit", (code) => process.exit(code ?? 1));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => wrangler.kill(signal));
