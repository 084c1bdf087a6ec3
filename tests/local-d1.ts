import { execFileSync } from "node:child_process";

/**
 * Rows of a local D1 database (a wrangler `--persist-to` directory) read with `wrangler d1 execute --local` — for
 * checks from outside the Worker (e2e figures against the data, a benchmark's report). Throws when wrangler fails.
 */
export function queryLocalD1<Row>(persistTo: string, sql: string, cwd?: string): Row[] {
  const out = execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CI: "true" },
  });
  const [answer] = JSON.parse(out) as [{ results: Row[] }];
  return answer.results;
}
