// A definition set's version: its files as the engine reads them (readProject), as JSON in the
// order they are read (by name), and that JSON's SHA-256. The server publishes it under that
// name (src/server/data/definition-versions.ts); the build gives the browser the name of the
// version it bundles (src/vite-plugins/definition-version.ts), so both name one set alike.
import { createHash } from "node:crypto";
import type { FormFiles } from "../engine/runtime";

export function versionOf(files: FormFiles): { json: string; hash: string } {
  const json = JSON.stringify(files);
  return { json, hash: createHash("sha256").update(json).digest("hex") };
}
