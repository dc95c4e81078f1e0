// The operator channel: a server on PGlite owns its data folder (db/folder-lock.ts), so `npm run
// staff` cannot open the database while it runs. The server then listens on a Unix socket inside
// the data folder, in a folder of mode 0700 (the socket itself 0600): only the account that runs
// the server, and root, can connect, which is who could read the database files anyway. One JSON
// line in (a command), one JSON line out (the lines to print).
import { chmodSync, mkdirSync, rmSync } from "node:fs";
import { createConnection, createServer, type Socket } from "node:net";
import { join } from "node:path";
import { operatorCommandOf, type OperatorAnswer, type OperatorCommand } from "./operator";

/** A command is a few hundred bytes; anything much longer is not ours. */
const MAX_COMMAND_BYTES = 16 * 1024;

export const operatorSocketPath = (dataDir: string) => join(dataDir, "operator", "socket");

/** Listens for commands; answers the function that stops listening. */
export async function openOperatorChannel(
  dataDir: string, run: (command: OperatorCommand) => Promise<OperatorAnswer>, onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const path = operatorSocketPath(dataDir);
  const folder = join(dataDir, "operator");
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  // Left by a server that was killed: this process holds the folder lock, so nobody listens on it.
  rmSync(path, { force: true });
  const answerTo = async (command: OperatorCommand | null): Promise<OperatorAnswer> => {
    if (!command) return { ok: false, lines: ["The server did not understand the command."] };
    try {
      return await run(command);
    } catch (error) {
      // The operator reads why at the command line; the details go to the server's log.
      onError(error);
      return { ok: false, lines: [`The server could not run the command (${(error as Error).message}); its log has the details.`] };
    }
  };
  const server = createServer((socket) => {
    readLine(socket, async (line) => {
      let command: OperatorCommand | null = null;
      try {
        command = operatorCommandOf(JSON.parse(line));
      } catch {
        // Not JSON: answered as an unknown command below.
      }
      socket.end(`${JSON.stringify(await answerTo(command))}\n`);
    }).catch((error: unknown) => {
      onError(error);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  server.unref();
  return () => new Promise((resolve) => server.close(() => resolve()));
}

/** Sends `command` to the server holding `dataDir`; null when none listens there. */
export function askServer(dataDir: string, command: OperatorCommand): Promise<OperatorAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(operatorSocketPath(dataDir));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      // No socket file (no server since the folder was made), or a file no server listens on (one that was killed).
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    socket.once("connect", () => {
      socket.write(`${JSON.stringify(command)}\n`);
      readLine(socket, async (line) => resolve(JSON.parse(line) as OperatorAnswer)).catch(reject);
    });
  });
}

/** Calls `handle` with the first line `socket` sends (or all it sent before ending). */
function readLine(socket: Socket, handle: (line: string) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    let text = "";
    let isDone = false;
    const finish = () => {
      if (isDone) return;
      isDone = true;
      socket.off("data", onData);
      handle(text.split("\n")[0]!).then(resolve, reject);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (text.length > MAX_COMMAND_BYTES) {
        isDone = true;
        socket.destroy();
        reject(new Error("an operator message longer than 16 KB"));
      } else if (text.includes("\n")) finish();
    };
    socket.on("data", onData);
    socket.once("end", finish);
  });
}
