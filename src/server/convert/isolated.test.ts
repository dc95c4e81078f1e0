// The conversion threads' pool (isolated.ts), with threads that stand in for worker.ts so their
// start can be made slow or broken at will: a task's time limit counts the task, not its thread's
// start, and the task's own CPU time, not its wait for a busy machine.
import { readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { messages } from "../../api-contract/messages";
import { png } from "../../../tests/support/files";
import { convertIsolated, threadPool, WALL_FACTOR, type Ready } from "./isolated";

/** Ready, with no CPU time to read: the wall clock alone limits its tasks. */
const READY = JSON.stringify({ ready: true, cpuTime: null } satisfies Ready);

/** A thread that takes `startMs` to load, then answers each task with its own bytes as the PDF. */
const echoThread = (startMs: number) => () => new Worker(`
  const { parentPort } = require("node:worker_threads");
  setTimeout(() => {
    parentPort.on("message", (task) => parentPort.postMessage({ ok: true, pdf: task.bytes }));
    parentPort.postMessage(${READY});
  }, ${startMs});
`, { eval: true });

/** A thread that says where its CPU time is, as worker.ts does, and does `work` (JavaScript) before answering each task. */
const threadWorking = (work: string) => () => new Worker(`
  const { parentPort } = require("node:worker_threads");
  parentPort.on("message", (task) => { ${work}; parentPort.postMessage({ ok: true, pdf: task.bytes }); });
  parentPort.postMessage({ ready: true, cpuTime: "/proc/" + require("node:fs").readlinkSync("/proc/thread-self") + "/stat" });
`, { eval: true });
/** Waits without using the CPU, as a thread the kernel runs last on a busy machine does. */
const sleep = (ms: number) => `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms})`;

const task = { kind: "png" as const, bytes: new Uint8Array([1, 2, 3]) };

describe("the conversion threads", () => {
  it("start a task's time limit once its thread is ready: a thread slow to start is not the file's fault", async () => {
    const run = threadPool(echoThread(1_000), 1);
    const result = await run(task, 300);
    expect(result).toEqual({ ok: true, pdf: Buffer.from([1, 2, 3]) });
  });

  it("still stop a task that takes longer than its limit", async () => {
    const run = threadPool(() => new Worker(`
      const { parentPort } = require("node:worker_threads");
      parentPort.on("message", () => {});
      parentPort.postMessage(${READY});
    `, { eval: true }), 1);
    expect(await run(task, 200)).toEqual({ ok: false, message: messages.fileTooSlow });
  });

  it("count a task's own CPU time: a task kept waiting past its limit by a busy machine still converts", async () => {
    // Twice its limit asleep, a second short of the wall clock's end: a margin a busy machine's
    // late timers cannot eat (with 200 ms of sleep to spare, one CI run read the clock past it).
    const run = threadPool(threadWorking(sleep(2_000)), 1);
    expect(await run(task, 1_000)).toEqual({ ok: true, pdf: Buffer.from([1, 2, 3]) });
  });

  it("stop a task that works past its limit of CPU time", async () => {
    const run = threadPool(threadWorking("for (const end = Date.now() + 5000; Date.now() < end;);"), 1);
    expect(await run(task, 200)).toEqual({ ok: false, message: messages.fileTooSlow });
  });

  it(`stop a task that takes ${WALL_FACTOR} times its limit in all, however little of it was work`, async () => {
    const run = threadPool(threadWorking(sleep(5_000)), 1);
    expect(await run(task, 200)).toEqual({ ok: false, message: messages.fileTooSlow });
  });

  it("throw, as the server's fault, when a thread cannot start, and start a new one for the next task", async () => {
    let starts = 0;
    const run = threadPool(() => (++starts === 1 ? new Worker(`throw new Error("no such module")`, { eval: true }) : echoThread(0)()), 1);
    await expect(run(task, 1_000)).rejects.toThrow("a conversion thread could not start: no such module");
    expect(await run(task, 1_000)).toEqual({ ok: true, pdf: Buffer.from([1, 2, 3]) });
  });

  it("give way to the web process: the conversion thread runs 10 nice steps below, the thread that asked keeps its own", async () => {
    // A thread's nice value is the 19th field of its stat, counted after the command's closing parenthesis.
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    const ours = niceOf(readFileSync("/proc/thread-self/stat", "utf8"));
    const converted = await convertIsolated({ kind: "png", bytes: png(8, 8, () => [0, 0, 255]) });
    expect(converted.ok).toBe(true);
    // The thread that converted stays in the pool, idle, for the next upload.
    const threads = readdirSync("/proc/self/task").map((id) => niceOf(readFileSync(`/proc/self/task/${id}/stat`, "utf8")));
    expect(threads).toContain(Math.min(19, ours + 10));
    expect(niceOf(readFileSync("/proc/thread-self/stat", "utf8"))).toBe(ours);
  });
});
