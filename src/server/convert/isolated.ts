// Conversions run off the web process's event loop (SECURITY.md: no upload stops the server): in
// worker threads (worker.ts), each with a capped heap and a time limit. A thread that runs out of
// memory or time is ended and replaced, and the applicant reads why; the server never notices.
// Two threads at most (the machines have two cores); a conversion waits for a free one.
// The time limit counts the thread's own CPU time: a conversion gives way to the server
// (priority.ts), so on a busy machine it waits, and waiting is not the file's fault. The wall
// clock still ends one that waits WALL_FACTOR times its limit.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { messages } from "../../api-contract/messages";
import { asBuffer } from "./bytes";
import type { Conversion } from "./image";

export interface IsolatedTask { kind: "png" | "jpeg" | "pdf"; bytes: Uint8Array }

const THREADS = 2;
/** A conversion's heap: the largest allowed image (24 MP, 8 bytes a pixel) with room to spare. */
const HEAP_MB = 512;
/** A conversion's CPU time; pdftoppm and LibreOffice get as much (thumbnail.ts, libreoffice.ts). */
export const CONVERSION_MS = 30_000;
/** How many times its CPU time a conversion may take in all, waiting included. */
export const WALL_FACTOR = 3;
/** How often a running conversion's CPU time is read. */
const CHECK_MS = 250;

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

/**
 * What a thread posts once it listens for tasks (worker.ts): from then on, a task's time limit
 * runs. `cpuTime` is the file its CPU time is read from (its /proc stat), or null where there is
 * none: then the wall clock alone limits it, to the task's limit.
 */
export interface Ready { ready: true; cpuTime: string | null }

const isReady = (message: unknown): message is Ready => typeof message === "object" && message !== null && "ready" in message;

/** A thread's CPU time in ms so far (utime + stime, in the kernel's hundredths of a second), or null when it cannot be read. */
function cpuMsOf(file: string): number | null {
  try {
    const stat = readFileSync(file, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

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
  const cpuTimes = new WeakMap<Worker, string | null>();

  async function take(): Promise<Worker> {
    for (;;) {
      const worker = idle.pop();
      if (worker) return worker;
      if (threads < size) {
        threads++;
        try {
          const worker = start();
          cpuTimes.set(worker, (await ready(worker)).cpuTime);
          return worker;
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
    const cpuTime = cpuTimes.get(worker) ?? null;
    const used = () => (cpuTime === null ? null : cpuMsOf(cpuTime));
    const [startedAt, cpuAtStart] = [performance.now(), used()];
    /** Over its CPU time (where it can be read, else its limit on the wall clock), or over the wall clock's WALL_FACTOR times. */
    const isOver = () => {
      const elapsed = performance.now() - startedAt;
      const cpu = used();
      const spent = cpu === null || cpuAtStart === null ? elapsed : cpu - cpuAtStart;
      return spent > timeoutMs || elapsed > timeoutMs * WALL_FACTOR;
    };
    let healthy = false;
    try {
      return await new Promise<Conversion>((resolve) => {
        const done = (outcome: Conversion, ok: boolean) => {
          clearInterval(timer);
          worker.off("message", onMessage).off("error", onError).off("exit", onExit);
          healthy = ok;
          resolve(outcome);
        };
        const onMessage = (message: Conversion) => done(message.ok ? { ok: true, pdf: asBuffer(message.pdf) } : message, true);
        const onError = (error: Error & { code?: string }) =>
          done({ ok: false, message: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? messages.fileTooMuchMemory : messages.fileUnreadable }, false);
        const onExit = () => done({ ok: false, message: messages.fileUnreadable }, false);
        const timer = setInterval(() => isOver() && done({ ok: false, message: messages.fileTooSlow }, false), Math.min(CHECK_MS, timeoutMs));
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

/** Resolves once `worker` posts that it is ready; rejects if it fails or exits first. */
function ready(worker: Worker): Promise<Ready> {
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      outcome();
    };
    const onMessage = (message: unknown) => isReady(message) && settle(() => resolve(message));
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
