// One interface over PGlite (embedded, the default) and PostgreSQL (DATABASE_URL). Both speak the
// same SQL, so the rest of the server never asks which one it has.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { lockFolder } from "./folder-lock";

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction: all of it commits, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite in `dataDir`, or in memory when it is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let unlock = async () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = await lockFolder(dataDir);
  }
  const db = await PGlite.create(dataDir);
  const query = async <T extends Row>(q: { query: PGlite["query"] }, sql: string, params?: unknown[]) =>
    (await q.query<T>(sql, params)).rows;
  return {
    kind: "pglite",
    query: (sql, params) => query(db, sql, params),
    transaction: (work) => db.transaction((tx) => work({ query: (sql, params) => query(tx, sql, params) })),
    close: async () => {
      await db.close();
      await unlock();
    },
  };
}

export function openPostgres(url: string, poolSize = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would end the process. The next query gets a fresh client.
  pool.on("error", () => {});
  return {
    kind: "postgres",
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work({ query: async (sql, params) => (await client.query(sql, params)).rows });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
