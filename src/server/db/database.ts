// One interface over PGlite (embedded, the default) and PostgreSQL (DATABASE_URL). Both speak the
// same SQL, so the rest of the server never asks which one it has.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parse, PGlite, protocol } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { Config } from "../platform/config";
import { lockFolder } from "./folder-lock";

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction: all of it commits, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs statements without parameters, several in one text (the job queue's own SQL); answers the last one's rows. */
  script<T extends Row = Row>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

/** Distinct statement texts prepared per connection; the server has a few dozen, the rest run unprepared. */
const MAX_NAMED = 1000;

/**
 * How alike a typed word and a word of a school's name must be for the lookups (pg_trgm's `<%`;
 * its default, 0.6, misses "Roosvelt" and "Rosev" for Roosevelt). Set for each connection.
 */
const WORD_SIMILARITY = 0.45;

/**
 * The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in the data
 * folder. Here rather than in app.ts, so the command-line scripts open it without loading the
 * whole server, which takes seconds.
 */
export async function openDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(join(config.dataDir, "pglite"));
}

/**
 * PGlite in `dataDir`, or in memory when it is undefined; starting from `image` (pgliteImage's)
 * instead of an empty database when given, with PostgreSQL's `settings` ("name=value") when given.
 */
export async function openPglite(dataDir: string | undefined, image?: Blob, settings?: string[]): Promise<Database> {
  let unlock = async () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = await lockFolder(dataDir);
  }
  return pgliteDatabase(await createPglite(dataDir, image, settings), unlock);
}

/**
 * A database in memory after `prepare`, as an image openPglite starts others from: the tests'
 * migrated database, loaded in a third of the time it takes to make one and migrate it.
 */
export async function pgliteImage(prepare: (db: Database) => Promise<unknown>): Promise<Blob> {
  const db = await createPglite(undefined);
  await prepare(pgliteDatabase(db, async () => {}));
  const image = await db.dumpDataDir("none");
  await db.close();
  return image;
}

async function createPglite(dataDir: string | undefined, image?: Blob, settings?: string[]): Promise<PGlite> {
  // pg_trgm: the school lookups' trigram search (migrations/003_lookups.sql creates it).
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(image && { loadDataDir: image }), ...(settings && { postgresqlconf: settings }) });
  await db.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY}`);
  return db;
}

function pgliteDatabase(db: PGlite, unlock: () => Promise<void>): Database {
  const run = preparedStatements(db);
  // PGlite is one connection: a statement waits for the one before it, and a transaction holds
  // it from BEGIN to COMMIT (its own statements still one at a time).
  const exclusive = serially();
  return {
    kind: "pglite",
    query: (sql, params) => exclusive(() => run(sql, params)),
    script: <T extends Row>(sql: string) => exclusive(async () => ((await db.exec(sql)).at(-1)?.rows ?? []) as T[]),
    transaction: (work) => exclusive(async () => {
      const inTransaction = serially();
      let open = true;
      try {
        return await withinTransaction((sql) => db.exec(sql), () => work({
          query: (sql, params) => inTransaction(() => {
            if (!open) throw new Error("The transaction is over.");
            return run(sql, params);
          }),
        }));
      } finally {
        open = false;
      }
    }),
    close: () => exclusive(async () => {
      await db.close();
      await unlock();
    }),
  };
}

/** BEGIN, `work`, then COMMIT; ROLLBACK (and the error) when `work` fails. */
async function withinTransaction<T>(exec: (sql: string) => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  await exec("BEGIN");
  try {
    const result = await work();
    await exec("COMMIT");
    return result;
  } catch (error) {
    await exec("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** Runs `work` after every `work` given before it has settled. */
function serially(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const result = last.then(work);
    last = result.catch(() => {});
    return result;
  };
}

/**
 * Statements with parameters become named prepared statements on PGlite's one connection:
 * parsed and planned once, then only bound and run, in one exchange with the WASM backend.
 * PGlite's own query() parses and describes every time, in five exchanges: several times the
 * work on a save. Values are converted as query() converts them; rows are parsed by its parsers.
 */
function preparedStatements(db: PGlite): <T extends Row>(sql: string, params?: unknown[]) => Promise<T[]> {
  const statements = new Map<string, { name: string; serializers: (((value: unknown) => string) | undefined)[] }>();
  const exchange = async (...messages: Uint8Array[]) => {
    const buffer = new Uint8Array(messages.reduce((length, m) => length + m.length, 0));
    let at = 0;
    for (const m of messages) {
      buffer.set(m, at);
      at += m.length;
    }
    return (await db.execProtocol(buffer)).messages;
  };
  return async <T extends Row>(sql: string, params: unknown[] = []) => {
    let statement = statements.get(sql);
    if (!statement && (params.length === 0 || statements.size >= MAX_NAMED)) return (await db.query<T>(sql, params)).rows;
    if (!statement) {
      const name = `s${statements.size}`;
      const described = await exchange(
        protocol.serialize.close({ type: "S", name }), // in case an earlier attempt got as far as parsing
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      );
      statement = { name, serializers: parse.parseDescribeStatementResults(described).map((type) => db.serializers[type]) };
      statements.set(sql, statement);
    }
    const { serializers } = statement;
    const values = params.map((value, i) => (value === null || value === undefined ? null : (serializers[i]?.(value) ?? String(value))));
    const messages = await exchange(
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.describe({ type: "P" }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    return parse.parseResults(messages, db.parsers)[0]!.rows as T[];
  };
}

export function openPostgres(url: string, poolSize = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY}` });
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would end the process. The next query gets a fresh client.
  pool.on("error", () => {});
  // Statements with parameters are named, so each connection parses and plans them once and then
  // only binds and runs them: planning was half of PostgreSQL's work on a save. The server's
  // statements are a fixed set; past MAX_NAMED distinct texts the rest run unnamed.
  const names = new Map<string, string>();
  const statement = (text: string, values?: unknown[]): pg.QueryConfig => {
    if (!values?.length) return { text, values };
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED) names.set(text, (name = `s${names.size}`));
    return { name, text, values };
  };
  return {
    kind: "postgres",
    query: async (sql, params) => (await pool.query(statement(sql, params))).rows,
    async script<T extends Row>(sql: string) {
      // Several statements answer one result each.
      const results = (await pool.query(sql)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(results) ? results.at(-1)! : results).rows as T[];
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        return await withinTransaction((sql) => client.query(sql), () => work({
          query: async (sql, params) => (await client.query(statement(sql, params))).rows,
        }));
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
