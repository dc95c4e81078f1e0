// The built browser app, served by the server on the API's origin (src/server/platform/web.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

const INDEX = `<!doctype html><html><head>
<meta name="cookie-prefix" content="apply_" />
<meta name="csp-nonce" nonce="" />
<script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
const STAFF = `<!doctype html><html><head>
<meta name="csp-nonce" nonce="" />
<script type="module" src="/assets/staff-def.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `console.log("the app");`.repeat(20);
// Vite's manifest of such a build: the entry, layouts, pages and the chunks they share; a form
// page's modules are in a group's chunk (vite.config.ts), which the manifest names by no module.
const MANIFEST = {
  "index.html": { file: "assets/index-abc.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react-1.js" },
  "_shell.js": { file: "assets/shell-2.js", imports: ["index.html", "_react.js"] },
  "_form-3.js": { file: "assets/form-3.js", imports: ["_shell.js", "_react.js"] },
  "src/client/form/StatusPage.tsx": { file: "assets/StatusPage-5.js", imports: ["index.html"] },
  "src/client/shell/AuthLayout.tsx": { file: "assets/AuthLayout-6.js", imports: ["index.html", "_shell.js"] },
  "src/client/auth/LoginPage.tsx": { file: "assets/LoginPage-7.js", imports: ["index.html"] },
  "src/client/auth/ResetPage.tsx": { file: "assets/ResetPage-8.js", imports: ["index.html"] },
  "src/client/account/AccountPage.tsx": { file: "assets/AccountPage-9.js", imports: ["index.html", "_shell.js"] },
};
// The chunk of each of the app's modules (src/vite-plugins/module-chunks.ts).
const MODULE_CHUNKS = {
  "src/client/shell/FormLayout.tsx": "assets/form-3.js",
  "src/client/form/FormPage.tsx": "assets/form-3.js",
  "src/client/form/Renderer.tsx": "assets/form-3.js",
  "src/client/auth/LoginPage.tsx": "assets/LoginPage-7.js",
};
// What scripts/prerender.ts writes: each form page as a visitor first sees it.
const PRERENDERED = { "/about": '<main><input id="first_name"></main>', "/education": "<main>Academics</main>" };

describe("the browser app", () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "client-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "index.html"), INDEX);
    writeFileSync(join(dir, "staff.html"), STAFF);
    writeFileSync(join(dir, "assets/index-abc.js"), SCRIPT);
    writeFileSync(join(dir, "assets/index-abc.js.gz"), gzipSync(SCRIPT));
    writeFileSync(join(dir, "favicon.svg"), "<svg/>");
    mkdirSync(join(dir, ".vite"));
    writeFileSync(join(dir, ".vite/manifest.json"), JSON.stringify(MANIFEST));
    writeFileSync(join(dir, ".vite/module-chunks.json"), JSON.stringify(MODULE_CHUNKS));
    writeFileSync(join(dir, ".vite/prerender.json"), JSON.stringify(PRERENDERED));
    server = await startTestServer("pglite", { clientDir: dir, cookiePrefix: "wb_" });
  });
  afterAll(async () => {
    await server.app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url, headers });

  it("answers every route of the app with the page, never cached stale", async () => {
    for (const url of ["/", "/about", "/login?x=1", "/reset?username=a%40b.example&id=abc", "/some/unknown/path"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("names the code of the path's page for the browser to fetch beside the entry (modulepreload)", async () => {
    const preloaded = async (url: string) =>
      [...(await get(url)).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const form = ["/assets/form-3.js", "/assets/shell-2.js", "/assets/react-1.js"];
    expect(await preloaded("/about")).toEqual(form);
    expect(await preloaded("/some/unknown/path"), "the app sends it to /about").toEqual(form);
    expect(await preloaded("/status")).toEqual([...form, "/assets/StatusPage-5.js"]);
    expect(await preloaded("/login?x=1")).toEqual(["/assets/AuthLayout-6.js", "/assets/shell-2.js", "/assets/react-1.js", "/assets/LoginPage-7.js"]);
    expect(await preloaded("/reset?username=a%40b.example&id=abc")).toEqual(["/assets/AuthLayout-6.js", "/assets/shell-2.js", "/assets/react-1.js", "/assets/ResetPage-8.js"]);
    expect(await preloaded("/account")).toEqual(["/assets/AccountPage-9.js", "/assets/shell-2.js", "/assets/react-1.js"]);
  });

  it("sends a visitor's form page drawn, so it shows before its code runs", async () => {
    expect((await get("/about")).body).toContain('<div id="root"><main><input id="first_name"></main></div>');
    expect((await get("/education?token=abc")).body).toContain('<div id="root"><main>Academics</main></div>');
    expect((await get("/about", { cookie: "wb_other=1" })).body).toContain("first_name");
  });

  it("leaves the drawing to the app for a logged-in applicant, the service view and other pages", async () => {
    const empty = '<div id="root"></div>';
    expect((await get("/about", { cookie: "wb_session=s; wb_logged_in=1" })).body, "logged in").toContain(empty);
    expect((await get("/about?service_token=abc")).body, "service view").toContain(empty);
    expect((await get("/login")).body).toContain(empty);
    expect((await get("/status")).body).toContain(empty);
    expect((await get("/")).body, "the app sends it on to /about").toContain(empty);
  });

  it("has the service view's data fetched as its page starts, the token kept inside the link", async () => {
    const dataPreloads = async (url: string) => [...(await get(url)).body.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map((m) => m[1]);
    expect(await dataPreloads("/about?service_token=abc")).toEqual(["/service/tmp-pdf?service_token=abc"]);
    expect(await dataPreloads(`/about?service_token=${encodeURIComponent('a"><script>x</script>')}`)).toEqual([
      "/service/tmp-pdf?service_token=a%22%3E%3Cscript%3Ex%3C%2Fscript%3E",
    ]);
    expect(await dataPreloads("/about"), "not for anyone else").toEqual([]);
  });

  it("compresses the page when the browser accepts it", async () => {
    const brotli = await get("/about", { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('<input id="first_name">');
    const gzip = await get("/about", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<input id="first_name">');
    const plain = await get("/about");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain('<input id="first_name">');
  });

  it("tells the page the cookie prefix the server uses", async () => {
    expect((await get("/about")).body).toContain('<meta name="cookie-prefix" content="wb_" />');
  });

  it("gives each page a fresh style nonce, in the page and in its Content-Security-Policy", async () => {
    const nonces = await Promise.all([get("/about"), get("/about")].map(async (pending) => {
      const response = await pending;
      const nonce = /<meta name="csp-nonce" nonce="([^"]+)" \/>/.exec(response.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).toContain("script-src 'self';");
      return nonce;
    }));
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sends hashed assets compressed and cacheable for a year", async () => {
    const response = await get("/assets/index-abc.js", { "accept-encoding": "gzip, br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get("/assets/index-abc.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("serves other files for an hour", async () => {
    const response = await get("/favicon.svg");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers a missing file or an unknown API path with a JSON 404, not the page", async () => {
    for (const url of ["/assets/missing.js", "/api/nothing", "/public/nothing", "/service/nothing", "/lookup/nothing"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: `There is no GET ${url}.`, code: "notFound" });
    }
  });

  it("serves nothing outside its folder", async () => {
    for (const url of ["/../../../etc/passwd", "/assets/..%2F..%2F..%2Fetc%2Fpasswd", "/%2e%2e/%2e%2e/etc/passwd"]) {
      const response = await get(url);
      expect(response.body, url).not.toContain("root:");
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });

  it("answers the admissions office's pages with its own app, drawn by the app alone, and leaves its API alone", async () => {
    for (const url of ["/staff", "/staff/", "/staff/applications/1?status=submitted", "/staff/welcome?token=abc"]) {
      const response = await get(url, { cookie: "wb_logged_in=1", "accept-encoding": "br" });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
      const body = brotliDecompressSync(response.rawPayload).toString();
      expect(body, url).toContain('<script type="module" src="/assets/staff-def.js">');
      expect(body).not.toContain("/assets/index-abc.js");
      expect(body).not.toContain("modulepreload");
      expect(body).toContain('<div id="root"></div>');
      const nonce = /<meta name="csp-nonce" nonce="([^"]+)" \/>/.exec(body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(String(response.headers["content-security-policy"])).toContain(`style-src 'self' 'nonce-${nonce}'`);
    }
    expect((await get("/staffing")).body, "a path that only starts alike").toContain("/assets/index-abc.js");
    const api = await get("/staff/api/x");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "There is no GET /staff/api/x.", code: "notFound" });
  });

  it("answers other methods on page routes with a JSON 404", async () => {
    const response = await server.app.inject({ method: "POST", url: "/about", payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "There is no POST /about.", code: "notFound" });
  });
});
