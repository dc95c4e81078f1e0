import { relative } from "node:path";
import type { Plugin } from "vite";

/**
 * `.vite/module-chunks.json`: the chunk of each of the app's own modules. Vite's manifest names a
 * chunk by the module it was made for, and has nothing for a module inside a group's chunk (a
 * form page's modules are in "form"); the server's preload links look pages up here.
 */
export function moduleChunks(): Plugin {
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
