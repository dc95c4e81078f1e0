// npm run worker: a process that only works the durable jobs (document conversions, PDF copies, exports),
// beside web processes started with WORK_JOBS=false, on the same PostgreSQL and bucket.
// RENDER_URL names a web process, where the PDF printer opens service views.
import { buildServer } from "./app";
import { configFromEnv, SHUTDOWN_TIMEOUT_MS } from "./platform/config";
import { closeOnSignals } from "./platform/lifecycle";
import { serveMetrics } from "./platform/metrics";

const config = { ...configFromEnv(), workJobs: true };
if (!config.databaseUrl) {
  console.error("npm run worker needs DATABASE_URL: PGlite belongs to one process, and npm start already works the jobs with it.");
  process.exit(1);
}
const { app, ctx } = await buildServer({ config, logger: { level: process.env.LOG_LEVEL ?? "info" } });
await ctx.jobs.start();
app.log.info("working jobs: convert-document, pdf-copy, export");
// Its own METRICS_PORT (another number than a web process's on the same host): conversions and PDF copies are counted here.
const metrics = config.metricsPort ? await serveMetrics(config.metricsPort, config.metricsHost ?? "127.0.0.1") : undefined;
closeOnSignals(app, config.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS, metrics);
