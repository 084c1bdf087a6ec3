// Unit tests: pure logic in plain Node (no bindings), the same modules the app and the benchmark CLIs run.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // A hang guard, not a speed check: generating a 5,000-property market twice outlasted 5 s at a load average of 13.
    testTimeout: 20_000,
    reporters: process.env.CI ? ["default", "junit"] : ["default"],
    outputFile: { junit: "test-results/unit-junit.xml" },
  },
});
