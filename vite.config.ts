import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { DEV_NONCE_HEADER, devSecurity } from "./workers/dev-security.ts";
import { lazyChunks } from "./workers/lazy-chunks.ts";
import { getLoadContext } from "./workers/load-context.ts";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    // Dev only: the CSRF check and security headers the Worker entry applies in production (workers/dev-security.ts).
    devSecurity(),
    // Dev only: bindings from wrangler.dev.jsonc (the Durable Object lives in the helper Worker of wrangler.do.jsonc).
    remixCloudflareDevProxy({
      getLoadContext: ({ request, context }: Parameters<typeof getLoadContext>[0]) =>
        getLoadContext({ request, context: { ...context, cspNonce: request.headers.get(DEV_NONCE_HEADER) ?? undefined } }),
      configPath: "wrangler.dev.jsonc",
    }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
    // The browser files of each lazily loaded component, for the server's modulepreload links and bench:bundle.
    lazyChunks(),
  ],
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  build: {
    minify: true,
    rollupOptions: {
      onwarn(warning, defaultHandler) {
        // zod 4 ships comments that Rollup (Vite 6) reports as misplaced annotations; harmless.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
        defaultHandler(warning);
      },
    },
  },
});
