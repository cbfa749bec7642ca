import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      ".tmp/",
      "test-results/",
      "playwright-report/",
      "drizzle/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Only the boot code and tooling read the environment; the app gets parsed config.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/.server/config.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Use the parsed config from the load context." },
      ],
    },
  },
  {
    // The layers, one way only (docs/decisions/008-layers.md): app/lib ← app/.server ← app/features ← app/routes and
    // server/. app/components is shared UI beside app/lib. A wrong import fails lint; so does any import cycle.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app/lib",
              from: ["./app/.server", "./app/features", "./app/routes", "./app/components", "./server"],
              message:
                "app/lib is the bottom layer: isomorphic helpers and the product catalogue import nothing above them.",
            },
            {
              target: "./app/components",
              from: ["./app/.server", "./app/features", "./app/routes", "./server"],
              message: "Shared UI components know no feature, route or server code.",
            },
            {
              target: "./app/.server",
              from: ["./app/features", "./app/routes", "./app/components", "./server"],
              message:
                "app/.server is infrastructure (config, db, logger, mail, media, rate limits): it never imports features or delivery.",
            },
            {
              target: "./app/features",
              from: ["./app/routes", "./server"],
              message:
                "Features never import delivery code (routes, the Hono server, the API): throw AppError and let delivery map it.",
            },
          ],
        },
      ],
    },
  },
);
