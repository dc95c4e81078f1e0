import { readdirSync, readFileSync } from "node:fs";
import type { Database } from "./database";

const migrationsDir = new URL("./migrations/", import.meta.url);

/**
 * Applies the SQL files in migrations/ not yet applied, in name order, each in its own
 * transaction. An advisory lock makes server copies starting together take turns.
 */
export async function migrate(db: Database, dir: URL = migrationsDir): Promise<string[]> {
  const files = readdirSync(dir).filter((name) => name.endsWith(".sql")).sort();
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(727001)");
    await tx.query("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
    const done = new Set((await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
    const applied: string[] = [];
    for (const name of files.filter((f) => !done.has(f))) {
      for (const statement of splitStatements(readFileSync(new URL(name, dir), "utf8"))) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name]);
      applied.push(name);
    }
    return applied;
  });
}

/** Our migrations are plain DDL: statements end with `;` at the end of a line, comments start with `--`. */
function splitStatements(sql: string): string[] {
  const code = sql.split("\n").map((line) => line.replace(/--.*$/, "")).join("\n");
  return code.split(/;\s*$/m).map((s) => s.trim()).filter(Boolean);
}
