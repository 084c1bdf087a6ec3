import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  {
    // db/ is below app/: only the seed entry (db/seed/) may reach up, for password hashing and the contract PDFs.
    files: ["db/**/*.ts"],
    ignores: ["db/seed/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ regex: "^(~/|(\\.\\./)+app/)", message: "db/ must not import app/; seed code that needs app/ lives in db/seed/." }],
        },
      ],
    },
  },
  {
    // Routes reach the database through services, which return what the route needs.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(@db/(schema|client)|(\\.\\./)+db/)", message: "Query through a service in app/services/." }] },
      ],
    },
  },
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: globals.node } },
  { files: ["**/*.d.ts"], rules: { "@typescript-eslint/consistent-type-imports": "off" } },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
);
