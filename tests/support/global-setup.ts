import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPostgres, pgliteImage } from "../../src/server/db/database";
import { migrate } from "../../src/server/db/migrate";
import { testsReadingDefinitions } from "./definition-readers";
import { adminQuery, startPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A database there with every migration run, which each test's fresh database copies. */
    templateDatabase: string;
    /** A file holding a PGlite database with every migration run, which each test's fresh PGlite loads. */
    pgliteImage: string;
    /** The test files whose imports reach form-definitions/ (definitions-guard.ts). */
    definitionReaders: string[];
  }
}

/**
 * One PostgreSQL server per test run; tests read its URL with `inject("databaseUrl")`. A fresh
 * database for a test is a copy of one migrated here, on PostgreSQL and on PGlite: making one and
 * running every migration took 3.5 s on PGlite, and hundreds of tests make one.
 */
export default async function setup(project: TestProject) {
  project.provide("definitionReaders", testsReadingDefinitions(project.config.root));
  const images = mkdtempSync(join(tmpdir(), "pglite-image-"));
  const imageFile = join(images, "migrated.tar");
  writeFileSync(imageFile, Buffer.from(await (await pgliteImage(migrate)).arrayBuffer()));
  project.provide("pgliteImage", imageFile);
  // Lets a developer point the tests at a server of their own instead.
  const given = process.env.DATABASE_URL_FOR_TESTS;
  const postgres = given ? undefined : await startPostgres();
  const url = given ?? postgres!.url;
  project.provide("databaseUrl", url);
  const template = `test_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const db = await openPostgres(templateUrl.toString(), 1);
  await migrate(db);
  await db.close();
  project.provide("templateDatabase", template);
  return async () => {
    rmSync(images, { recursive: true, force: true });
    if (postgres) await postgres.stop();
    else await adminQuery(url, `DROP DATABASE IF EXISTS ${template}`);
  };
}
