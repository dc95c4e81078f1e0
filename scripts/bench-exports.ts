// npx tsx scripts/bench-exports.ts — the office's exports on a throwaway PostgreSQL: the CSV of
// 100,000 submitted complete applications as the export job writes it (more than
// EXPORT_DIRECT_LIMIT rows are a job, not a download): writeExport streamed into the file store,
// then the zip of 1,000 of them with a PDF copy and two documents each (as uploaded and
// converted), through the HTTP route (GET /staff/api/exports/zip). Beside each: the time, and the growth of the
// process's RSS over its level before the export (sampled every 50 ms), against the targets
// (CSV < 60 s and < 100 MB). The floor is the bare reading of the same rows (the same keyset
// pages, nothing written), so the ratio holds on a noisy machine. Prints figures; asserts nothing.
// Environment: BENCH_APPLICATIONS (default 100000), BENCH_ZIP (default 1000).
import { readFileSync } from "node:fs";
import { link, mkdir, stat, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { EXPORT_BATCH, exportRows } from "../src/server/data/export-rows";
import type { Database } from "../src/server/db/database";
import { writeExport } from "../src/server/exports/export";
import { startStaffSession } from "../src/server/staff/sessions";
import { withThrowawayServer } from "./lib/throwaway-server";

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const ZIPPED = Math.min(APPLICATIONS, Number(process.env.BENCH_ZIP ?? 1_000));
const TARGET_SECONDS = 60;
const TARGET_MB = 100;
/** The zip's applications have a term of their own (the CSV takes every application). */
const ZIP_TERM = "SP27";
const FILE_BYTES = { copy: 300_000, upload: 1_000_000, converted: 400_000 };

/**
 * Every application submitted, with the complete answer set, its own name and e-mail; one in
 * APPLICATIONS / ZIPPED has the zip's term, a PDF copy of its answers and two documents. Their
 * files are hard links to three files, so a thousand applications' files cost the disk three.
 */
async function seed(db: Database, dataDir: string): Promise<void> {
  const answers = readFileSync(new URL("../examples/answers/complete.json", import.meta.url), "utf8");
  await db.query(
    `INSERT INTO users (id, username, password_hash, confirmed_at, created_at) OVERRIDING SYSTEM VALUE
     SELECT g, 'applicant' || g || '@example.org', 'x', timestamptz '2026-10-01', timestamptz '2026-10-01' FROM generate_series(1, $1::int) g`, [APPLICATIONS]);
  await db.query("SELECT setval(pg_get_serial_sequence('users', 'id'), $1)", [APPLICATIONS]);
  const every = Math.floor(APPLICATIONS / ZIPPED);
  await db.query(
    `INSERT INTO applications (user_id, answers, updated_at, submitted_at, review_status, reference)
     SELECT g, $1::jsonb || jsonb_build_object('first_name', 'Applicant' || g, 'email_address', 'applicant' || g || '@example.org',
         'entry_term', CASE WHEN g % $2::int = 0 THEN $3 ELSE 'FA26' END),
       timestamptz '2026-11-01' + g * interval '1 second', timestamptz '2026-11-01' + g * interval '1 second', 'received',
       'WU-' || CASE WHEN g % $2::int = 0 THEN $3 ELSE 'FA26' END || '-' || lpad(g::text, 6, '0')
     FROM generate_series(1, $4::int) g`,
    [answers, every, ZIP_TERM, APPLICATIONS]);
  const files = join(dataDir, "files");
  const originals = Object.fromEntries(await Promise.all(Object.entries(FILE_BYTES).map(async ([name, bytes]) => {
    const path = join(files, "bench", name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, Buffer.alloc(bytes, name));
    return [name, path] as const;
  })));
  await mkdir(join(files, "pdf"), { recursive: true });
  await mkdir(join(files, "documents"), { recursive: true });
  for (let g = every; g <= ZIPPED * every; g += every) {
    const keys = { copy: `pdf/bench-${g}.pdf`, upload: `documents/bench-${g}.docx`, converted: `documents/bench-${g}.pdf` };
    for (const [name, key] of Object.entries(keys)) await link(originals[name]!, join(files, key));
    await db.query(
      `INSERT INTO pdf_copies (user_id, status, pdf_key, made_from, updated_at) SELECT $1, 'COMPLETED', $2, updated_at, updated_at FROM applications WHERE user_id = $1`,
      [g, keys.copy]);
    await db.query(
      `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, file_size, pdf_key, status, updated_at)
       VALUES ($1, 'personal_statement_doc', 'Personal statement.docx', $2, $4, $3, 'COMPLETED', now())`,
      [g, keys.upload, keys.converted, FILE_BYTES.upload]);
  }
}

/**
 * The time `work` takes, the CPU time this process spent on it (the server's side of an export, on
 * a machine whose other loads stretch the time), and the process's RSS, sampled every 50 ms while
 * it runs: its peak over the level before.
 */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; cpuSeconds: number; growthMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const value = await work();
    const used = process.cpuUsage(cpu);
    return { value, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6, growthMb: (Math.max(peak, process.memoryUsage.rss()) - before) / 1e6 };
  } finally {
    clearInterval(sampler);
  }
}

/** GETs `url` and counts the bytes of the answer, keeping none of them. */
function download(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

const row = (name: string, { seconds, cpuSeconds, growthMb }: { seconds: number; cpuSeconds: number; growthMb: number }, note: string) =>
  console.log(`${name.padEnd(34)} ${seconds.toFixed(1).padStart(8)} ${cpuSeconds.toFixed(1).padStart(8)} ${growthMb.toFixed(0).padStart(14)}   ${note}`);

async function main() {
  await withThrowawayServer("exports", async ({ app, ctx, db, dataDir }) => {
    const started = performance.now();
    await seed(db, dataDir);
    await db.query("VACUUM ANALYZE");
    console.log(`\nexports: ${APPLICATIONS.toLocaleString("en")} submitted complete applications seeded in ${((performance.now() - started) / 1000).toFixed(1)} s `
      + `(PostgreSQL, Node ${process.version}); ${ZIPPED.toLocaleString("en")} of them with a PDF copy and two documents`);
    const [staff] = await db.query<{ id: number }>(
      "INSERT INTO staff (email, role, password_hash, totp_secret, totp_enrolled_at, created_at) VALUES ('bench@example.edu', 'admin', 'x', 'x', now(), now()) RETURNING id");
    const cookie = `${ctx.staffCookie.name}=${await startStaffSession(db, ctx.hash, staff!.id, ctx.now())}`;
    const address = await app.listen({ port: 0, host: "127.0.0.1" });

    console.log(`${"".padEnd(34)} ${"seconds".padStart(8)} ${"CPU s".padStart(8)} ${"RSS growth MB".padStart(14)}`);
    const csv = await measured(async () => {
      const out = new PassThrough();
      await Promise.all([writeExport(ctx, "csv", { timeZone: ctx.sender.timeZone }, out), ctx.storage.writeStream("exports/bench", out, "text/csv")]);
      return (await stat(join(dataDir, "files", "exports", "bench"))).size;
    });
    const csvPass = csv.seconds < TARGET_SECONDS && csv.growthMb < TARGET_MB;
    row(`CSV of ${APPLICATIONS.toLocaleString("en")} (${(csv.value / 1e6).toFixed(0)} MB)`, csv,
      `targets < ${TARGET_SECONDS} s, < ${TARGET_MB} MB: ${csvPass ? "PASS" : "MISS"}`);
    const floor = await measured(async () => {
      let rows = 0;
      for await (const batch of exportRows(db, { timeZone: "UTC" })) rows += batch.length;
      return rows;
    });
    row(`floor: read the ${floor.value.toLocaleString("en")} rows`, floor, `the rows alone, in the export's pages of ${EXPORT_BATCH}: the CSV took ${(csv.seconds / floor.seconds).toFixed(1)}× this`);
    const zip = await measured(() => download(`${address}/staff/api/exports/zip?term=${ZIP_TERM}`, cookie));
    row(`zip of ${ZIPPED.toLocaleString("en")} (${(zip.value / 1e6).toFixed(0)} MB)`, zip,
      `3 files each, up to ${(FILE_BYTES.upload / 1e6).toFixed(1)} MB; no file held whole`);
  });
}

await main();
