import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPostgres, pgliteImage } from "../../src/server/db/database";
import { migrate } from "../../src/server/db/migrate";
import { DATA_FOLDER_IMAGE } from "./data-folder";
import { testsReadingDefinitions } from "./definition-readers";
import { adminQuery, startPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A database there with every migration run, which each test's fresh database copies. */
    templateDatabase: string;
    /** The test files whose imports reach form-definitions/ (definitions-guard.ts). */
    definitionReaders: string[];
  }
}

/**
 * What the tests start from, made once per Vitest run however many projects run: a migrated PGlite
 * database, as a tar file each test's fresh PGlite loads and each new data folder a child process
 * starts on unpacks (data-folder.ts); and for the server tests one PostgreSQL server, whose URL they
 * read with `inject("databaseUrl")`, with a migrated database their fresh ones copy. Making a
 * database and running every migration costs seconds, and hundreds of tests make one.
 */
export default async function setup(project: TestProject) {
  const image = await once("pglite image", makePgliteImage);
  // The workers inherit it from here (a test's fresh PGlite loads it, tests/server/harness.ts), and
  // the child processes they start from them.
  process.env[DATA_FOLDER_IMAGE] = image.value;
  if (!project.name.startsWith("server")) return image.release;

  project.provide("definitionReaders", testsReadingDefinitions(project.config.root));
  const postgres = await once("postgres", makePostgres);
  project.provide("databaseUrl", postgres.value.url);
  project.provide("templateDatabase", postgres.value.template);
  return async () => {
    await postgres.release();
    await image.release();
  };
}

interface Made<T> {
  value: T;
  remove: () => Promise<void>;
}

/**
 * One `make` for every project of the run that asks for `name` (their global setups run in this
 * one process), removed when the last of them has finished.
 */
async function once<T>(name: string, make: () => Promise<Made<T>>): Promise<{ value: T; release: () => Promise<void> }> {
  const shared = ((globalThis as { [SHARED]?: Map<string, { made: Promise<Made<unknown>>; users: number }> })[SHARED] ??= new Map());
  const entry = shared.get(name) ?? { made: make(), users: 0 };
  shared.set(name, entry);
  entry.users++;
  const made = (await entry.made) as Made<T>;
  return {
    value: made.value,
    release: async () => {
      if (--entry.users > 0) return;
      shared.delete(name);
      await made.remove();
    },
  };
}
const SHARED = Symbol.for("admission-portal test setup");

async function makePgliteImage(): Promise<Made<string>> {
  const folder = mkdtempSync(join(tmpdir(), "pglite-image-"));
  const file = join(folder, "migrated.tar");
  writeFileSync(file, Buffer.from(await (await pgliteImage(migrate)).arrayBuffer()));
  return { value: file, remove: async () => rmSync(folder, { recursive: true, force: true }) };
}

async function makePostgres(): Promise<Made<{ url: string; template: string }>> {
  // Lets a developer point the tests at a server of their own instead.
  const given = process.env.DATABASE_URL_FOR_TESTS;
  const postgres = given ? undefined : await startPostgres();
  const url = given ?? postgres!.url;
  const template = `test_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const db = await openPostgres(templateUrl.toString(), 1);
  await migrate(db);
  await db.close();
  return {
    value: { url, template },
    remove: async () => {
      if (postgres) await postgres.stop();
      else await adminQuery(url, `DROP DATABASE IF EXISTS ${template}`);
    },
  };
}
