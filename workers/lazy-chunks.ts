import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import type { Plugin } from "vite";

/**
 * Which browser files a lazily loaded module needs: for every dynamic-import entry of the client build (a module
 * the app loads with `import()`, see app/components/shell/lazy.tsx), its chunk and the chunks it imports statically.
 *
 * The client build writes the map to build/lazy-chunks.json (outside build/client, so it is never served); the
 * server build, which runs after it, reads it as the module `virtual:lazy-chunks`, so a server render can send
 * modulepreload links for the section it renders. `npm run bench:bundle` reads the same file. In dev and tests the
 * module is empty (Vite serves modules one by one there; there is nothing to preload).
 */
export const LAZY_CHUNKS_MODULE = "virtual:lazy-chunks";
const RESOLVED = `\0${LAZY_CHUNKS_MODULE}`;

export function lazyChunks(): Plugin {
  let root = process.cwd();
  let base = "/";
  let serve = false;
  let ssr = false;
  const file = () => resolve(root, "build/lazy-chunks.json");

  return {
    name: "breeze-lazy-chunks",
    configResolved(config) {
      root = config.root;
      base = config.base;
      serve = config.command === "serve";
      ssr = Boolean(config.build.ssr);
    },
    resolveId(id) {
      return id === LAZY_CHUNKS_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (serve || !ssr) return "export default {};";
      return `export default ${readFileSync(file(), "utf8")};`;
    },
    generateBundle(_options, bundle) {
      if (serve || ssr) return;
      const imports = new Map<string, string[]>();
      for (const output of Object.values(bundle)) if (output.type === "chunk") imports.set(output.fileName, output.imports);
      const map: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        // The chunk first, then everything it imports statically, transitively (what the browser fetches before it runs).
        const files = new Set<string>([output.fileName]);
        for (const fileName of files) for (const dependency of imports.get(fileName) ?? []) files.add(dependency);
        // Every module of ours in the chunk that some module imports with import() (a chunk may hold several).
        for (const id of output.moduleIds) {
          if (!this.getModuleInfo(id)?.dynamicImporters.length) continue;
          const source = relative(root, id).split("\\").join("/");
          if (source.startsWith("..") || source.includes("node_modules")) continue;
          map[source] = [...files].map((fileName) => `${base}${fileName}`);
        }
      }
      mkdirSync(dirname(file()), { recursive: true });
      writeFileSync(file(), `${JSON.stringify(map, null, 2)}\n`);
    },
  };
}
