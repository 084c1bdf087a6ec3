import { env } from "cloudflare:test";

import { createDb } from "#db/client.ts";

/** The one database fixture: the app's own client over the test's isolated D1 binding. */
export const db = createDb(env.DB);
