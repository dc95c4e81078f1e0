// npm run backup / npm run restore on PGlite (OPERATIONS.md: backups): the database folder and
// the local store's files, copied while no server has the folder open. The folder lock
// (db/folder-lock.ts) refuses while a server runs: a PostgreSQL data folder copied under a running
// server may not open. On PostgreSQL, pg_dump and the bucket's own copies do this instead.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { lockFolder } from "../db/folder-lock";

/** What a backup holds, each a folder of DATA_DIR: the database, and the documents and PDF copies without S3. */
const PARTS = ["pglite", "files"] as const;

/** Copies DATA_DIR's database and files into `target`, a new or empty folder. */
export async function backupDataDir(dataDir: string, target: string): Promise<string[]> {
  if (!existsSync(join(dataDir, "pglite"))) throw new Error(`There is no PGlite database in ${dataDir}/pglite to back up.`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty: choose a new folder for the backup.`);
  return withFolderLocked(dataDir, () => {
    mkdirSync(target, { recursive: true });
    const copied = PARTS.filter((part) => existsSync(join(dataDir, part)));
    for (const part of copied) cpSync(join(dataDir, part), join(target, part), { recursive: true });
    return copied;
  });
}

/** Replaces DATA_DIR's database and files with the backup's: what changed since the backup is gone. */
export async function restoreDataDir(source: string, dataDir: string): Promise<string[]> {
  if (!existsSync(join(source, "pglite"))) throw new Error(`${source} is not a backup: it has no pglite folder.`);
  mkdirSync(join(dataDir, "pglite"), { recursive: true });
  return withFolderLocked(dataDir, () => {
    for (const part of PARTS) {
      rmSync(join(dataDir, part), { recursive: true, force: true });
      if (existsSync(join(source, part))) cpSync(join(source, part), join(dataDir, part), { recursive: true });
    }
    return PARTS.filter((part) => existsSync(join(source, part)));
  });
}

async function withFolderLocked<T>(dataDir: string, work: () => T): Promise<T> {
  const unlock = await lockFolder(join(dataDir, "pglite"));
  try {
    return work();
  } finally {
    await unlock();
  }
}
