// The conversion threads' pool (isolated.ts), with threads that stand in for worker.ts so their
// start can be made slow or broken at will: a task's time limit counts the task, not its thread's start.
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { messages } from "../../api-contract/messages";
import { READY, threadPool } from "./isolated";

/** A thread that takes `startMs` to load, then answers each task with its own bytes as the PDF. */
const echoThread = (startMs: number) => () => new Worker(`
  const { parentPort } = require("node:worker_threads");
  setTimeout(() => {
    parentPort.on("message", (task) => parentPort.postMessage({ ok: true, pdf: task.bytes }));
    parentPort.postMessage(${JSON.stringify(READY)});
  }, ${startMs});
`, { eval: true });

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
      parentPort.postMessage(${JSON.stringify(READY)});
    `, { eval: true }), 1);
    expect(await run(task, 200)).toEqual({ ok: false, message: messages.fileTooSlow });
  });

  it("throw, as the server's fault, when a thread cannot start, and start a new one for the next task", async () => {
    let starts = 0;
    const run = threadPool(() => (++starts === 1 ? new Worker(`throw new Error("no such module")`, { eval: true }) : echoThread(0)()), 1);
    await expect(run(task, 1_000)).rejects.toThrow("a conversion thread could not start: no such module");
    expect(await run(task, 1_000)).toEqual({ ok: true, pdf: Buffer.from([1, 2, 3]) });
  });
});
