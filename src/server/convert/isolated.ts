// Conversions run off the web process's event loop (SECURITY.md: no upload stops the server): in
// worker threads (worker.ts), each with a capped heap and a time limit. A thread that runs out of
// memory or time is ended and replaced, and the applicant reads why; the server never notices.
// Two threads at most (the machines have two cores); a conversion waits for a free one.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { messages } from "../../api-contract/messages";
import { asBuffer } from "./bytes";
import type { Conversion } from "./image";

export interface IsolatedTask { kind: "png" | "jpeg" | "pdf"; bytes: Uint8Array }

const THREADS = 2;
/** A conversion's heap: the largest allowed image (24 MP, 8 bytes a pixel) with room to spare. */
const HEAP_MB = 512;
export const CONVERSION_MS = 30_000;

// In the server's bundle (npm run build) the thread's code is dist/server/convert/worker.js; run
// from source (tests, npm run dev), it is worker.ts, loaded through tsx.
const bundled = new URL("./convert/worker.js", import.meta.url);
const source = new URL("./worker.ts", import.meta.url);
function spawn(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 64 } };
  const worker = existsSync(fileURLToPath(bundled))
    ? new Worker(bundled, options)
    : new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`, { ...options, eval: true });
  worker.unref();
  return worker;
}

/** What a thread posts once it listens for tasks (worker.ts): from then on, a task's time limit runs. */
export const READY = "ready";

/**
 * At most `size` threads, each made by `start`, ready before its first task: a thread's start
 * (loading its code, which a busy machine can stretch past a task's whole limit) is the server's
 * work, so a task's time limit runs from when its thread is ready, never from before. A thread
 * that cannot start throws, as our fault, not the file's.
 */
export function threadPool(start: () => Worker, size: number) {
  const idle: Worker[] = [];
  let threads = 0;
  const waiting: (() => void)[] = [];

  async function take(): Promise<Worker> {
    for (;;) {
      const worker = idle.pop();
      if (worker) return worker;
      if (threads < size) {
        threads++;
        try {
          return await ready(start());
        } catch (error) {
          give(null);
          throw error;
        }
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  function give(worker: Worker | null): void {
    if (worker) idle.push(worker);
    else threads--;
    waiting.shift()?.();
  }

  /** Runs `task` in a thread; running out of memory or time is the task's failure. */
  return async function run(task: IsolatedTask, timeoutMs: number): Promise<Conversion> {
    const worker = await take();
    let healthy = false;
    try {
      return await new Promise<Conversion>((resolve) => {
        const done = (outcome: Conversion, ok: boolean) => {
          clearTimeout(timer);
          worker.off("message", onMessage).off("error", onError).off("exit", onExit);
          healthy = ok;
          resolve(outcome);
        };
        const onMessage = (message: Conversion) => done(message.ok ? { ok: true, pdf: asBuffer(message.pdf) } : message, true);
        const onError = (error: Error & { code?: string }) =>
          done({ ok: false, message: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? messages.fileTooMuchMemory : messages.fileUnreadable }, false);
        const onExit = () => done({ ok: false, message: messages.fileUnreadable }, false);
        const timer = setTimeout(() => done({ ok: false, message: messages.fileTooSlow }, false), timeoutMs);
        worker.on("message", onMessage).on("error", onError).on("exit", onExit);
        // One copy, handed over whole (the caller keeps its bytes), and the PDF handed back the same
        // way: a megabyte cloned each way made a 3 ms JPEG take 7.
        const bytes = new Uint8Array(task.bytes);
        worker.postMessage({ kind: task.kind, bytes } satisfies IsolatedTask, [bytes.buffer]);
      });
    } finally {
      if (!healthy) void worker.terminate();
      give(healthy ? worker : null);
    }
  };
}

/** Resolves once `worker` posts READY; rejects if it fails or exits first. */
function ready(worker: Worker): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      outcome();
    };
    const onMessage = (message: unknown) => message === READY && settle(() => resolve(worker));
    const onError = (error: Error) => settle(() => reject(new Error(`a conversion thread could not start: ${error.message}`)));
    const onExit = (code: number) => settle(() => reject(new Error(`a conversion thread exited (code ${code}) before it was ready`)));
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
  });
}

const pool = threadPool(spawn, THREADS);

/** Converts an image or a PDF in a thread of its own; running out of memory or time is the file's failure. */
export function convertIsolated(task: IsolatedTask, timeoutMs = CONVERSION_MS): Promise<Conversion> {
  return pool(task, timeoutMs);
}
