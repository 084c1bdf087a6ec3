declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Runs per route of the property-based tests ("" for the CI default). */
    FC_RUNS: string;
    /** fast-check's seed ("" for the fixed CI seed). */
    FC_SEED: string;
    /** An empty D1 database for migration tests (tests/integration/workspaces-migration.test.ts). */
    MIGRATION_DB: D1Database;
  }
}
