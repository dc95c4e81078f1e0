// The built browser app (dist/client), served from the API's own origin so the session cookie,
// the CSP's 'self' and the Origin check all hold. Hashed assets are cached for a year; the
// admissions office's pages (/staff, /staff/…) answer with staff.html, its own app; every other
// path that is not an API path answers with the applicants' index.html, and the app's router
// decides (it redirects unknown paths to /about).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import staticFiles from "@fastify/static";
import { randomBytes } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { contentSecurityPolicy, isApiPath } from "./http";

const COOKIE_PREFIX_META = /<meta name="cookie-prefix" content="[^"]*"/;
/** React Aria reads the nonce for the <style> elements it adds from this tag. */
const NONCE_META = '<meta name="csp-nonce" nonce="" />';

export async function webRoutes(app: FastifyInstance, options: { dir: string; cookiePrefix: string }): Promise<void> {
  // The app learns the cookie prefix from the page (it reads the logged-in cookie by name): CSP
  // allows no inline script to hand it over.
  const index = pageTemplate(options.dir, "index.html")
    .replace(COOKIE_PREFIX_META, `<meta name="cookie-prefix" content="${options.cookiePrefix.replace(/[^\w-]/g, "")}"`);
  const staff = pageTemplate(options.dir, "staff.html");
  // Compressed twins (.br, .gz) are written by scripts/compress-client.ts at build time.
  await app.register(staticFiles, { root: options.dir, serve: false, preCompressed: true });

  const preloads = routePreloads(options.dir, index);
  const drawn = prerendered(options.dir);
  const loggedInCookie = `${options.cookiePrefix}logged_in`;

  app.get("/*", { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split("?")[0]!;
    if (isApiPath(path)) return reply.callNotFound();
    if (path.startsWith("/assets/")) return reply.sendFile(path.slice(1), { immutable: true, maxAge: "365d" });
    if (/\.\w+$/.test(path)) return reply.sendFile(path.slice(1), { immutable: false, maxAge: "1h" });
    const nonce = randomBytes(16).toString("base64");
    // The office's pages are drawn by its app alone: nothing of the applicants' start-up.
    if (isStaffPage(path)) return sendPage(request, reply, staff.replace(NONCE_META, nonceMeta(nonce)), nonce);
    // A visitor's form page comes drawn (the app takes it over); a logged-in applicant's and the
    // service view differ from a visitor's, so the app draws those itself.
    const token = new URLSearchParams(request.url.slice(path.length)).get("service_token");
    const serviceView = token !== null;
    const page = !request.cookies[loggedInCookie] && !serviceView ? drawn[path] : undefined;
    const html = index
      .replace(NONCE_META, nonceMeta(nonce))
      .replace("</head>", `${preloads(path, serviceView)}${serviceView ? serviceDataPreload(token) : ""}</head>`)
      .replace(ROOT, page ? `<div id="root">${page}</div>` : ROOT);
    return sendPage(request, reply, html, nonce);
  });
}

const ROOT = '<div id="root"></div>';

/** The office's pages; its API (/staff/api) never reaches here (isApiPath). */
const isStaffPage = (path: string) => /^\/staff(\/|$)/.test(path);

const nonceMeta = (nonce: string) => `<meta name="csp-nonce" nonce="${nonce}" />`;

/** A built page, checked for what each answer fills in. */
function pageTemplate(dir: string, name: string): string {
  const html = readFileSync(join(dir, name), "utf8");
  if (!html.includes(NONCE_META)) throw new Error(`${dir}/${name} lacks ${NONCE_META}`);
  if (!html.includes(ROOT)) throw new Error(`${dir}/${name} lacks ${ROOT}`);
  return html;
}

/** A page with its nonce in the CSP, never cached stale, compressed when the browser accepts it. */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string, nonce: string) {
  const encoding = /\bbr\b/.test(request.headers["accept-encoding"] ?? "") ? "br" : /\bgzip\b/.test(request.headers["accept-encoding"] ?? "") ? "gzip" : null;
  reply
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-cache")
    .header("Vary", "Accept-Encoding, Cookie")
    .header("Content-Security-Policy", contentSecurityPolicy(nonce));
  if (!encoding) return reply.send(html);
  // Compressed per answer (the nonce differs each time), at a quick setting: about a millisecond.
  const body = encoding === "br" ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(html, { level: 6 });
  return reply.header("Content-Encoding", encoding).send(body);
}

/**
 * The service view's data, fetched as the page starts rather than once the app's code has run
 * (the PDF printer waits for it); the app's own fetch of the same URL takes this answer.
 */
function serviceDataPreload(token: string): string {
  const href = `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`;
  return `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`;
}

/** The form pages drawn at build time (scripts/prerender.ts), by route; none when not built. */
function prerendered(dir: string): Record<string, string> {
  const path = join(dir, ".vite/prerender.json");
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, string>) : {};
}

/** The pages the browser app loads lazily, by path (src/client/router.tsx); any other path shows the first form page. */
const AUTH_PAGES: Record<string, string> = { "/login": "Login", "/signup": "Signup", "/confirm": "Confirm", "/forgot": "Forgot", "/reset": "Reset" };
/** The app itself (src/client/boot.ts loads it after the first paint), then the path's page (the PDF printer's service view). */
const routeModules = (path: string, serviceView: boolean): string[] => [
  "src/client/main.tsx",
  ...(AUTH_PAGES[path]
    ? ["src/client/shell/AuthLayout.tsx", `src/client/auth/${AUTH_PAGES[path]}Page.tsx`]
    : path === "/account" ? ["src/client/account/AccountPage.tsx"]
    : ["src/client/shell/FormLayout.tsx", path === "/status" ? "src/client/form/StatusPage.tsx" : "src/client/form/FormPage.tsx"]),
  ...(serviceView ? ["src/client/form/ServiceView.tsx"] : []),
];

interface ManifestChunk { file: string; imports?: string[]; isEntry?: boolean }

/**
 * modulepreload links for the code a path's page loads after the entry (from Vite's manifest): the
 * browser fetches and compiles it while the entry runs, instead of after. A module inside a
 * group's chunk (vite.config.ts) is found through `.vite/module-chunks.json`.
 */
function routePreloads(dir: string, index: string): (path: string, serviceView: boolean) => string {
  const manifestPath = join(dir, ".vite/manifest.json");
  if (!existsSync(manifestPath)) return () => "";
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  const chunksPath = join(dir, ".vite/module-chunks.json");
  const moduleChunks = existsSync(chunksPath) ? (JSON.parse(readFileSync(chunksPath, "utf8")) as Record<string, string>) : {};
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const cache = new Map<string, string>();
  return (path, serviceView) => {
    const modules = routeModules(path, serviceView);
    const key = modules.join();
    let links = cache.get(key);
    if (links === undefined) {
      const files = new Set<string>();
      const visit = (chunk: ManifestChunk | undefined) => {
        if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
        files.add(chunk.file);
        chunk.imports?.forEach((name) => visit(manifest[name]));
      };
      for (const name of modules) visit(manifest[name] ?? byFile.get(moduleChunks[name] ?? ""));
      links = [...files].filter((file) => !index.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("");
      cache.set(key, links);
    }
    return links;
  };
}
