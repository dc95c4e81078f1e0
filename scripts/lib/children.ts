// The child processes of the benchmarks that run the built server (bench-deadline, bench-release):
// each started with none of the developer's own server settings but what the benchmark gives,
// and all of them stopped, with what the benchmark started besides, on every way out (an error,
// the end, Ctrl-C).
import { spawn, type ChildProcess } from "node:child_process";
import { repoRoot } from "../../src/definitions/files";

const started: ChildProcess[] = [];

/** `node args…` in the repository, with `env` over the environment cleared of the server's own settings (platform/config.ts). */
export function startNode(args: string[], env: Record<string, string>): ChildProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(childEnv)) if (/^(S3_|SMTP_|METRICS_|MAIL_)/.test(name)) delete childEnv[name];
  for (const name of ["PUBLIC_URL", "DATABASE_URL", "COOKIE_PREFIX", "TRUST_PROXY", "WEB_CONCURRENCY", "WORK_JOBS", "RENDER_URL"]) delete childEnv[name];
  Object.assign(childEnv, { HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production" }, env);
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: childEnv, stdio: ["ignore", "inherit", "inherit"] });
  started.push(child);
  return child;
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Waits up to a minute for `url` to answer 2xx; throws if `child` exits first. */
export async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer ${url} within 60 s`);
}

/**
 * Stops every child still running, then runs `more` (PostgreSQL, files); once, however often it is
 * called. Ctrl-C runs it too: the signal reaches the benchmark twice (from the terminal, and
 * relayed by npm and tsx), and the second must not end it half-way, so it is ignored.
 */
export function cleanUpOnExit(more: () => Promise<void>): () => Promise<void> {
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => (cleaning ??= Promise.all(started.map((child) => stopChild(child))).then(more));
  let signalled = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (signalled) return;
      signalled = true;
      console.error(`\n${signal}: stopping the servers and PostgreSQL`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  return cleanUp;
}
