// LibreOffice runs without a network: in a network namespace of its own (unshare --net), with
// only a loopback device that is down. A linked picture or a remote template cannot be fetched,
// and a document cannot call home. Root may create the namespace directly; anyone else needs a
// user namespace too (-r). Containers without CAP_SYS_ADMIN and kernels with unprivileged user
// namespaces switched off allow neither; LibreOffice then runs with the network and the settings
// in libreoffice.ts are what remains, and `isolation()` says so for the server's startup log.
import { spawn } from "node:child_process";

export interface Isolation {
  prefix: string[];
  description: string;
}

const CANDIDATES: Isolation[] = [
  { prefix: ["unshare", "--net"], description: "own network namespace (unshare --net)" },
  { prefix: ["unshare", "--net", "--map-root-user"], description: "own user and network namespace (unshare -rn)" },
];
const NONE: Isolation = { prefix: [], description: "none: unshare is not permitted here, LibreOffice has the network" };

let found: Promise<Isolation> | undefined;

/** The first way of cutting the network that works on this machine, tried once per process. */
export function isolation(): Promise<Isolation> {
  found ??= detect();
  return found;
}

async function detect(): Promise<Isolation> {
  for (const candidate of CANDIDATES) {
    if (await succeeds([...candidate.prefix, "true"])) return candidate;
  }
  return NONE;
}

function succeeds([command, ...args]: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio: "ignore" });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}
