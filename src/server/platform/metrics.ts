// What a Prometheus scrapes (OPERATIONS.md: metrics): request durations per route, saves, logins,
// conversions, PDF copies, the job queue, and Node's own process metrics. One registry per
// process (prom-client's way: counters live as long as the process), served on a port of its own
// (METRICS_PORT, 127.0.0.1 unless METRICS_HOST says otherwise), never by the public app: the
// figures tell how many applicants there are and how the server fares, which is nobody's business
// outside. With WEB_CONCURRENCY > 1 the primary process serves the sum of its web processes'.
import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Queryable } from "../db/database";

const registry = new Registry();
collectDefaultMetrics({ register: registry });
// A web process of a cluster answers the primary's requests for its figures from this registry.
// An AggregatorRegistry made in the process is what starts it answering (prom-client 15 adds its
// listeners in the constructor only): without one the primary's sum stayed 0.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([registry]);
  Reflect.construct(AggregatorRegistry, []);
}

const requestSeconds = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer a request, by route pattern (never the address asked for), method and status class.",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const saves = new Counter({
  name: "apply_saves_total",
  help: "Saves of answers (PUT /api/answer) by outcome: saved (2xx) or refused (4xx, 5xx).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
const logins = new Counter({
  name: "apply_logins_total",
  help: "Applicants' logins (POST /public/login) by outcome: ok or failed.",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
const conversions = new Counter({
  name: "apply_conversions_total",
  help: "Uploaded documents converted to PDF, by the file's type and the outcome (completed or failed).",
  labelNames: ["type", "outcome"] as const,
  registers: [registry],
});
const pdfCopies = new Counter({
  name: "apply_pdf_copies_total",
  help: "PDF copies of submitted applications made, by outcome (completed or failed).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

// The queue is one for every process: with several web processes the primary shows the largest
// figure any of them read, not their sum.
const JOB_NAMES = ["convert-document", "pdf-copy"];
let queueDatabase: Queryable | undefined;
const queueDepth = new Gauge({
  name: "apply_job_queue_depth",
  help: "Jobs waiting (created or retrying) in the durable queue, per job name.",
  labelNames: ["job"] as const,
  aggregator: "max",
  registers: [registry],
});
const queueAge = new Gauge({
  name: "apply_job_queue_oldest_seconds",
  help: "Age of the oldest waiting job, per job name (0 when none waits).",
  labelNames: ["job"] as const,
  aggregator: "max",
  registers: [registry],
  async collect() {
    queueDepth.reset();
    queueAge.reset();
    if (!queueDatabase) return;
    // pg-boss's own table; absent until pg-boss first starts, then there is nothing to show.
    const rows = await queueDatabase.query<{ name: string; depth: number; age: number }>(
      `SELECT name, count(*)::int AS depth, coalesce(extract(epoch FROM now() - min(created_on)), 0)::float8 AS age
       FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`,
    ).catch(() => []);
    for (const name of JOB_NAMES) {
      const row = rows.find((r) => r.name === name);
      queueDepth.set({ job: name }, row?.depth ?? 0);
      queueAge.set({ job: name }, row?.age ?? 0);
    }
  },
});
export const countConversion = (type: string, outcome: "completed" | "failed") => conversions.inc({ type, outcome });
export const countPdfCopy = (outcome: "completed" | "failed") => pdfCopies.inc({ outcome });

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** Times every request of `app` and counts saves and logins; reads the job queue from `db` when scraped. */
export function measure(app: FastifyInstance, db: Queryable): void {
  queueDatabase = db;
  app.addHook("onClose", async () => {
    if (queueDatabase === db) queueDatabase = undefined;
  });
  app.addHook("onResponse", (request, reply, done) => {
    // The pattern ("/api/pdf/document-answer/:answer_key"), never the URL: a label a value each
    // would make a series per applicant. A request no route matched has none.
    const route = request.routeOptions.url ?? "unmatched";
    const method = request.method;
    requestSeconds.observe({ route, method, status: statusClass(reply.statusCode) }, reply.elapsedTime / 1000);
    const ok = reply.statusCode < 300;
    if (route === "/api/answer" && method === "PUT") saves.inc({ outcome: ok ? "saved" : "refused" });
    else if (route === "/public/login" && method === "POST") logins.inc({ outcome: ok ? "ok" : "failed" });
    done();
  });
}

/**
 * The metrics port: this process's figures, or (the primary of a cluster, `aggregate`) the sum of
 * its web processes'. Anything but GET /metrics answers 404.
 */
export async function serveMetrics(port: number, host: string, aggregate = false): Promise<Server> {
  const aggregator = aggregate ? new AggregatorRegistry() : undefined;
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not found." }));
      return;
    }
    (aggregator ? aggregator.clusterMetrics() : registry.metrics()).then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { "content-type": "text/plain" }).end(`metrics failed: ${String(error)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
