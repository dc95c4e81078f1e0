import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineConfig, type Plugin } from "vitest/config";
import { browserValidatorModule } from "./src/definitions/browser-validator";
import { classifyDefinitionFile } from "./src/definitions/classify";
import { refuseLintErrors } from "./src/definitions/lint/build-guard";
import react from "@vitejs/plugin-react";

// The API server `npm run dev` starts beside Vite (scripts/dev.ts).
const api = `http://localhost:${process.env.API_PORT ?? 8080}`;

// The admissions office's page (staff.html) is built on its own, after the applicants' (`vite
// build --mode staff`). As a second input of one build, the modules both apps use (React, the
// router, the form's definitions) were cut into other chunks: a first visit to /about loaded 18
// files instead of 17, and how its code was cut would follow whatever the office imports. Apart,
// the applicants' build is what it was, and no office code can reach it.
export default defineConfig(({ mode }) => ({
  plugins: [react(), refuseLintErrors(process.cwd()), pageList(), answerValidator(), cookiePrefix(process.env.COOKIE_PREFIX), staffPages()],
  publicDir: "src/client/public",
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // Lets scripts/bench-client.ts and the tests map routes to what a first visit loads.
    manifest: true,
    // Two pages, the applicants' (index.html) and the admissions office's (staff.html; src/server/web.ts
    // picks one by path), so an applicant never downloads the office's code.
    ...(mode === "staff" && { emptyOutDir: false, manifest: ".vite/staff-manifest.json", rolldownOptions: { input: { staff: resolve("staff.html") } } }),
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    proxy: Object.fromEntries(["/api", "/public", "/service", "/lookup", "/health", "/upload", "/files", "/staff/api"].map((path) => [path, api])),
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
