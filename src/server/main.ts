// npm start: the server on the embedded defaults, or on what the environment says (platform/config.ts).
// WEB_CONCURRENCY=N (PostgreSQL only) runs N web processes sharing the port (node:cluster): one
// Node process works on one core, and a save costs Node about as much CPU as PostgreSQL.
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildServer } from "./app";
import { configFromEnv, SHUTDOWN_TIMEOUT_MS } from "./platform/config";
import { DefinitionErrors } from "./form";
import { closeOnSignals } from "./platform/lifecycle";
import { serveMetrics } from "./platform/metrics";

// The bundle sits in dist/server and the browser app in dist/client (npm run build).
const clientDir = fileURLToPath(new URL("../client", import.meta.url));
const config = { ...configFromEnv(), clientDir: existsSync(`${clientDir}/index.html`) ? clientDir : undefined };
const level = process.env.LOG_LEVEL ?? "info";
// PGlite is one process: a second one on its folder is refused (db/folder-lock.ts).
const processes = config.databaseUrl ? config.webConcurrency ?? 1 : 1;

if (cluster.isPrimary && processes > 1) supervise(processes);
else await serve();

async function serve(): Promise<void> {
  const { app } = await buildServer({ config, logger: { level } }).catch((error: unknown) => {
    // A staff member's mistake, not a crash: the findings, as npm run lint:definitions prints them.
    if (!(error instanceof DefinitionErrors)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  await app.listen({ port: config.port, host: config.host });
  if (!config.clientDir) app.log.warn("no built browser app in dist/client: serving the API only (run npm run build)");
  app.log.info(`${config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`}; mail ${config.smtpUrl ? "by SMTP" : `to ${config.dataDir}/outbox`}`);
  if (processes < (config.webConcurrency ?? 1)) app.log.warn("WEB_CONCURRENCY is ignored with PGlite: one process owns its folder; use PostgreSQL for more");

  // A web process of a cluster leaves the metrics port to the primary, which sums theirs.
  const metrics = config.metricsPort && cluster.isPrimary ? await serveMetrics(config.metricsPort, config.metricsHost ?? "127.0.0.1") : undefined;
  if (metrics) app.log.info(`metrics on http://${config.metricsHost}:${config.metricsPort}/metrics`);
  closeOnSignals(app, config.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS, metrics);
}

/** The primary process: starts `count` web processes, replaces one that dies, stops them all on a signal. */
function supervise(count: number): void {
  const workers = new Set<ReturnType<typeof cluster.fork>>();
  let stopping = false;
  let exitCode = 0;
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of workers) worker.process.kill(signal);
    if (workers.size === 0) process.exit(exitCode);
  };
  const start = () => {
    const worker = cluster.fork();
    workers.add(worker);
    let listening = false;
    worker.once("listening", () => (listening = true));
    worker.once("exit", (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (workers.size === 0) process.exit(exitCode);
      } else if (!listening) {
        // It could not start (database unreachable, port taken…): the others would fail alike.
        log(50, `a web process exited (${signal ?? code}) before it listened; stopping`);
        exitCode = 1;
        stop("SIGTERM");
      } else {
        log(50, `web process ${worker.process.pid} exited (${signal ?? code}); starting another`);
        start();
      }
    });
  };
  for (let i = 0; i < count; i++) start();
  log(30, `${count} web processes on port ${config.port}`);
  if (config.metricsPort) {
    serveMetrics(config.metricsPort, config.metricsHost ?? "127.0.0.1", true).then(
      () => log(30, `metrics of the ${count} web processes on http://${config.metricsHost}:${config.metricsPort}/metrics`),
      (error: unknown) => log(50, `the metrics port could not open: ${String(error)}`),
    );
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(30, `${signal}: closing ${workers.size} web processes`);
      stop(signal);
    });
  }
}

/** A log line in the workers' (pino's) format. */
function log(severity: number, msg: string): void {
  const levels: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
  if (severity >= (levels[level] ?? 30)) process.stdout.write(`${JSON.stringify({ level: severity, time: Date.now(), pid: process.pid, msg })}\n`);
}
