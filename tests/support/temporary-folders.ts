// Folders a test file makes in the system's temporary folder, all removed once its tests have run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { newDataFolder } from "./data-folder";

/** Call at the top of a test file: its folders, removed after all its tests. */
export function temporaryFolders() {
  const made: string[] = [];
  afterAll(() => {
    for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const kept = (folder: string) => {
    made.push(folder);
    return folder;
  };
  return {
    /** A new empty folder named from `prefix`. */
    empty: (prefix: string) => kept(mkdtempSync(join(tmpdir(), prefix))),
    /** A new data folder (DATA_DIR) for a server or a command, its PGlite migrated (newDataFolder). */
    data: (prefix: string) => kept(newDataFolder(prefix)),
  };
}
