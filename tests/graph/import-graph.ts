/**
 * The import graph of app/, db/, workers/ and tests/ (docs/decisions/071-house-layout.md): every
 * static, re-export and dynamic import between the project's own files, resolved through the package.json `imports`
 * aliases (#app/, #db/, #workers/, #tests/) and `./` paths. `findCycles` reports every cycle, `findViolations` every
 * import against the layer table below; `npm run lint:graph` (check-imports.ts) fails on either.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export type ImportEdge = { from: string; to: string; typeOnly: boolean };
export type ImportGraph = { files: string[]; edges: ImportEdge[] };
export type Violation = { edge: ImportEdge; rule: string };

const ROOTS = ["app", "db", "workers", "tests"];
const SOURCE = /\.(ts|tsx)$/;
const ALIASES: Record<string, string> = { "#app/": "app/", "#db/": "db/", "#workers/": "workers/", "#tests/": "tests/" };

/** Every .ts/.tsx file under the roots (declaration files left out), as a path relative to `root` with `/`. */
export function listSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(relative);
    }
  };
  for (const dir of ROOTS) walk(dir);
  return files.sort();
}

/** The project file a specifier names, or null for a package (or a generated file such as build/server). */
export function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  let target: string;
  if (alias) target = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith("./") || specifier.startsWith("../")) target = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`])
    if (known.has(candidate)) return candidate;
  return null;
}

/** The specifiers a file imports, each marked type-only when nothing but types can come through it. */
export function importsOf(fileName: string, text: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The graph of the project's own imports, read from disk under `root`. */
export function readImportGraph(root: string): ImportGraph {
  const files = listSourceFiles(root);
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const { specifier, typeOnly } of importsOf(from, readFileSync(path.join(root, from), "utf8"))) {
      const to = resolveSpecifier(from, specifier, known);
      if (to && to !== from) edges.push({ from, to, typeOnly });
    }
  }
  return { files, edges };
}

/**
 * Every cycle, as the files of one strongly connected component (Tarjan), each list starting at its first file in
 * sort order. Type-only imports count: a cycle of types still ties two modules together.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of graph.edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  const nodes = [...new Set([...graph.files, ...graph.edges.flatMap((edge) => [edge.from, edge.to])])].sort();
  for (const file of nodes) if (!index.has(file)) connect(file);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** db modules with no imports of their own that every layer may read (enum tuples, seller- and buyer-type figures). */
const NEUTRAL_DB = String.raw`(enums|seller-types)\.ts$`;
/** app/root.tsx, app/entry.client.tsx, app/entry.server.tsx: the top of app/, beside the routes. */
const APP_TOP = String.raw`app/[^/]+\.tsx?$`;

export type LayerRule = { name: string; from: RegExp; to: RegExp; typeOnlyAllowed?: boolean };

/**
 * The arrows that point the wrong way (docs/decisions/071-house-layout.md). Allowed, downward: routes → components, services → providers →
 * domain; every app layer → db (domain and components only its neutral modules, routes not schema or client);
 * workers → app and db; db/seed → app (the CLI entries that fit the valuation's models); tests → anything.
 */
export const LAYER_RULES: LayerRule[] = [
  {
    name: "domain imports only domain and db's neutral modules",
    from: /^app\/domain\//,
    to: new RegExp(`^(app/(?!domain/)|workers/|tests/|db/(?!${NEUTRAL_DB}))`),
  },
  {
    name: "providers import no services, components, routes, workers",
    from: /^app\/providers\//,
    to: new RegExp(`^(app/(services|components|routes)/|${APP_TOP}|workers/|tests/|db/(seed|import)/)`),
  },
  {
    name: "services import no components, routes, workers",
    from: /^app\/services\//,
    to: new RegExp(`^(app/(components|routes)/|${APP_TOP}|workers/|tests/|db/(seed|import)/)`),
  },
  {
    name: "components import no routes, workers, or db beyond its neutral modules",
    from: /^app\/components\//,
    to: new RegExp(`^(app/routes/|${APP_TOP}|workers/|tests/|db/(?!${NEUTRAL_DB}))`),
  },
  { name: "components import only types from services", from: /^app\/components\//, to: /^app\/services\//, typeOnlyAllowed: true },
  {
    name: "routes query through services (no db schema or client), import no workers",
    from: new RegExp(`^(app/routes/|${APP_TOP})`),
    to: /^(workers\/|tests\/|db\/(schema|client)\.ts$|db\/(seed|import)\/)/,
  },
  {
    name: "only the local property-data provider reads the generated market",
    from: /^app\/(?!providers\/property-data\/local[^/]*\.server\.ts$)/,
    to: /^db\/market\//,
  },
  { name: "db imports no app (except the db/seed CLIs), workers, tests", from: /^db\/(?!seed\/)/, to: /^(app|workers|tests)\// },
  { name: "db's core imports no market, seed, import", from: /^db\/[^/]+$/, to: /^db\/(market|seed|import)\// },
  { name: "db/market imports no db/seed or db/import", from: /^db\/market\//, to: /^db\/(seed|import)\// },
  { name: "db/import does not import db/seed or db/market", from: /^db\/import\//, to: /^db\/(seed|market)\// },
  { name: "db/seed imports no workers, tests", from: /^db\/seed\//, to: /^(workers|tests)\// },
  { name: "workers import no tests", from: /^workers\//, to: /^tests\// },
];

/** Every edge some rule forbids (an edge against two rules is listed under each). */
export function findViolations(graph: ImportGraph, rules: readonly LayerRule[] = LAYER_RULES): Violation[] {
  const found: Violation[] = [];
  for (const edge of graph.edges)
    for (const rule of rules)
      if (rule.from.test(edge.from) && rule.to.test(edge.to) && !(rule.typeOnlyAllowed && edge.typeOnly))
        found.push({ edge, rule: rule.name });
  return found;
}
