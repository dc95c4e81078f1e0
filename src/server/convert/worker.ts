// A conversion thread (isolated.ts): converts one image or PDF at a time, as its parent asks.
import { parentPort } from "node:worker_threads";
import { imageToPdf } from "./image";
import type { IsolatedTask } from "./isolated";
import { rewritePdf } from "./pdf";

parentPort!.on("message", async (task: IsolatedTask) => {
  const result = task.kind === "pdf" ? await rewritePdf(task.bytes) : await imageToPdf(task.bytes, task.kind);
  parentPort!.postMessage(result);
});
