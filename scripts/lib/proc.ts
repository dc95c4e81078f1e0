// What the benchmarks read of processes from /proc (Linux; elsewhere every figure reads 0).
import { readFileSync } from "node:fs";

/** A clock tick of /proc's CPU times, in ms. */
export const TICK_MS = 10;

/** The file's text, or "" when it cannot be read (a process gone, no /proc). */
const readText = (path: string) => { try { return readFileSync(path, "utf8"); } catch { return ""; } };

/** The processes `pid` started that still run. */
export const childrenOf = (pid: number) => readText(`/proc/${pid}/task/${pid}/children`).split(" ").filter(Boolean).map(Number);

/** The parent of `pid`, 0 when unknown. */
export const parentOf = (pid: number) => Number(/PPid:\s+(\d+)/.exec(readText(`/proc/${pid}/status`))?.[1] ?? 0);

const statFields = (pid: number) => readText(`/proc/${pid}/stat`).split(") ")[1]?.split(" ") ?? [];

/** utime + stime of `pid`. */
function ownTicks(pid: number): number {
  const fields = statFields(pid);
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

/** cutime + cstime of `pid`: the time of the processes under it that ended and were reaped. */
export function endedTicks(pid: number): number {
  const fields = statFields(pid);
  return Number(fields[13] ?? 0) + Number(fields[14] ?? 0);
}

/** utime + stime of `pid` and every process under it; with `withEnded`, each one's ended children's too. */
export function treeTicks(pid: number, { withEnded = false } = {}): number {
  const own = ownTicks(pid) + (withEnded ? endedTicks(pid) : 0);
  return own + childrenOf(pid).reduce((sum, child) => sum + treeTicks(child, { withEnded }), 0);
}

/** Resident memory of `pid` and every process under it, in MiB. */
export function treeRssMiB(pid: number): number {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readText(`/proc/${pid}/status`))?.[1] ?? 0);
  return kib / 1024 + childrenOf(pid).reduce((sum, child) => sum + treeRssMiB(child), 0);
}

/** [busy, all] ticks of the whole machine. */
export function machineTicks(): [number, number] {
  const [, ...ticks] = readText("/proc/stat").split("\n")[0]!.trim().split(/\s+/).map(Number);
  const all = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return [all - ticks[3]! - ticks[4]!, all];
}
