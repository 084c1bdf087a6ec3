import { defineConfig } from "@playwright/test";

// The e2e server runs the production build under `wrangler dev` with its own state (.wrangler/e2e), never the
// developer's, on its own port. Set E2E_BASE_URL (e.g. http://127.0.0.1:5173 while `npm run dev` runs) to test
// an already running server instead.
// E2E_PORT lets two checkouts on one machine run their e2e suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 8799);
const externalBaseURL = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: "./tests/e2e",
  // Playwright empties its output folder at start; keep it apart from the vitest JUnit reports in test-results/.
  outputDir: "test-results/playwright",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 1,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"], ["junit", { outputFile: "test-results/e2e-junit.xml" }]] : "list",
  use: {
    baseURL: externalBaseURL ?? `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's chromium (apt-get install -y chromium); `npx playwright install` cannot download here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: externalBaseURL
    ? undefined
    : {
        command: `npm run e2e:serve -- --port ${PORT} --var APP_ORIGIN:http://127.0.0.1:${PORT}`,
        url: `http://127.0.0.1:${PORT}/api/ping`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: "ignore",
        stderr: "pipe",
      },
});
