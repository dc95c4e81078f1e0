import { resolve } from "node:path";
import type { Plugin } from "vite";
import { readProject } from "../definitions/files";
import { versionOf } from "../definitions/version";

/**
 * `virtual:definition-version`: the name (hash) of the definition version the build bundles, so
 * the browser knows when an application is on another one and loads that version's definitions.
 */
export function definitionVersion(): Plugin {
  const id = "virtual:definition-version";
  return {
    name: "definition-version",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const { form, sources } = readProject();
      for (const source of sources) this.addWatchFile(resolve(source.path));
      return `export default ${JSON.stringify(versionOf(form).hash)};`;
    },
  };
}
