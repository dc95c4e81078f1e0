// npm run bench (lookups) — school search at the size of the real US high-school list. Prints
// figures; asserts nothing.
//   30,000 generated high schools and 3,000 colleges (scripts/lib/sample-schools.ts) imported
//   through the importer, then GET /lookup/find?category=hs_ceeb through the whole HTTP layer
//   (app.inject: routing, schema, handler, SQL, serialisation), one search at a time: 3-letter
//   prefixes, names with a typo, whole names. Target: p95 < 20 ms.
// On PGlite, and on PostgreSQL: a scratch database on the server DATABASE_URL names, else a
// throwaway server (tests/support/postgres.ts). BENCH_ONLY=pglite or postgres; BENCH_SLOW=1 prints
// every search slower than 50 ms (warm-up included) with its answer.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildServer } from "../src/server/app";
import { configFromEnv } from "../src/server/platform/config";
import { openPglite, openPostgres, type Database } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { importSchools } from "../src/server/lookup/import";
import { SEARCH_STATEMENTS } from "../src/server/lookup/schools";
import { startPostgres } from "../tests/support/postgres";
import { sampleSchools, toCsv, type SampleSchool } from "./lib/sample-schools";
import { quantile } from "./lib/stats";

const HIGH_SCHOOLS = 30_000;
const COLLEGES = 3_000;
const SEARCHES = 900;
const WARMUP = 100;
const TARGET_MS = 20;

const highSchools = sampleSchools("hs_ceeb", HIGH_SCHOOLS, 7);
const colleges = sampleSchools("college_ceeb", COLLEGES, 7);

/** The same mixed searches on each database: a third 3-letter prefixes, a third typos, a third whole names. */
function searches(schools: SampleSchool[]): string[] {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = () => schools[Math.floor(next() * schools.length)]!.name;
  const typo = (name: string) => {
    // One letter of the first long word dropped or doubled, as a thumb on a phone does.
    const at = Math.min(name.length - 1, 2 + Math.floor(next() * 4));
    return next() < 0.5 ? name.slice(0, at) + name.slice(at + 1) : name.slice(0, at) + name[at] + name.slice(at);
  };
  return Array.from({ length: SEARCHES + WARMUP }, (_, i) => {
    const name = pick();
    return i % 3 === 0 ? name.slice(0, 3).toLowerCase() : i % 3 === 1 ? typo(name).split(" ").slice(0, 2).join(" ") : name;
  });
}

async function run(label: string, db: Database): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bench-lookups-"));
  try {
    await migrate(db);
    let started = performance.now();
    for (const [category, schools] of [["hs_ceeb", highSchools], ["college_ceeb", colleges]] as const) {
      const report = await importSchools(db, category, toCsv(schools));
      if (!report.ok || report.refused.length) throw new Error(`the import refused rows: ${JSON.stringify(report).slice(0, 500)}`);
    }
    const importMs = performance.now() - started;
    const { app } = await buildServer({ config: { ...configFromEnv({ DATA_DIR: dir }), workJobs: false }, db });
    try {
      const texts = searches(highSchools);
      const times: number[][] = [[], [], []];
      let results = 0;
      for (const [i, text] of texts.entries()) {
        started = performance.now();
        const response = await app.inject({ method: "GET", url: `/lookup/find?category=hs_ceeb&max_results=5&text=${encodeURIComponent(text)}` });
        const ms = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${text}: ${response.statusCode} ${response.body}`);
        if (ms > 50 && process.env.BENCH_SLOW) console.log(`    slow: ${ms.toFixed(0)} ms "${text}" → ${response.body.slice(0, 200)}`);
        if (i >= WARMUP) {
          times[i % 3]!.push(ms);
          results += (response.json() as unknown[]).length;
        }
      }
      const explained: [keyof typeof SEARCH_STATEMENTS, string, string, unknown[]][] = [
        ["STARTING_WITH", "lin", "lookup_schools_name", ["hs_ceeb", "lin", 5]],
        ["SPELLINGS", "Jeffreson", "lookup_spellings_pkey", ["hs_ceeb", "Jeffreson"]],
        ["SIMILAR_TO", "Lincon", "lookup_schools_search", ["hs_ceeb", "Lincon", 5, "Lincon"]],
      ];
      const plans = await Promise.all(explained.map(async ([statement, text, index, params]) => {
        const plan = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${SEARCH_STATEMENTS[statement]}`, params);
        return `"${text}" ${plan.some((row) => row["QUERY PLAN"].includes(index)) ? "uses" : "does NOT use"} ${index}`;
      }));
      const figures = (list: number[]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
      };
      console.log(`  ${label}: imported ${(HIGH_SCHOOLS + COLLEGES).toLocaleString("en")} schools in ${(importMs / 1000).toFixed(1)} s; ${plans.join(", ")}`);
      console.log(`    all ${SEARCHES} searches   ${figures(times.flat())} (target p95 < ${TARGET_MS} ms; ${(results / SEARCHES).toFixed(1)} results each)`);
      for (const [i, kind] of ["3-letter prefixes", "typos", "whole names"].entries()) console.log(`    ${kind.padEnd(18)} ${figures(times[i]!)}`);
    } finally {
      await app.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A scratch database on the server DATABASE_URL names (dropped after), else a throwaway server. */
async function withPostgres(work: (url: string) => Promise<void>): Promise<void> {
  const given = process.env.DATABASE_URL;
  if (!given) {
    const postgres = await startPostgres();
    try {
      await work(postgres.url);
    } finally {
      await postgres.stop();
    }
    return;
  }
  const name = `bench_lookups_${process.pid}`;
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(given);
    url.pathname = `/${name}`;
    await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

console.log(`\nlookups: GET /lookup/find over ${HIGH_SCHOOLS.toLocaleString("en")} high schools, through app.inject, one search at a time`);
const only = process.env.BENCH_ONLY;
if (!only || only === "pglite") await run("PGlite", await openPglite(undefined));
if (!only || only === "postgres") await withPostgres(async (url) => run("PostgreSQL", openPostgres(url)));
