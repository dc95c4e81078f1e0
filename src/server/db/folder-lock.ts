import { createHash } from "node:crypto";
import { realpathSync, unlinkSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Makes sure one process at a time opens a PGlite folder: two PostgreSQL instances writing one
 * folder corrupt it beyond recovery (seen here: "could not locate a valid checkpoint record").
 * The lock is a listening socket, so it dies with its process, SIGKILL included; a lock file
 * would outlive a crash and block the restart. On Linux the socket is abstract (no file at all);
 * elsewhere it is a file in the temp folder, taken over when nobody answers on it.
 */
export async function lockFolder(folder: string): Promise<() => Promise<void>> {
  const name = `admission-pglite-${createHash("sha256").update(realpathSync(folder)).digest("hex").slice(0, 24)}`;
  const path = process.platform === "linux" ? `\0${name}` : join(tmpdir(), `${name}.sock`);
  const server = createServer((socket) => socket.end());
  try {
    await listen(server, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    if (process.platform === "linux" || (await isAnswering(path))) {
      throw new Error(`Another server is using the database in ${folder}. Stop it first, or use PostgreSQL (DATABASE_URL) to run several servers.`);
    }
    unlinkSync(path);
    await listen(server, path);
  }
  server.unref();
  return () => new Promise((resolve) => server.close(() => resolve()));
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

function isAnswering(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
