// Sums the JUnit reports the three test layers write under CI and prints one plain closing line.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? "test-results";
let tests = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((name) => name.endsWith(".xml"))) {
  const xml = readFileSync(join(dir, file), "utf8");
  const suites = xml.match(/<testsuites\b[^>]*>/)?.[0] ?? "";
  const attribute = (name) => Number(suites.match(new RegExp(`\\b${name}="(\\d+)"`))?.[1] ?? 0);
  tests += attribute("tests");
  failed += attribute("failures") + attribute("errors");
  skipped += attribute("skipped");
}
if (tests === 0) {
  console.error("no test results found");
  process.exit(1);
}
console.log(`tests: ${tests - failed - skipped} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
