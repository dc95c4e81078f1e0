// A conversion thread (isolated.ts): converts one image or PDF at a time, as its parent asks.
// The bytes come and go as transfers (moved, not copied); they arrive as a plain Uint8Array and are
// read as the Buffer the converters expect.
import { readlinkSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { imageToPdf } from "./image";
import { asBuffer, ownsMemory } from "./bytes";
import type { IsolatedTask, Ready } from "./isolated";
import { rewritePdf } from "./pdf";
import { giveWay } from "./priority";

giveWay();

parentPort!.on("message", async (task: IsolatedTask) => {
  const bytes = asBuffer(task.bytes);
  const result = task.kind === "pdf" ? await rewritePdf(bytes) : await imageToPdf(bytes, task.kind);
  parentPort!.postMessage(result, result.ok && ownsMemory(result.pdf) ? [result.pdf.buffer] : []);
});
/** This thread's own stat file, which its parent reads its CPU time from; null off Linux. */
function cpuTimeFile(): string | null {
  try {
    // "<process>/task/<thread>"
    return `/proc/${readlinkSync("/proc/thread-self")}/stat`;
  } catch {
    return null;
  }
}

// Listening: the parent starts a task's time limit now, not while this thread was loading.
parentPort!.postMessage({ ready: true, cpuTime: cpuTimeFile() } satisfies Ready);
