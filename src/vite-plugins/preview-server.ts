import { relative } from "node:path";
import type { Plugin } from "vite";

/** How long the preview waits after a save before reading the files again. */
export const SETTLE_MS = 60;

/** The files whose saving reloads the preview: definitions, the data model and rules, the sample answer sets. */
export const isPreviewed = (file: string) => /^(form-definitions|schemas|examples\/answers)\//.test(relative(process.cwd(), file).split("\\").join("/"));

/**
 * `npm run preview` (scripts/preview.ts): the preview page at /, and a reload of it whenever a file
 * of form-definitions/, schemas/ or examples/answers/ is saved, added or removed, with the lint
 * findings read again. A reload, not a hot update: the definitions are expanded once, at load.
 */
export function previewServer(): Plugin {
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
