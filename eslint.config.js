import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules", "dist", "data", "tmp", "src/engine/definition-format.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The engine's index brings Ajv and the definitions' compiler with it: 40 kB gzipped more on
    // a first visit to /about. The browser's code imports values from the engine's own modules.
    files: ["src/client/**/*.{ts,tsx}"],
    ignores: ["src/client/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", {
        paths: ["../engine", "../../engine", "../../../engine"].map((name) => ({
          name,
          allowTypeImports: true,
          message: "Import values from the engine's own modules (engine/answers, engine/form, …): its index brings Ajv into the first visit's bundle.",
        })),
      }],
    },
  },
  {
    // The engine runs unchanged in the browser, the server and the scripts: no React, no DOM,
    // no Node. (STYLE.md rule 1)
    files: ["src/engine/**/*.ts"],
    ignores: ["src/engine/**/*.test.ts"],
    languageOptions: { globals: {} },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*"], message: "The engine is pure: no Node APIs." },
            { group: ["react", "react-dom", "react/*", "react-dom/*"], message: "The engine is pure: no React." },
            { group: ["fastify", "fastify/*", "@fastify/*", "pg", "@electric-sql/*"], message: "The engine is pure: no server code." },
          ],
          paths: ["fs", "path", "os", "url", "crypto", "child_process", "process", "buffer", "util"].map((name) => ({
            name,
            message: "The engine is pure: no Node APIs.",
          })),
        },
      ],
      "no-restricted-globals": ["error", "window", "document", "process", "localStorage", "Buffer", "require"],
    },
  },
);
