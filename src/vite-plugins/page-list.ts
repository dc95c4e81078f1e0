import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { classifyDefinitionFile } from "../definitions/classify";

/**
 * `virtual:pages`: each page definition's page, route, title, step and icon, read from
 * form-definitions at build time, so the step navigation knows the pages without loading their
 * questions.
 */
export function pageList(): Plugin {
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
