/**
 * The arguments (after `npx`) of the wrangler commands the test servers run over a local state directory (a
 * `--persist-to` folder): the migrations applied, and `wrangler dev` serving the production build on 127.0.0.1.
 */

/** `wrangler d1 migrations apply DB --local` over `persistTo`. */
export function migrateLocalArgs(persistTo: string): string[] {
  return ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo];
}

/** `wrangler dev` on 127.0.0.1:`port` over `persistTo`, with `flags` of the caller's and each of `vars` as a `--var`. */
export function wranglerDevArgs({
  port,
  persistTo,
  vars,
  flags = [],
}: {
  port: number;
  persistTo: string;
  vars: Record<string, string>;
  flags?: readonly string[];
}): string[] {
  return [
    "wrangler",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    persistTo,
    ...flags,
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
}
