// npm run bench (versions) — what definition versions cost, on a throwaway PostgreSQL: the save
// (PUT /api/answer) and an application rendered with its version's labels (the integration API's
// pull, GET /staff/api/applications/:reference; the PDF copy and the exports render alike,
// through ctx.versions.of) with 5 live versions beside 1. Live: applications submitted on each,
// each version compiled in the server's cache (src/server/form.ts, formVersions). Request beside
// request: a pull of an application submitted on the current version beside one on any of five
// (round robin); a save followed by the one pull or the other. Also the first use of an earlier
// version (compiled once) and the heap a compiled version holds, which with the cache's bound
// (8) bounds what versions take. Times are the server's own (app.inject). Prints figures;
// asserts nothing. Environment: BENCH_RUNS (default 2,000) pairs per figure and round;
// BENCH_ROUNDS (default 3).
import { readFileSync } from "node:fs";
import { readProject } from "../src/definitions/files";
import { startSession } from "../src/server/auth/sessions";
import { publishVersion, type DefinitionVersion } from "../src/server/data/definition-versions";
import type { Database } from "../src/server/db/database";
import { migrate } from "../src/server/db/migrate";
import { serverFormOf } from "../src/server/form";
import { createApiKey } from "../src/server/staff/api-keys";
import { OPERATOR } from "../src/server/staff/audit";
import type { FormFiles } from "../src/engine/runtime";
import { median, quantile } from "./lib/stats";
import { withThrowawayServer } from "./lib/throwaway-server";

const RUNS = Number(process.env.BENCH_RUNS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VERSIONS = 5;
const PER_VERSION = 200;
const SAVERS = 100;
const TARGET = 1.05;

/**
 * The shipped definitions edited `n` times: the first question of the first page reworded and
 * the essays' limit lowered by n × 100 characters (a data model of its own: nothing compiled for
 * one version serves another).
 */
function edition(n: number): FormFiles {
  const files = structuredClone(readProject().form);
  const first = Object.values(files.pages)[0]!.items.find((item) => "label" in item) as { label: string } | undefined;
  if (n > 0 && first) first.label = `${first.label} (${n})`;
  files.institution.institution.character_limit -= n * 100;
  return files;
}

const heapMb = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

async function main() {
  // Four earlier versions, published a day apart; the server starts on the fifth.
  const earlier: DefinitionVersion[] = [];
  const publishEarlier = async (db: Database) => {
    await migrate(db);
    for (let n = 1; n < VERSIONS; n++) earlier.push(await publishVersion(db, edition(n), new Date(Date.UTC(2026, 9, n))));
  };
  await withThrowawayServer("versions", async ({ app, ctx, db }) => {
    const current = ctx.version.hash;
    // Applications submitted on the current version (ids 1…200), on all five round robin
    // (201…1,200), and applicants saving on the current one (1,201…1,300).
    const answers = readFileSync(new URL("../examples/answers/complete.json", import.meta.url), "utf8");
    const submitted = PER_VERSION * (1 + VERSIONS);
    const hashes = [current, ...earlier.map((version) => version.hash)];
    await db.query(
      `INSERT INTO users (id, username, password_hash, confirmed_at, created_at) OVERRIDING SYSTEM VALUE
       SELECT g, 'bench' || g || '@example.org', 'x', now(), now() FROM generate_series(1, $1::int) g`, [submitted + SAVERS]);
    await db.query("SELECT setval(pg_get_serial_sequence('users', 'id'), $1)", [submitted + SAVERS]);
    await db.query(
      `INSERT INTO applications (user_id, answers, updated_at, submitted_at, submitted_version, version, reference)
       SELECT g, $1::jsonb, now(), now(), v, v, 'WU-FA26-' || lpad(g::text, 6, '0')
       FROM generate_series(1, $2::int) g, LATERAL (SELECT CASE WHEN g <= $3 THEN $4 ELSE ($5::text[])[1 + g % $6] END AS v) version`,
      [answers, submitted, PER_VERSION, current, hashes, VERSIONS]);
    await db.query(
      `INSERT INTO applications (user_id, answers, updated_at, version) SELECT g, '{}'::jsonb, now(), $2 FROM generate_series($1::int + 1, $1::int + $3::int) g`,
      [submitted, current, SAVERS]);
    await db.query("VACUUM ANALYZE");

    // Keys enough that none meets its limit of calls a minute.
    const keys: string[] = [];
    for (let i = 0; i < 300; i++) {
      const created = await createApiKey(ctx, OPERATOR, `bench-${i}`);
      if (!created.ok) throw new Error("no API key");
      keys.push(created.value.key);
    }
    let calls = 0;
    const sessions: string[] = [];
    for (let i = 1; i <= SAVERS; i++) sessions.push(await startSession(db, ctx.hash, submitted + i, ctx.now()));

    let run = 0;
    const view = async (id: number) => {
      const url = `/staff/api/applications/WU-FA26-${String(id).padStart(6, "0")}`;
      const response = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${keys[calls++ % keys.length]!}` } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    };
    const save = async () => {
      const response = await app.inject({
        method: "PUT", url: "/api/answer", cookies: { apply_session: sessions[run % SAVERS]! },
        headers: { "content-type": "application/json", "x-form-version": current },
        payload: JSON.stringify({ first_name: `Alexandra${run}`, middle_name: "Maria", last_name: "Montgomery-Whitfield", gender_explain: "Nothing to add.", phone_international: "442079460000" }),
      });
      if (response.statusCode !== 200) throw new Error(`save: ${response.statusCode} ${response.body}`);
    };
    /** The time `request` takes. */
    const time = async (request: () => Promise<void>) => {
      const started = performance.now();
      await request();
      return performance.now() - started;
    };
    /** Each run of `one` beside one of `five`, in alternating order, so both meet the machine alike. */
    const paired = async (one: () => Promise<number>, five: () => Promise<number>, into: { 1: number[]; 5: number[] }) => {
      for (run = 0; run < RUNS; run++) {
        if (run % 2) into[5].push(await five());
        into[1].push(await one());
        if (!(run % 2)) into[5].push(await five());
      }
    };
    // Applications pulled: submitted on the current version only, or on all five in turn.
    const onOne = () => view(1 + ((run * 7919) % PER_VERSION));
    const onFive = () => view(PER_VERSION + 1 + ((run * 7919) % (PER_VERSION * VERSIONS)));

    // Warm-up on one version: the JIT, the plans, the pool.
    for (run = 0; run < 500; run++) {
      await onOne();
      await save();
    }
    const heapOne = heapMb();
    const compileStarted = performance.now();
    for (let id = PER_VERSION + 1; id <= PER_VERSION + VERSIONS; id++) await view(id); // compiles the four others (ids 201…205 are on five versions)
    const compileMs = (performance.now() - compileStarted) / (VERSIONS - 1);
    const heapFive = heapMb();
    const figures = { save: { 1: [] as number[], 5: [] as number[] }, view: { 1: [] as number[], 5: [] as number[] } };
    for (let round = 0; round < ROUNDS; round++) {
      await paired(() => time(onOne), () => time(onFive), figures.view);
      // A save, then (not timed) a pull of the current version, or of any of the five, which so stay in use.
      await paired(async () => { const ms = await time(save); await onOne(); return ms; }, async () => { const ms = await time(save); await onFive(); return ms; }, figures.save);
    }

    const row = (name: string, one: number[], five: number[]) => {
      const [p50One, p50Five] = [median(one), median(five)];
      const p99 = (times: number[]) => quantile(times.toSorted((a, b) => a - b), 0.99);
      const ratio = p50Five / p50One;
      console.log(`${name.padEnd(34)} ${p50One.toFixed(2).padStart(8)} ${p50Five.toFixed(2).padStart(8)} ${p99(one).toFixed(2).padStart(8)} ${p99(five).toFixed(2).padStart(8)} ${ratio.toFixed(3).padStart(7)}   ≤ ${TARGET} ${ratio <= TARGET ? "PASS" : "MISS"}`);
    };
    console.log(`\ndefinition versions: ${VERSIONS} live versions beside 1 on PostgreSQL, ${ROUNDS} rounds of ${RUNS} requests per figure, the two beside each other through app.inject (Node ${process.version})`);
    console.log(`${"request".padEnd(34)} ${"p50 ×1".padStart(8)} ${"p50 ×5".padStart(8)} ${"p99 ×1".padStart(8)} ${"p99 ×5".padStart(8)} ${"×5/×1".padStart(7)}   target`);
    row("integration API pull", figures.view[1], figures.view[5]);
    row("save (PUT /api/answer)", figures.save[1], figures.save[5]);
    const perVersion = (heapFive - heapOne) / (VERSIONS - 1);
    console.log(`first use of an earlier version: ${compileMs.toFixed(0)} ms (it is compiled, then kept); ${perVersion.toFixed(1)} MB of heap per compiled version${globalThis.gc ? "" : " (without --expose-gc: rough)"}; the cache keeps at most 8 besides the current one: at most ${(perVersion * 8).toFixed(0)} MB`);
  }, { form: serverFormOf(edition(0)), beforeStart: publishEarlier });
}

await main();
