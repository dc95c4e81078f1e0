// npm run backup -- FOLDER: copies the PGlite database and the local files of DATA_DIR into FOLDER
// (new or empty). npm run restore -- FOLDER puts such a copy back. Stop the server first: both
// refuse while it runs. On PostgreSQL use pg_dump / pg_restore (OPERATIONS.md: backups).
import { resolve } from "node:path";
import { backupDataDir, restoreDataDir } from "../src/server/platform/backup";
import { configFromEnv } from "../src/server/platform/config";

const [command, folder, ...rest] = process.argv.slice(2);
const config = configFromEnv();
if ((command !== "backup" && command !== "restore") || !folder || rest.length > 0) {
  console.error("usage: npm run backup -- FOLDER\n       npm run restore -- FOLDER\n\nUses DATA_DIR (default ./data). Stop the server first.");
  process.exit(2);
}
if (config.databaseUrl) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (OPERATIONS.md: backups).");
  process.exit(1);
}
try {
  const parts = command === "backup" ? await backupDataDir(config.dataDir, resolve(folder)) : await restoreDataDir(resolve(folder), config.dataDir);
  console.log(command === "backup" ? `backed up ${parts.join(" and ")} of ${config.dataDir} into ${resolve(folder)}` : `restored ${parts.join(" and ")} of ${config.dataDir} from ${resolve(folder)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
