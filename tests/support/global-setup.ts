import type { TestProject } from "vitest/node";
import { testsReadingDefinitions } from "./definition-readers";
import { startPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The test files whose imports reach form-definitions/ (definitions-guard.ts). */
    definitionReaders: string[];
  }
}

/** One PostgreSQL server per test run; tests read its URL with `inject("databaseUrl")`. */
export default async function setup(project: TestProject) {
  project.provide("definitionReaders", testsReadingDefinitions(project.config.root));
  // Lets a developer point the tests at a server of their own instead.
  const given = process.env.DATABASE_URL_FOR_TESTS;
  if (given) {
    project.provide("databaseUrl", given);
    return;
  }
  const postgres = await startPostgres();
  project.provide("databaseUrl", postgres.url);
  return () => postgres.stop();
}
