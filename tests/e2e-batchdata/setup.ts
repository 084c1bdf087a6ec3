/** What the BatchData e2e server and its specs share: the fake's token, the server's state and where the fake is. */
import { readFileSync } from "node:fs";
import path from "node:path";

export const BATCHDATA_TOKEN = "bd_e2e_token";
/** The app's own D1/R2 state, apart from the main e2e server's. */
export const PERSIST_DIR = ".wrangler/e2e-batchdata";
export const FAKE_FILE = path.join(PERSIST_DIR, "fake-batchdata.json");

/** The fake's base URL, as the server wrote it at start. */
export const fakeBaseUrl = () => (JSON.parse(readFileSync(FAKE_FILE, "utf8")) as { baseUrl: string }).baseUrl;
