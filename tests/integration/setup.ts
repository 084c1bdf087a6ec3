import { applyD1Migrations, env } from "cloudflare:test";

// Runs inside workerd before each test file; idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
