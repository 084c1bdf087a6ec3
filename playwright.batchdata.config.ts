import { defineConfig } from "@playwright/test";

import base from "./playwright.config.ts";

// The app with PROPERTY_DATA=batchdata against the BatchData fake served over HTTP (tests/e2e-batchdata/serve.ts):
// its own server on E2E_PORT + 1, its own state, nothing seeded. The main suite's server and specs are untouched.
const PORT = Number(process.env.E2E_PORT ?? 8799) + 1;

export default defineConfig({
  ...base,
  testDir: "./tests/e2e-batchdata",
  outputDir: "test-results/playwright-batchdata",
  reporter: process.env.CI ? [["list"], ["junit", { outputFile: "test-results/e2e-batchdata-junit.xml" }]] : "list",
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: `npx tsx tests/e2e-batchdata/serve.ts ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/ping`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
