import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import noImportCycle from "./eslint/no-import-cycle.js";

// The rule's zones replace each other from block to block, so the engine's block names this one again.
const srcNeverScripts = { target: "./src", from: "./scripts", message: "The product never depends on its tooling: move what both need into src/." };
// The engine has two doors (ARCHITECTURE.md): runtime.ts and compile.ts. What lies behind them
// (generated/ included: runtime.ts passes its types on) is the engine's own business.
const engineDoors = {
  target: ["./src/server", "./src/definitions", "./src/api-contract", "./scripts", "./tests", "./eslint"],
  from: "./src/engine",
  except: ["./runtime.ts", "./compile.ts"],
  message: "Import the engine through engine/runtime or engine/compile; export what is missing from there.",
};

export default tseslint.config(
  { ignores: ["node_modules", "dist", "data", "tmp", "src/engine/generated/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    // The layers import downward only, and never in a circle (ARCHITECTURE.md).
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX, architecture: { rules: { "no-import-cycle": noImportCycle } } },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: ["tsconfig.json", "src/client/tsconfig.json"], noWarnOnMultipleProjects: true })],
    },
    rules: {
      "architecture/no-import-cycle": "error",
      "import-x/no-restricted-paths": ["error", {
        zones: [
          srcNeverScripts,
          engineDoors,
          { target: "./src/client", from: "./src/server", message: "The browser's code never imports the server's." },
        ],
      }],
    },
  },
  {
    // The engine's own tests may read the project's definitions through src/definitions.
    files: ["src/engine/**/*.ts"],
    ignores: ["src/engine/**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": ["error", {
        zones: [
          srcNeverScripts,
          { target: "./src/engine", from: ["./src/client", "./src/server", "./src/definitions"], message: "The engine is the bottom layer: it imports nothing of ours above it." },
        ],
      }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // React Aria's isPending announces the button by id; once the press has navigated, the next
    // page holds an image without a name (axe role-img-alt). ui/PendingButton says it in words.
    files: ["src/client/**/*.tsx"],
    rules: {
      "no-restricted-syntax": ["error", {
        selector: "JSXOpeningElement[name.name='Button'] > JSXAttribute[name.name='isPending']",
        message: "Use ui/PendingButton: React Aria's isPending leaves a nameless image in the live region when the press navigates.",
      }],
    },
  },
  {
    // The applicant's links are ui/Link's: React Router's own bring prefetching, view transitions
    // and server-component code into every first visit. The office's app may use them.
    files: ["src/client/**/*.{ts,tsx}"],
    ignores: ["src/client/**/*.test.{ts,tsx}", "src/client/staff/**", "src/client/ui/Link.tsx"],
    rules: {
      "no-restricted-imports": ["error", {
        paths: [{ name: "react-router", importNames: ["Link", "NavLink"], message: "Use ui/Link: React Router's Link and NavLink add prefetching and server-component code to every first visit." }],
      }],
    },
  },
  {
    // Of the engine's two doors the browser takes engine/runtime: engine/compile brings Ajv and the
    // definitions' compiler into a first visit to /about; src/definitions reads files with Node.
    files: ["src/client/**/*.{ts,tsx}"],
    ignores: ["src/client/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", {
        patterns: [
          {
            group: ["**/engine/compile"],
            allowTypeImports: true,
            message: "The browser imports values from engine/runtime: engine/compile brings Ajv and the definitions' compiler into the first visit.",
          },
          { group: ["**/definitions/*"], message: "src/definitions reads files with Node: the server and the build use it, not the browser." },
          {
            regex: "api-contract(/index|/messages|/refuse)?$",
            allowTypeImports: true,
            message: "The browser takes the server's catalogue (and the codes) as types only: its values reach into the engine and would weigh on every first visit. ApiError comes from api-contract/errors.",
          },
        ],
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
