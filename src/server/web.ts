// The built browser app (dist/client), served from the API's own origin so the session cookie,
// the CSP's 'self' and the Origin check all hold. Hashed assets are cached for a year; every
// other path that is not an API path answers with the app's index.html, and the app's router
// decides (it redirects unknown paths to /about).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import staticFiles from "@fastify/static";
import { randomBytes } from "node:crypto";
import { contentSecurityPolicy, isApiPath } from "./http";

export const COOKIE_PREFIX_META = /<meta name="cookie-prefix" content="[^"]*"/;
/** React Aria reads the nonce for the <style> elements it adds from this tag. */
const NONCE_META = '<meta name="csp-nonce" nonce="" />';

export async function webRoutes(app: FastifyInstance, options: { dir: string; cookiePrefix: string }): Promise<void> {
  // The app learns the cookie prefix from the page (it reads the logged-in cookie by name): CSP
  // allows no inline script to hand it over.
  const index = readFileSync(join(options.dir, "index.html"), "utf8")
    .replace(COOKIE_PREFIX_META, `<meta name="cookie-prefix" content="${options.cookiePrefix.replace(/[^\w-]/g, "")}"`);
  if (!index.includes(NONCE_META)) throw new Error(`${options.dir}/index.html lacks ${NONCE_META}`);
  // Compressed twins (.br, .gz) are written by scripts/compress-client.ts at build time.
  await app.register(staticFiles, { root: options.dir, serve: false, preCompressed: true });

  app.get("/*", { schema: { hide: true } }, (request, reply) => {
    const path = request.url.split("?")[0]!;
    if (isApiPath(path)) return reply.callNotFound();
    if (path.startsWith("/assets/")) return reply.sendFile(path.slice(1), { immutable: true, maxAge: "365d" });
    if (/\.\w+$/.test(path)) return reply.sendFile(path.slice(1), { immutable: false, maxAge: "1h" });
    const nonce = randomBytes(16).toString("base64");
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .header("Content-Security-Policy", contentSecurityPolicy(nonce))
      .send(index.replace(NONCE_META, `<meta name="csp-nonce" nonce="${nonce}" />`));
  });
}
