// A new data folder (DATA_DIR) for a server or a command a test starts as a child process. Its PGlite
// is the run's migrated database (global-setup.ts) when there is one: a first start on an empty folder
// makes the database and runs every migration, some 5 s of CPU more than any later start, and
// tests start dozens. No vitest import here: the benchmarks start servers through the browser
// tests' support too, and theirs start empty.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The environment variable naming the migrated database's tar file, set by the global setup. */
export const DATA_FOLDER_IMAGE = "TEST_PGLITE_IMAGE";

/** A new folder in the system's temporary folder, named from `prefix`, its PGlite migrated when the run has an image. */
export function newDataFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const image = process.env[DATA_FOLDER_IMAGE];
  if (image) {
    const pglite = join(folder, "pglite");
    mkdirSync(pglite);
    // The image's paths start at the root ("/base/…"); tar takes them as relative to -C.
    execFileSync("tar", ["-xf", image, "-C", pglite], { stdio: "ignore" });
  }
  return folder;
}
