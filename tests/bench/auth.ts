/**
 * `npm run bench:auth [-- --runs N --no-build]`: the time of one password hash (the app's own scrypt code, in this
 * Node) and of one sign-in round trip against the built Worker under `wrangler dev`, as medians of N runs (default
 * 20), next to an empty-route round trip measured in the same run.
 */
import { parseArgs } from "node:util";

import { hashPassword, SCRYPT, verifyPassword } from "#app/services/accounts/password.server.ts";

import { cleanup, errorMessage, installSignalHandlers, printServerLogTail, startBenchServer } from "./server.ts";

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function timeEach(runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

async function post(url: string, body: unknown) {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "20" }, "no-build": { type: "boolean", default: false } } });
  const runs = Math.max(20, Number(values.runs));
  const row = (label: string, t: { median: number; min: number; max: number }) =>
    `${label.padEnd(34)} ${t.median.toFixed(1).padStart(8)} ms  (min ${t.min.toFixed(1)}, max ${t.max.toFixed(1)})`;

  console.log(`scrypt N=${SCRYPT.N}, r=${SCRYPT.r}, p=${SCRYPT.p} (${(128 * SCRYPT.N * SCRYPT.r) / 2 ** 20} MiB), ${runs} runs each`);
  const hash = await timeEach(runs, () => hashPassword("correct horse battery 1"));
  const stored = await hashPassword("correct horse battery 1");
  const verify = await timeEach(runs, () => verifyPassword("correct horse battery 1", stored));

  installSignalHandlers();
  const { origin } = await startBenchServer({ build: !values["no-build"], readyPath: "/api/ping", label: "bench-auth" });
  const email = `bench-${Date.now()}@example.com`;
  const status = await post(`${origin}/api/auth/register`, {
    full_name: "Bench Mark",
    email,
    mobile: "6025550123",
    password: "bench2026pw",
    confirm_password: "bench2026pw",
    company: { company_name: "Bench Co", offer_contact_email: email, offer_contact_phone: "6025550123" },
  });
  if (status !== 201) throw new Error(`registration answered ${status}`);
  const ping = await timeEach(runs, async () => (await fetch(`${origin}/api/ping`)).arrayBuffer());
  const signIn = await timeEach(runs, async () => {
    const answer = await post(`${origin}/api/auth/login`, { email, password: "bench2026pw" });
    if (answer !== 200) throw new Error(`sign-in answered ${answer}`);
  });

  console.log(row("password hash (Node, app code)", hash));
  console.log(row("password verify (Node, app code)", verify));
  console.log(row("GET /api/ping round trip", ping));
  console.log(row("POST /api/auth/login round trip", signIn));
  console.log(`sign-in / ping: ${(signIn.median / ping.median).toFixed(1)}×; hash under 300 ms: ${hash.median < 300 ? "yes" : "NO"}`);
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error(`bench:auth failed: ${errorMessage(error)}`);
    printServerLogTail();
    await cleanup();
    process.exit(1);
  });
