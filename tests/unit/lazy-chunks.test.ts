import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OutputBundle } from "rollup";
import type { ResolvedConfig } from "vite";
import { describe, expect, it } from "vitest";

import { LAZY_CHUNKS_MODULE, lazyChunks } from "#workers/lazy-chunks.ts";

type Hook = (this: unknown, ...args: unknown[]) => unknown;

/** Runs the plugin's hooks as Vite would for one build, over a bundle of chunks given as (file, modules, imports). */
function build(command: "build" | "serve", ssr: boolean, root: string) {
  const plugin = lazyChunks();
  (plugin.configResolved as Hook).call(undefined, { root, base: "/", command, build: { ssr } } as unknown as ResolvedConfig);
  return plugin;
}

function chunk(fileName: string, moduleIds: string[], imports: string[] = []) {
  return { type: "chunk", fileName, moduleIds, imports };
}

describe("the lazy-chunks build plugin", () => {
  const root = mkdtempSync(join(tmpdir(), "lazy-chunks-"));
  const bundle = {
    a: chunk("assets/_index-1.js", [`${root}/app/routes/_index.tsx`], ["assets/components-1.js"]),
    b: chunk("assets/crm-1.js", [`${root}/app/components/crm/crm-section.tsx`], ["assets/components-1.js", "assets/dialog-1.js"]),
    c: chunk("assets/dialog-1.js", [`${root}/app/components/ui/dialog.tsx`], ["assets/radix-1.js"]),
    d: chunk("assets/radix-1.js", [`${root}/node_modules/@radix-ui/react-dialog/dist/index.mjs`]),
    e: chunk("assets/components-1.js", [`${root}/node_modules/react-dom/index.js`]),
    f: chunk("assets/shell-1.js", [`${root}/app/components/shell/signed-in-shell.tsx`, `${root}/app/components/shell/profile-menu.tsx`]),
  } as unknown as OutputBundle;
  const dynamicallyImported = new Set([
    `${root}/app/components/crm/crm-section.tsx`,
    `${root}/app/components/shell/signed-in-shell.tsx`,
    `${root}/app/components/shell/profile-menu.tsx`,
    `${root}/node_modules/react-dom/index.js`,
  ]);
  const context = { getModuleInfo: (id: string) => ({ dynamicImporters: dynamicallyImported.has(id) ? ["importer"] : [] }) };

  it("maps every module of ours loaded with import() to its chunk and everything that chunk imports, transitively", () => {
    (build("build", false, root).generateBundle as Hook).call(context, {}, bundle);
    const map = JSON.parse(readFileSync(join(root, "build/lazy-chunks.json"), "utf8"));
    expect(map).toEqual({
      "app/components/crm/crm-section.tsx": ["/assets/crm-1.js", "/assets/components-1.js", "/assets/dialog-1.js", "/assets/radix-1.js"],
      // Two lazily loaded modules that share a chunk both find it.
      "app/components/shell/signed-in-shell.tsx": ["/assets/shell-1.js"],
      "app/components/shell/profile-menu.tsx": ["/assets/shell-1.js"],
    });
  });

  it("gives the server build that map as a module, and dev and tests an empty one", () => {
    const server = build("build", true, root);
    const id = (server.resolveId as Hook).call(undefined, LAZY_CHUNKS_MODULE) as string;
    expect(id).toBe(`\0${LAZY_CHUNKS_MODULE}`);
    expect((server.load as Hook).call(undefined, id)).toContain('"app/components/crm/crm-section.tsx": [');
    const dev = build("serve", true, root);
    expect((dev.load as Hook).call(undefined, id)).toBe("export default {};");
    expect((server.resolveId as Hook).call(undefined, "react")).toBeUndefined();
  });
});
