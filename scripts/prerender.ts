// npm run build: each form page as a visitor first sees it (src/client/prerender.tsx), drawn
// through Vite's SSR loader and written to dist/client/.vite/prerender.json as { route: html }.
// The server sends it inside the visitor's page (src/server/platform/web.ts). The client modules read the
// page's address and cookies as they load, so they load in a jsdom window, as a visitor's
// browser would have it.
import { writeFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { createServer } from "vite";

const out = process.argv[2] ?? "dist/client/.vite/prerender.json";
const { window } = new JSDOM("<!doctype html><html><head></head><body></body></html>", { url: "http://localhost/" });
Object.assign(globalThis, { window, document: window.document, location: window.location, localStorage: window.localStorage, HTMLElement: window.HTMLElement });

const vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: "custom", logLevel: "warn", configLoader: "runner" });
try {
  const { routes, prerender } = (await vite.ssrLoadModule("/src/client/prerender.tsx")) as { routes: string[]; prerender: (route: string) => Promise<string> };
  const html: Record<string, string> = {};
  for (const route of routes) html[route] = await prerender(route);
  writeFileSync(out, JSON.stringify(html));
  console.log(`prerendered ${routes.join(", ")}: ${Object.values(html).map((page) => `${(page.length / 1024).toFixed(0)} kB`).join(", ")}`);
} finally {
  await vite.close();
}
