// npm run lookups:import -- --category hs_ceeb FILE.csv
// Loads a CSV list of schools into the database the server uses (DATABASE_URL, else PGlite in
// DATA_DIR; with PGlite, stop the server first: one process owns its folder). Columns, in any
// order, header first: ceeb,name,address_line_1,city,state,zip,country. Rows are upserted by CEEB
// code, so running it twice loads the same rows. Prints "N rows loaded, M refused" and each
// refused row with its line number and reasons. Exit 0 when the file was read; 2 when it could not be.
import { readFile } from "node:fs/promises";
import { openDatabase } from "../src/server/db/database";
import { configFromEnv } from "../src/server/platform/config";
import { migrate } from "../src/server/db/migrate";
import { describeImport, importSchools } from "../src/server/lookup/import";
import { isSchoolCategory, SCHOOL_CATEGORIES, type SchoolCategory } from "../src/server/lookup/schools";

const USAGE = `usage: npm run lookups:import -- --category ${SCHOOL_CATEGORIES.join("|")} FILE.csv`;

function parseArgs(args: string[]): { ok: true; category: SchoolCategory; file: string } | { ok: false; message: string } {
  let category: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--category") category = args[++i];
    else if (arg.startsWith("--category=")) category = arg.slice("--category=".length);
    else if (arg.startsWith("-")) return { ok: false, message: `unknown option ${arg}. ${USAGE}` };
    else files.push(arg);
  }
  if (category === undefined || files.length !== 1) return { ok: false, message: USAGE };
  if (!isSchoolCategory(category)) return { ok: false, message: `--category must be ${SCHOOL_CATEGORIES.join(" or ")}, not "${category}". ${USAGE}` };
  return { ok: true, category, file: files[0]! };
}

async function main(): Promise<number> {
  const input = parseArgs(process.argv.slice(2));
  if (!input.ok) {
    console.error(input.message);
    return 2;
  }
  let csv: string;
  try {
    csv = await readFile(input.file, "utf8");
  } catch (error) {
    console.error(`${input.file}: ${(error as Error).message}`);
    return 2;
  }
  const config = configFromEnv();
  const db = await openDatabase(config);
  try {
    // The import may come before the server's first start: the tables are made here then.
    await migrate(db);
    const report = await importSchools(db, input.category, csv);
    for (const line of describeImport(input.file, input.category, report)) console.log(line);
    return report.ok ? 0 : 2;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
