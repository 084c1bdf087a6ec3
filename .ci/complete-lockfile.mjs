// Completes package-lock.json with the other platforms' optional native packages (darwin, win32, musl … builds of
// workerd, rollup, tailwind's oxide) that the registry reachable from our machines does not serve. npm then leaves
// them out of the lock, and `npm ci` refuses a lock that misses an optional dependency a package declares, even one
// it would never install on Linux. Each added entry names the version the parent declares and its os/cpu, so npm
// skips it on other platforms without fetching anything, exactly as it skips a complete entry.
// Run after every dependency change: `npm run deps:lock`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

const OS = [
  [/darwin/, "darwin"],
  [/win32|windows/, "win32"],
  [/android/, "android"],
  [/freebsd/, "freebsd"],
  [/openbsd/, "openbsd"],
  [/openharmony/, "openharmony"],
  [/wasm32|wasi/, null],
  [/./, "linux"],
];
const CPU = [
  [/arm64|aarch64/, "arm64"],
  [/-arm-|arm-eabi|gnueabihf|musleabihf/, "arm"],
  [/ia32/, "ia32"],
  [/loong64/, "loong64"],
  [/ppc64/, "ppc64"],
  [/riscv64/, "riscv64"],
  [/s390x/, "s390x"],
  [/wasm32/, "wasm32"],
  [/./, "x64"],
];
const match = (table, name) => table.find(([pattern]) => pattern.test(name))[1];

const added = [];
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const os = match(OS, name);
    packages[`node_modules/${name}`] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      cpu: [match(CPU, name)],
    };
    added.push(`${name}@${version}`);
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `package-lock.json: added ${added.length} other-platform entries` : "package-lock.json: complete");
