declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Runs per route of the property-based tests ("" for the CI default). */
    FC_RUNS: string;
    /** fast-check's seed ("" for the fixed CI seed). */
    FC_SEED: string;
  }
}
