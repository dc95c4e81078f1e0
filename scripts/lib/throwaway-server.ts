// The server the office's benchmarks measure: built in-process on a throwaway PostgreSQL and data
// folder, both removed after. Jobs are not worked: the benchmarks time requests alone.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../src/server/app";
import type { ServerContext } from "../../src/server/context";
import { openPostgres, type Database } from "../../src/server/db/database";
import type { ServerForm } from "../../src/server/form";
import { configFromEnv } from "../../src/server/platform/config";
import { startPostgres } from "../../tests/support/postgres";

interface Built { app: FastifyInstance; ctx: ServerContext; db: Database; dataDir: string }

/**
 * Runs `use` with the server. `beforeStart` runs on the database first (what the server finds as
 * it starts); `form` replaces the project's definitions.
 */
export async function withThrowawayServer(
  name: string, use: (built: Built) => Promise<void>, options: { form?: ServerForm; beforeStart?: (db: Database) => Promise<void> } = {},
): Promise<void> {
  const postgres = await startPostgres();
  const dataDir = await mkdtemp(join(tmpdir(), `bench-${name}-`));
  try {
    const db = openPostgres(postgres.url);
    await options.beforeStart?.(db);
    const { app, ctx } = await buildServer({ config: { ...configFromEnv({}), dataDir, databaseUrl: postgres.url, workJobs: false }, db, form: options.form });
    try {
      await use({ app, ctx, db, dataDir });
    } finally {
      await app.close();
    }
  } finally {
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
