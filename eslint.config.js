import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** db modules with no imports of their own, which every layer may read. */
const NEUTRAL_DB = "(enums|seller-types)\\.ts$";
/** The local property-data provider reads the generated market (db/market/), as the seed wrote it. */
const LOCAL_PROPERTY_DATA = "app/providers/property-data/local*.server.ts";
const DOMAIN = "app/domain/ is pure: it imports no service, provider, component or route; move the shared type into the domain.";
const PROVIDERS = "A provider imports no service, component or route: move what both need down (providers/ or domain/).";
const SERVICES = "A service imports no component or route: move what both need into the domain.";
const WORKERS = { regex: "^#workers/", message: "app/ and db/ never import workers/ (the edge): move the shared piece down into app/." };
const TESTS = { regex: "^#tests/", message: "Only tests import tests/." };
const DB_CLI = { regex: "^#db/(seed|import)/", message: "db/seed/ and db/import/ are the CLIs' code, not the app's." };
const DB_MARKET = {
  regex: "^#db/market/",
  message: "db/market/ is the local market generator: only the local property-data provider reads it (figures in db/seller-types.ts).",
};
const DB_APP = { regex: "^#app/", message: "db/ must not import app/; code that needs app/ lives in db/seed/ (the CLIs)." };
const PARENT = { regex: "^\\.\\./", message: "Import another folder through its alias (#app/, #db/); ./ only within the same folder." };

/** One no-restricted-imports block per folder (typescript-eslint's, for `allowTypeImports`); app/ and db/ also forbid `../`. */
function importLayers(layers) {
  return layers.map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: files.some((glob) => glob.startsWith("workers/")) ? patterns : [...patterns, PARENT] },
      ],
    },
  }));
}

/** The longest a source file may be, blank lines and comments included. */
const MAX_FILE_LINES = 400;

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", "node_modules/", "test-results/", "playwright-report/", "worker-configuration.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      // A file holds one thing: past this it is split by responsibility (docs/decisions/071-house-layout.md).
      "max-lines": ["error", { max: MAX_FILE_LINES }],
    },
  },
  {
    // Bodies are read only through the capped readers of app/services/http/api.server.ts (readBody, readFormData), so a
    // new route cannot buffer an unbounded body by accident.
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    ignores: ["app/services/http/api.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name=/^(formData|json|text|arrayBuffer|blob)$/]",
          message: "Read request bodies with readBody or readFormData (app/services/http/api.server.ts): they cap the size.",
        },
      ],
    },
  },
  // Every arrow one way (docs/decisions/071-house-layout.md, docs/decisions/071-house-layout.md): routes → components, services →
  // providers → domain; db below app; workers at the edge. Each file gets one of these blocks (a later block would
  // replace an earlier one's list); `npm run lint:graph` (tests/graph/) checks the same table on the resolved graph,
  // dynamic imports and cycles included.
  ...importLayers([
    {
      files: ["app/domain/**/*.{ts,tsx}"],
      patterns: [
        { regex: "^#app/(services|providers|components|routes)/|^#app/[^/]+$", message: DOMAIN },
        {
          regex: `^#db/(?!${NEUTRAL_DB})`,
          message: "app/domain/ reads of db/ only its neutral modules (db/enums.ts, db/seller-types.ts).",
        },
        WORKERS,
        TESTS,
      ],
    },
    {
      files: ["app/providers/**/*.ts"],
      ignores: [LOCAL_PROPERTY_DATA],
      patterns: [{ regex: "^#app/(services|components|routes)/|^#app/[^/]+$", message: PROVIDERS }, WORKERS, TESTS, DB_CLI, DB_MARKET],
    },
    {
      files: [LOCAL_PROPERTY_DATA],
      patterns: [{ regex: "^#app/(services|components|routes)/|^#app/[^/]+$", message: PROVIDERS }, WORKERS, TESTS, DB_CLI],
    },
    {
      files: ["app/services/**/*.{ts,tsx}"],
      patterns: [{ regex: "^#app/(components|routes)/|^#app/[^/]+$", message: SERVICES }, WORKERS, TESTS, DB_CLI, DB_MARKET],
    },
    {
      files: ["app/components/**/*.{ts,tsx}"],
      patterns: [
        { regex: "^#app/routes/|^#app/[^/]+$", message: "A component never imports a route: share through a component or the domain." },
        { regex: "^#app/services/", allowTypeImports: true, message: "A component imports only types from a service (`import type`)." },
        {
          regex: `^#db/(?!${NEUTRAL_DB})`,
          message: "A component reads db/ only through its neutral modules (db/enums.ts, db/seller-types.ts).",
        },
        WORKERS,
        TESTS,
      ],
    },
    {
      // Routes reach the database through services, which return what the route needs.
      files: ["app/routes/**/*.{ts,tsx}", "app/*.{ts,tsx}"],
      patterns: [
        { regex: "^#db/(schema|client)\\.ts$", message: "Query through a service in app/services/." },
        WORKERS,
        TESTS,
        DB_CLI,
        DB_MARKET,
      ],
    },
    {
      // db/ is below app/: only the CLIs in db/seed/ (db:seed, import:sales) reach up, for password hashing, the
      // contract PDFs and the valuation's model fit.
      files: ["db/*.ts"],
      patterns: [
        DB_APP,
        WORKERS,
        TESTS,
        { regex: "^#db/(market|seed|import)/", message: "db/'s core modules import no market, seed or import code." },
      ],
    },
    {
      files: ["db/market/**/*.ts"],
      patterns: [
        DB_APP,
        WORKERS,
        TESTS,
        { regex: "^#db/(seed|import)/", message: "The market generator imports no CLI code (db/seed, db/import)." },
      ],
    },
    {
      files: ["db/import/**/*.ts"],
      patterns: [
        DB_APP,
        WORKERS,
        TESTS,
        { regex: "^#db/(seed|market)/", message: "db/import/ imports no db/seed/ (the CLI lives there) and no market generator." },
      ],
    },
    { files: ["db/seed/**/*.ts"], patterns: [WORKERS, TESTS] },
    { files: ["workers/**/*.ts"], patterns: [TESTS] },
  ]),
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: globals.node } },
  { files: ["**/*.d.ts"], rules: { "@typescript-eslint/consistent-type-imports": "off" } },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
);
