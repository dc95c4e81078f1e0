// How a server process ends on SIGTERM (a deploy, a scale-in, an orchestrator) or SIGINT: it stops
// taking connections, answers the requests in flight, closes each connection once it is idle (Fastify's close waits for them; new ones on
// a kept-alive connection get 503), lets the jobs in flight finish (pg-boss stops gracefully,
// jobs.ts), then closes the database and exits 0. A request or job that does not end within the
// timeout is cut short: the process exits 1, and pg-boss gives the job to another worker later.
import type { Server } from "node:http";
import type { FastifyInstance } from "fastify";

export function closeOnSignals(app: FastifyInstance, timeoutMs: number, metrics?: Server): void {
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: finishing what is in flight (at most ${timeoutMs / 1000} s), then exiting`);
      setTimeout(() => {
        app.log.error(`still busy after ${timeoutMs / 1000} s: exiting without waiting longer`);
        process.exit(1);
      }, timeoutMs).unref();
      metrics?.close();
      // Fastify's close ends the connections idle at that moment only: a browser's kept-alive
      // connection whose request was in flight stays open once answered, and held the close for
      // Fastify's keep-alive timeout (72 s, past the timeout above). Each becomes idle once answered.
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error, "closing failed");
          process.exit(1);
        },
      );
    });
  }
}
