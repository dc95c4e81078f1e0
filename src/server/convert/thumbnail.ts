// The first page of a converted document as a small PNG, so the applicant sees it is the right
// file. Poppler's pdftoppm draws it, in a process of its own: the PDF is ours (rewritten by
// pdf.ts) but what its pages draw is still the applicant's, and a page can be made to take
// minutes or gigabytes. So it runs as LibreOffice does (libreoffice.ts): without a network
// (isolation.ts), giving way to the web process (priority.ts), without the server's environment,
// under prlimit's cap on its memory and CPU time, and in its own process group killed after
// WALL_FACTOR times that time on the clock. A thumbnail is a courtesy: any failure answers null,
// and the document is stored without one.
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { CONVERSION_MS, WALL_FACTOR } from "./isolated";
import { isolation } from "./isolation";
import { GIVE_WAY } from "./priority";

export interface ThumbnailOptions {
  /** Poppler's pdftoppm; defaults to $PDFTOPPM_PATH, else `pdftoppm` on the PATH (Debian's poppler-utils). */
  pdftoppmPath?: string;
  timeoutMs?: number;
}

/** The longer side of the thumbnail, in pixels. */
const THUMBNAIL_PIXELS = 200;
/** The same cap as a conversion thread's heap (isolated.ts). */
const MEMORY_BYTES = 512 * 1024 * 1024;
/** A 200-pixel PNG is a few kilobytes; anything near this is not one. */
const MAX_OUTPUT_BYTES = 1024 * 1024;
// At most this many at once: each keeps a core busy while it draws.
const MAX_RUNNING = 2;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let running = 0;
const waiting: (() => void)[] = [];

/** Page 1 of `pdf` as a PNG whose longer side is THUMBNAIL_PIXELS, or null when it cannot be drawn in time. */
export async function firstPageThumbnail(pdf: Uint8Array, options: ThumbnailOptions = {}): Promise<Buffer | null> {
  const pdftoppm = options.pdftoppmPath ?? process.env.PDFTOPPM_PATH ?? "pdftoppm";
  const timeoutMs = options.timeoutMs ?? CONVERSION_MS;
  const network = await isolation();
  if (running < MAX_RUNNING) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    const limits = ["prlimit", `--as=${MEMORY_BYTES}`, `--cpu=${Math.ceil(timeoutMs / 1000)}`, "--"];
    const args = ["-png", "-f", "1", "-l", "1", "-scale-to", String(THUMBNAIL_PIXELS), "-singlefile", "-"];
    // Its limit is CPU time (prlimit), as a conversion's is: on the clock it may wait WALL_FACTOR times as long.
    const png = await run([...network.prefix, ...GIVE_WAY, ...limits, pdftoppm, ...args], pdf, timeoutMs * WALL_FACTOR);
    return png && png.subarray(0, 8).equals(PNG_SIGNATURE) ? png : null;
  } finally {
    // Handed straight to the next in line, so `running` stays counted for it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** What the command wrote, or null when it failed, ran out of time or wrote too much. */
function run([command, ...args]: string[], input: Uint8Array, timeoutMs: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const child = spawn(command!, args, {
      detached: true,
      stdio: ["pipe", "pipe", "ignore"],
      cwd: tmpdir(),
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" },
    });
    const output: Buffer[] = [];
    let size = 0;
    let failed = false;
    const fail = () => {
      failed = true;
      killGroup(child.pid);
    };
    const timer = setTimeout(fail, timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) fail();
      else output.push(chunk);
    });
    // A child that dies before reading all of its input breaks the pipe: that is its failure, told by its exit.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
    child.once("error", () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      killGroup(child.pid);
      resolve(code === 0 && !failed ? Buffer.concat(output) : null);
    });
  });
}

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the whole group has already exited.
  }
}
