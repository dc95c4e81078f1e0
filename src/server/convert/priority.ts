// Conversions give way to the web process (SECURITY.md: no upload stalls the server). A
// conversion thread (worker.ts), LibreOffice and pdftoppm run 10 nice steps below the server, as
// `nice -n 10` does, so when they keep every core busy the kernel still runs the server's event
// loop first: /health and the applicants' saves answer while large images convert (npm run
// bench: scripts/bench-uploads.ts). Lowering one's own priority needs no privilege, and relative
// to the server it holds wherever an operator runs the server.
import { getPriority, setPriority } from "node:os";

const NICENESS = 10;
const LOWEST = 19;

/** Put in front of a converting program's command line. */
export const GIVE_WAY = ["nice", "-n", String(NICENESS)];

/**
 * Lowers the priority of the calling thread alone: on Linux a thread's nice value is its own
 * (setpriority(2)), so the server's other threads keep theirs. Elsewhere it would lower the whole
 * server, so there it does nothing.
 */
export function giveWay(): void {
  if (process.platform === "linux") setPriority(Math.min(LOWEST, getPriority() + NICENESS));
}
