// `npm run dev` serves the pages itself, without the server: these make them what the server
// (src/server/platform/web.ts) would send.
import type { Plugin } from "vite";

/** `npm run dev` serves index.html itself: give it the prefix the server (src/server/platform/web.ts) would. */
export function cookiePrefix(prefix: string | undefined): Plugin {
  return {
    name: "cookie-prefix",
    apply: "serve",
    transformIndexHtml: (html) => (prefix ? html.replace(/(<meta name="cookie-prefix" content=")[^"]*"/, `$1${prefix.replace(/[^\w-]/g, "")}"`) : html),
  };
}

/**
 * `npm run dev` answers every unknown path with index.html; the office's pages (/staff, /staff/…,
 * not its API, which the proxy sends on) get staff.html, as the server gives them (src/server/platform/web.ts).
 */
export function staffPages(): Plugin {
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
