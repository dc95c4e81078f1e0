import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { refuseLintErrors } from "./src/definitions/lint/build-guard";
import { answerValidator } from "./src/vite-plugins/answer-validator";
import { definitionNotes } from "./src/vite-plugins/definition-notes";
import { definitionVersion } from "./src/vite-plugins/definition-version";
import { cookiePrefix, staffPages } from "./src/vite-plugins/dev-pages";
import { lintFindings } from "./src/vite-plugins/lint-findings";
import { moduleChunks } from "./src/vite-plugins/module-chunks";
import { pageList } from "./src/vite-plugins/page-list";
import { previewServer } from "./src/vite-plugins/preview-server";
import { unusedRouterParts } from "./src/vite-plugins/unused-router-parts";
import react from "@vitejs/plugin-react";

// The API server `npm run dev` starts beside Vite (scripts/dev.ts).
const api = `http://localhost:${process.env.API_PORT ?? 8080}`;

// The admissions office's page (staff.html) is built on its own, after the applicants' (`vite
// build --mode staff`). As a second input of one build, the modules both apps use (React, the
// router, the form's definitions) were cut into other chunks: a first visit to /about loaded 18
// files instead of 17, and how its code was cut would follow whatever the office imports. Apart,
// the applicants' build is what it was, and no office code can reach it.
export default defineConfig(({ mode }) => ({
  plugins: [
    react(), unusedRouterParts(), ...(mode === "production" ? [definitionNotes(), moduleChunks()] : []), refuseLintErrors(process.cwd()), pageList(), answerValidator(), definitionVersion(), lintFindings(mode), cookiePrefix(process.env.COOKIE_PREFIX), staffPages(),
    ...(mode === "preview" ? [previewServer()] : []),
  ],
  publicDir: "src/client/public",
  // React's own useSyncExternalStore for the shim a library still imports (React Aria's toast queue).
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: resolve("src/client/use-sync-external-store.ts") },
      // React Router's production build in a build: its package names the development one for
      // every import, with warnings for developers that no visitor reads, in every first visit.
      ...(mode === "production" || mode === "staff" ? [{ find: /^react-router$/, replacement: resolve("node_modules/react-router/dist/production/index.mjs") }] : []),
    ],
  },
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // Lets scripts/bench-client.ts and the tests map routes to what a first visit loads.
    manifest: true,
    // No modulepreload polyfill, which every first visit would load: a browser without modulepreload
    // (Safari before 17) loads the same modules, only without fetching them ahead.
    modulePreload: { polyfill: false },
    // The applicants' build: what every first visit runs in one file (FIRST_VISIT). Left to the
    // bundler, a first visit loads many files, cut by which pages import which module and each
    // gzipped alone, so more bytes in all (scripts/bench-client.ts counts both). The office's build keeps the bundler's cut.
    rolldownOptions: { output: { codeSplitting: { groups: [
      // Vite's preload helper, which the entry calls to load the app: a file of its own, or the
      // entry would import (and run before the first paint) the chunk that holds it.
      // With it the one module the entry shares with the app (the service token's parameter),
      // which the core chunk would otherwise take, and the entry with it.
      { name: "preload-helper", test: /vite[\\/]preload-helper|src[\\/]client[\\/]service-token\.ts$/, priority: 2 },
      { name: "core", test: (id: string) => FIRST_VISIT.some((path) => path.test(id)), priority: 1 },
      // A form page and its layout in one file with all they import (the engine, the renderer, the
      // widgets, the definitions) but what loads on demand: fewer bytes for /about than several files.
      // Vite's manifest then names neither page; the server finds them in .vite/module-chunks.json.
      { name: "form", test: /src[\\/]client[\\/](form[\\/]FormPage|shell[\\/]FormLayout)\.tsx$/ },
    ] } } },
    // Two pages, the applicants' (index.html) and the admissions office's (staff.html; src/server/platform/web.ts
    // picks one by path), so an applicant never downloads the office's code.
    ...(mode === "staff" && { emptyOutDir: false, manifest: ".vite/staff-manifest.json", rolldownOptions: { input: { staff: resolve("staff.html") } } }),
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    // The preview (npm run preview) has no API server behind it: nothing it does can reach a database.
    ...(mode === "preview"
      ? { hmr: { overlay: false } }
      : { proxy: Object.fromEntries(["/api", "/public", "/service", "/lookup", "/health", "/upload", "/files", "/staff/api"].map((path) => [path, api])) }),
  },
  test: {
    // .ci/run sums the JSON reports of npm test's two Vitest runs.
    ...(process.env.VITEST_REPORT_DIR && {
      reporters: ["default", "json"],
      outputFile: { json: join(process.env.VITEST_REPORT_DIR, `vitest-${process.pid}.json`) },
    }),
    // Servers on PGlite start in seconds, more when the machine is busy. The limits catch a test that
    // hangs, not a slow one: in npm test the server and client tests run niced beside the browser
    // tests, where a component test took nine times as long as alone.
    hookTimeout: 60_000,
    testTimeout: 60_000,
    // Tests share their modules within a worker (isolate: false): loading Fastify, React, React Aria
    // and the app again for each file was most of the component tests' CPU and a third of the
    // server tests'. The harnesses put back what a test changes (stores, query cache, handlers,
    // servers and databases of its own); a file that replaces modules or needs them never loaded
    // runs apart, in "server-fresh" or "client-fresh" (FRESH_MODULES).
    projects: [
      ...sharedAndFresh("server", SERVER_TESTS, FRESH_MODULES.filter((file) => !file.startsWith("src/client/")), {
        environment: "node",
        globalSetup: ["tests/support/global-setup.ts"],
        setupFiles: ["tests/support/definitions-guard.ts"],
        // PGlite's WebAssembly compiled by V8's baseline compiler alone, as in the processes the
        // tests start (NODE_FLAGS, tests/support/spawning.ts, which says why). Not imported from
        // there: npm run preview loads this file in a copy without tests/.
        execArgv: ["--liftoff-only"],
      }),
      ...sharedAndFresh("client", ["src/client/**/*.test.{ts,tsx}"], FRESH_MODULES.filter((file) => file.startsWith("src/client/")), {
        environment: "jsdom",
        setupFiles: ["tests/support/client-setup.ts"],
      }),
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // The migrated PGlite each server's new data folder starts from (tests/support/data-folder.ts).
          globalSetup: ["tests/support/global-setup.ts"],
          // One browser and one server per file; files in parallel would fight over two cores.
          fileParallelism: false,
          hookTimeout: 120_000,
          testTimeout: 120_000,
        },
      },
    ],
  },
}));

/**
 * Project `name` over `include` with modules shared within a worker, but for the files of `fresh`,
 * which run in "`name`-fresh" (when there are any), with the same settings.
 */
function sharedAndFresh(name: string, include: string[], fresh: string[], settings: { environment: "node" | "jsdom"; globalSetup?: string[]; setupFiles: string[]; execArgv?: string[] }) {
  const shared = { extends: true as const, test: { name, include: [...include, ...fresh.map((file) => `!${file}`)], isolate: false, ...settings } };
  return fresh.length === 0 ? [shared] : [shared, { extends: true as const, test: { name: `${name}-fresh`, include: fresh, ...settings } }];
}

const SERVER_TESTS = ["src/engine/**/*.test.ts", "eslint/**/*.test.ts", "src/definitions/**/*.test.ts", "src/server/**/*.test.ts", "scripts/**/*.test.ts", "tests/server/**/*.test.ts", "tests/support/**/*.test.ts"];

/**
 * Tests that run with modules of their own: those that replace or reload modules (vi.mock,
 * vi.resetModules: for every file after them in the worker too) and those that say they need the
 * app's modules as a first visit has them ("fresh modules": the lookup's combo box not loaded yet).
 */
const FRESH_MODULES = ["src", "eslint", "scripts", "tests/server", "tests/support"].filter((root) => existsSync(root)).flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((file) => join(root, file))
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.((do)?[mM]ock|resetModules)\(|fresh modules/.test(readFileSync(file, "utf8"))),
);

/**
 * The modules of chunk "core": every first visit loads them, whichever page it is (the libraries,
 * the API client, the stores, the shell). Not the confirmation dialog: no first visit opens one,
 * and it loads in a file of its own with the first page that may.
 */
const FIRST_VISIT = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand|@react-stately[\\/]toast)[\\/]/,
  /src[\\/]client[\\/](api|state)[\\/]/,
  /src[\\/]client[\\/](institution|shell[\\/](Shell|useDocumentTitle)|form[\\/]steps|ui[\\/](lazy|Toasts|Link|Spinner)|use-sync-external-store)\.tsx?$/,
  /src[\\/]engine[\\/](messages|dates|text)\.ts$/,
  /form-definitions[\\/]institution\.json$/,
];
