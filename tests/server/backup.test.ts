// npm run backup / npm run restore on PGlite: the real script, on a real data folder.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { openPglite } from "../../src/server/db/database";
import { SPAWNING_MS, tsxArguments } from "../support/spawning";
import { temporaryFolders } from "../support/temporary-folders";

const repoRoot = resolve(import.meta.dirname, "../..");
const folders = temporaryFolders();
const root = folders.empty("backup-");
/** A data folder whose PGlite has every migration run. */
const dataFolder = () => folders.data("backup-data-");

/** npm run backup|restore -- folder, as an operator runs it (what package.json names). */
function run(command: "backup" | "restore", dataDir: string, folder: string) {
  const script = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts[command]!;
  const [, file, name] = script.split(" ");
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, tsxArguments(file!, name!, folder), { cwd: repoRoot, env, encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

async function rowsIn(dataDir: string): Promise<string[]> {
  const db = await openPglite(join(dataDir, "pglite"));
  try {
    return (await db.query<{ note: string }>("SELECT note FROM notes ORDER BY note")).map((row) => row.note);
  } finally {
    await db.close();
  }
}

async function addRow(dataDir: string, note: string, create = false): Promise<void> {
  const db = await openPglite(join(dataDir, "pglite"));
  try {
    if (create) await db.query("CREATE TABLE notes (note text)");
    await db.query("INSERT INTO notes VALUES ($1)", [note]);
  } finally {
    await db.close();
  }
}

// Each test starts the scripts as processes of their own, which a clean CI run, every phase at once
// on two cores, stretched past the default time.
describe("npm run backup and npm run restore (PGlite)", () => {
  it("backs up, and a restore takes back what changed since, in the database and the files", async () => {
    const dataDir = dataFolder();
    const document = join(dataDir, "files/documents/first");
    await addRow(dataDir, "before", true);
    mkdirSync(join(dataDir, "files/documents"), { recursive: true });
    writeFileSync(document, "the first upload");

    const backup = run("backup", dataDir, join(root, "nightly"));
    expect(backup.output).toContain("backed up pglite and files");
    expect(backup.status).toBe(0);

    await addRow(dataDir, "after");
    writeFileSync(document, "overwritten");
    writeFileSync(join(dataDir, "files/documents/second"), "a later upload");
    expect(await rowsIn(dataDir)).toEqual(["after", "before"]);

    const restore = run("restore", dataDir, join(root, "nightly"));
    expect(restore.output).toContain("restored pglite and files");
    expect(restore.status).toBe(0);
    expect(await rowsIn(dataDir)).toEqual(["before"]);
    expect(readFileSync(document, "utf8")).toBe("the first upload");
    expect(existsSync(join(dataDir, "files/documents/second"))).toBe(false);
  }, SPAWNING_MS);

  it("refuses while a server has the database open, and into a folder that is not empty", async () => {
    const dataDir = dataFolder();
    await addRow(dataDir, "kept", true);
    const db = await openPglite(join(dataDir, "pglite"));
    try {
      const refused = run("backup", dataDir, join(root, "while-running"));
      expect(refused.status).toBe(1);
      expect(refused.output).toContain(`Another server is using the database in ${join(dataDir, "pglite")}`);
    } finally {
      await db.close();
    }
    mkdirSync(join(root, "full"));
    writeFileSync(join(root, "full/something"), "x");
    const full = run("backup", dataDir, join(root, "full"));
    expect(full.status).toBe(1);
    expect(full.output).toContain(`${join(root, "full")} is not empty`);
  }, SPAWNING_MS);
});
