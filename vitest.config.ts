// Integration tests: vitest inside workerd with real D1 (migrations applied in setup), R2 and the Durable Object.
// Each test file gets isolated storage from the plugin, never the developer's .wrangler state.
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

import { lazyChunks } from "./workers/lazy-chunks.ts";

export default defineConfig(async () => {
  // Read drizzle-kit's SQL migrations in Node; tests/integration/setup.ts applies them inside workerd.
  const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));

  return {
    plugins: [
      lazyChunks(),
      cloudflareTest({
        // The production entry imports the Remix build; tests use a light entry exporting the same Durable Object.
        main: "./workers/test-entry.ts",
        wrangler: { configPath: "./wrangler.jsonc" },
        miniflare: {
          // FC_RUNS / FC_SEED: how long the property-based tests run (tests/integration/fuzz), from the shell.
          bindings: {
            TEST_MIGRATIONS: migrations,
            APP_ENV: "test",
            FC_RUNS: process.env.FC_RUNS ?? "",
            FC_SEED: process.env.FC_SEED ?? "",
          },
          // A second, empty database: the workspace migration's test migrates a seeded copy of the old schema.
          d1Databases: ["MIGRATION_DB"],
        },
      }),
    ],
    // wrangler.jsonc defines NODE_ENV=production (docs/decisions/001-toolchain.md), so React's production build runs here, which has no
    // jsxDEV: compile JSX (the server render tests) with the production transform to match.
    esbuild: { jsxDev: false },
    test: {
      include: ["tests/integration/**/*.test.ts"],
      // A guard against hangs, not a speed check: tests that sign up several accounts (scrypt) outlast 5 s on a
      // loaded 2-core machine.
      testTimeout: 20_000,
      setupFiles: ["./tests/integration/setup.ts"],
      // @remix-run/cloudflare ships CommonJS only; pre-bundle it so workerd's module loader gets one ESM module.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
      reporters: process.env.CI ? ["default", "junit"] : ["default"],
      outputFile: { junit: "test-results/integration-junit.xml" },
    },
  };
});
