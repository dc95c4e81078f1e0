import { fork, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { defineConfig, type Plugin } from "vitest/config";
import { browserValidatorModule } from "./src/definitions/browser-validator";
import { classifyDefinitionFile } from "./src/definitions/classify";
import { refuseLintErrors } from "./src/definitions/lint/build-guard";
import { previewFindings } from "./src/definitions/preview-findings";
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
    react(), unusedRouterParts(), ...(mode === "production" ? [definitionNotes(), moduleChunks()] : []), refuseLintErrors(process.cwd()), pageList(), answerValidator(), lintFindings(mode), cookiePrefix(process.env.COOKIE_PREFIX), staffPages(),
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
      { name: "preload-helper", test: /vite[\\/]preload-helper/, priority: 2 },
      { name: "core", test: (id: string) => FIRST_VISIT.some((path) => path.test(id)), priority: 1 },
      // A form page and its layout in one file with all they import (the engine, the renderer, the
      // widgets, the definitions) but what loads on demand: fewer bytes for /about than several files.
      // Vite's manifest then names neither page; the server finds them in .vite/module-chunks.json.
      { name: "form", test: /src[\\/]client[\\/](form[\\/]FormPage|shell[\\/]FormLayout)\.tsx$/ },
    ] } } },
    // Two pages, the applicants' (index.html) and the admissions office's (staff.html; src/server/web.ts
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
    // Servers on PGlite start in seconds, more when the machine is busy.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["src/engine/**/*.test.ts", "eslint/**/*.test.ts", "src/definitions/**/*.test.ts", "src/server/**/*.test.ts", "scripts/**/*.test.ts", "tests/server/**/*.test.ts", "tests/support/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/definitions-guard.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "client",
          include: ["src/client/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["tests/support/client-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // One browser and one server per file; files in parallel would fight over two cores.
          fileParallelism: false,
          hookTimeout: 120_000,
          testTimeout: 120_000,
        },
      },
    ],
  },
}));

/** The modules of chunk "core": every first visit loads them, whichever page it is (the libraries, the API client, the stores, the shell). */
const FIRST_VISIT = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand|@react-stately[\\/]toast)[\\/]/,
  /src[\\/]client[\\/](api|state)[\\/]/,
  /src[\\/]client[\\/](institution|shell[\\/](Shell|useDocumentTitle)|form[\\/]steps|ui[\\/](lazy|Toasts|Link|ConfirmDialog|Spinner)|use-sync-external-store)\.tsx?$/,
  /src[\\/]engine[\\/](messages|dates|text)\.ts$/,
  /form-definitions[\\/]institution\.json$/,
];

/**
 * The definitions as the applicants' app reads them: without each file's `$schema` and
 * `description`, which are for the editor and for staff (the engine reads neither), and would
 * otherwise load with /about's first visit. The office's build and the preview keep them.
 */
function definitionNotes(): Plugin {
  return {
    name: "definition-notes",
    enforce: "pre",
    transform: {
      filter: { id: /[\\/]form-definitions[\\/].*\.json$/ },
      handler(code) {
        const { $schema: _schema, description: _description, ...file } = JSON.parse(code) as Record<string, unknown>;
        return { code: JSON.stringify(file), map: null };
      },
    },
  };
}

/**
 * `.vite/module-chunks.json`: the chunk of each of the app's own modules. Vite's manifest names a
 * chunk by the module it was made for, and has nothing for a module inside a group's chunk (a
 * form page's modules are in "form"); the server's preload links look pages up here.
 */
function moduleChunks(): Plugin {
  return {
    name: "module-chunks",
    apply: "build",
    generateBundle(_, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of output.moduleIds) if (id.startsWith(`${process.cwd()}/src/`)) chunks[relative(process.cwd(), id)] = output.fileName;
      }
      this.emitFile({ type: "asset", fileName: ".vite/module-chunks.json", source: JSON.stringify(chunks) });
    },
  };
}

/**
 * React Router's components and contexts as code that does nothing until used: its module names
 * each one for React's developer tools (`Form.displayName = "Form"`) at the top level, a statement
 * the bundler must keep, and with it the component and all it calls. A first visit to /about
 * loaded its <Form>, fetchers, prefetching and server-component parts, none of which the app uses.
 */
function unusedRouterParts(): Plugin {
  return {
    name: "unused-router-parts",
    apply: "build",
    transform: {
      filter: { id: /node_modules\/react-router\/dist\/.*\.mjs$/ },
      handler: (code) => ({
        code: code
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "")
          .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, "$1/* @__PURE__ */ $2"),
        map: null,
      }),
    },
  };
}

/** `npm run dev` serves index.html itself: give it the prefix the server (src/server/web.ts) would. */
function cookiePrefix(prefix: string | undefined): Plugin {
  return {
    name: "cookie-prefix",
    apply: "serve",
    transformIndexHtml: (html) => (prefix ? html.replace(/(<meta name="cookie-prefix" content=")[^"]*"/, `$1${prefix.replace(/[^\w-]/g, "")}"`) : html),
  };
}

/**
 * `npm run dev` answers every unknown path with index.html; the office's pages (/staff, /staff/…,
 * not its API, which the proxy sends on) get staff.html, as the server gives them (src/server/web.ts).
 */
function staffPages(): Plugin {
  return {
    name: "staff-pages",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split("?")[0] ?? "";
        if (/^\/staff(\/|$)/.test(path) && !/^\/staff\/api(\/|$)/.test(path)) request.url = `/staff.html${request.url!.slice(path.length)}`;
        next();
      });
    },
  };
}

/**
 * `virtual:pages`: each page definition's page, route, title, step and icon, read from
 * form-definitions at build time, so the step navigation knows the pages without loading their
 * questions.
 */
function pageList(): Plugin {
  const id = "virtual:pages";
  const folder = "form-definitions";
  return {
    name: "page-list",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const pages = readdirSync(folder)
        .filter((name) => name.endsWith(".json"))
        .map((name) => {
          // Absolute: Vite resolves a plugin's watched files as imports, and a relative path as a package.
          this.addWatchFile(resolve(folder, name));
          return { name, definition: JSON.parse(readFileSync(join(folder, name), "utf8")) as Record<string, unknown> };
        })
        .filter(({ name, definition }) => classifyDefinitionFile(name, definition) === "page")
        .map(({ definition: { page, route, title, step, icon } }) => ({ page, route, title, step, icon }));
      return `export default ${JSON.stringify(pages)};`;
    },
  };
}

/**
 * `virtual:answer-validator`: the data model and every rule as precompiled validator code
 * (src/definitions/browser-validator.ts), so the browser validates as the server does without a
 * compiler or eval.
 */
function answerValidator(): Plugin {
  const id = "virtual:answer-validator";
  return {
    name: "answer-validator",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const { code, files } = await browserValidatorModule();
      for (const file of files) this.addWatchFile(resolve(file));
      return code;
    },
  };
}

/**
 * `virtual:lint-findings`: what `npm run lint:definitions` finds, each finding with its line and
 * column, for the preview (src/client/preview). The linter reads files with Node, so it runs here:
 * in the office's build, the findings of the definitions it ships; under `npm run preview`, in a
 * process of its own (scripts/preview-lint.ts), started again the moment a file is saved.
 */
function lintFindings(mode: string): Plugin {
  const id = "virtual:lint-findings";
  const toModule = (findings: unknown) => `export default ${JSON.stringify(findings)};`;
  let linter: ChildProcess | undefined;
  let latest: Promise<string> | undefined;
  let settling: ReturnType<typeof setTimeout> | undefined;
  const failed = (why: string) => toModule([{ path: "", pointer: "", line: 1, column: 1, message: why, severity: "error", text: why }]);
  const lintApart = () =>
    (latest = new Promise<string>((done) => {
      if (!linter) {
        linter = fork(resolve("scripts/preview-lint.ts"), { execArgv: ["--import", "tsx"] });
        linter.once("exit", (code) => {
          linter = undefined;
          latest = Promise.resolve(failed(`the linter stopped (exit ${code}); save a file to start it again`));
        });
      }
      const running = linter;
      const onExit = () => done(failed("the linter stopped; save a file to start it again"));
      running.once("exit", onExit);
      running.once("message", (reply: { findings?: unknown[]; error?: string }) => {
        running.off("exit", onExit);
        done(reply.findings ? toModule(reply.findings) : failed(`the linter failed: ${reply.error}`));
      });
      running.send(process.cwd());
    }));
  return {
    name: "lint-findings",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      if (mode !== "preview" || this.environment?.mode !== "dev") return toModule(previewFindings(process.cwd()));
      return latest ?? lintApart();
    },
    configureServer(server) {
      if (mode !== "preview") return;
      void lintApart();
      server.httpServer?.once("close", () => linter?.disconnect());
    },
    hotUpdate({ file }) {
      if (mode !== "preview" || this.environment.name !== "client" || !isPreviewed(file)) return;
      // The module waits for the files to settle: a save can reach the watcher while half written.
      const settled = new Promise<void>((done) => {
        clearTimeout(settling);
        settling = setTimeout(done, SETTLE_MS);
      });
      latest = settled.then(lintApart);
    },
  };
}

/** How long the preview waits after a save before reading the files again. */
const SETTLE_MS = 60;

/** The files whose saving reloads the preview: definitions, the data model and rules, the sample answer sets. */
const isPreviewed = (file: string) => /^(form-definitions|schemas|examples\/answers)\//.test(relative(process.cwd(), file).split("\\").join("/"));

/**
 * `npm run preview` (scripts/preview.ts): the preview page at /, and a reload of it whenever a file
 * of form-definitions/, schemas/ or examples/answers/ is saved, added or removed, with the lint
 * findings read again. A reload, not a hot update: the definitions are expanded once, at load.
 */
function previewServer(): Plugin {
  let reloading: ReturnType<typeof setTimeout> | undefined;
  return {
    name: "preview-server",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split("?")[0] ?? "";
        if (path === "/" || path === "/preview") request.url = `/preview.html${request.url!.slice(path.length)}`;
        next();
      });
    },
    hotUpdate({ file }) {
      if (this.environment.name !== "client" || !isPreviewed(file)) return undefined;
      const { moduleGraph: graph, hot } = this.environment;
      for (const virtual of ["\0virtual:lint-findings", "\0virtual:pages", "\0virtual:answer-validator"]) {
        const module = graph.getModuleById(virtual);
        if (module) graph.invalidateModule(module);
      }
      for (const module of graph.getModulesByFile(file) ?? []) graph.invalidateModule(module);
      // Once the files settle (a save can reach the watcher while half written), one reload for a burst of saves.
      clearTimeout(reloading);
      reloading = setTimeout(() => {
        for (const module of graph.getModulesByFile(file) ?? []) graph.invalidateModule(module);
        hot.send({ type: "full-reload" });
      }, SETTLE_MS);
      return [];
    },
  };
}
