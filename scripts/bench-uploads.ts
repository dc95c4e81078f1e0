// No upload stalls the server (SECURITY.md): /health's latency while 4 applicants upload a 16-bit
// RGBA PNG of 4898 × 4898 pixels (about 200 KB, 190 MB decoded) at the same moment, through the
// real server on loopback, beside the same probe with nothing converting (the floor, same run).
// Then the same on a machine busy with other work (a process spinning on each core), where the
// conversions giving way to the server (src/server/convert/priority.ts) is what keeps it quick.
// Target: p95 < 50 ms. Bounded: each round stops when its 4 conversions end, or after 2 minutes.
import { spawn } from "node:child_process";
import { cpus } from "node:os";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServer } from "../src/server/app";
import { configFromEnv } from "../src/server/platform/config";
import { png16 } from "../tests/support/files";
import type { Mail } from "../src/server/platform/mail";
import { freePort } from "../tests/support/free-port";
import { quantile } from "./lib/stats";

const PASSWORD = "Quiet-Lantern-82";
const UPLOADERS = 4;
const PROBE_EVERY_MS = 25;
const LIMIT_MS = 120_000;

const cookiesOf = (response: Response, before = "") =>
  [before, ...response.headers.getSetCookie().map((c) => c.split(";")[0]!)].filter(Boolean).join("; ");

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-uploads-"));
  const mail: Mail[] = [];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = { ...configFromEnv({}), host: "127.0.0.1", port, publicUrl: base, dataDir, workJobs: true };
  const { app } = await buildServer({ config, sendMail: async (m) => void mail.push(m) });
  await app.listen({ host: "127.0.0.1", port });
  const call = (path: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers } });

  try {
    const applicants = await Promise.all(Array.from({ length: UPLOADERS }, async (_, i) => {
      const username = `uploader${i}.${Date.now()}@example.com`;
      const signedUp = await call("/public/signup", { method: "POST", body: JSON.stringify({ username, password: PASSWORD }) });
      const code = /code is (\d{6})/.exec(mail.find((m) => m.to === username)!.text)![1];
      await call("/public/confirm", { method: "POST", body: JSON.stringify({ username, code }), cookie: cookiesOf(signedUp) });
      const login = await call("/public/login", { method: "POST", body: JSON.stringify({ username, password: PASSWORD }) });
      return cookiesOf(login);
    }));
    const image = png16(4898);

    // One probe due every 25 ms, its latency counted from when it was due: the client shares the
    // server's event loop, so a stall also holds up the asking, and every probe due during it
    // counts the wait (no coordinated omission).
    const probe = async (until: () => boolean) => {
      const times: number[] = [];
      const start = performance.now();
      for (let i = 0; !until(); i++) {
        const due = start + i * PROBE_EVERY_MS;
        if (performance.now() < due) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        await fetch(`${base}/health`);
        times.push(performance.now() - due);
      }
      return times.sort((a, b) => a - b);
    };

    const floorEnds = Date.now() + 3_000;
    const floor = await probe(() => Date.now() > floorEnds);

    /** The 4 uploads at once, /health probed until they end. */
    const uploadRound = async () => {
      const deadline = Date.now() + LIMIT_MS;
      let ended = 0;
      const started = performance.now();
      const uploads = applicants.map(async (cookie) => {
        const form = (await (await call("/api/presigned-url", { method: "POST", body: JSON.stringify({ answer_key: "resume_pdf" }), cookie })).json()) as { url: string; fields: Record<string, string> };
        const body = new FormData();
        for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
        body.append("file", new Blob([new Uint8Array(image)]), "scan.png");
        await fetch(form.url, { method: "POST", body });
        await call("/api/pdf/document-answer/resume_pdf", { method: "POST", body: JSON.stringify({ file_key: form.fields.key, file_name: "scan.png" }), cookie });
        for (;;) {
          const state = (await (await call("/api/pdf/document-answer/resume_pdf", { cookie })).json()) as { status: string; message: string | null };
          if (!["UNPROCESSED", "IN_PROGRESS"].includes(state.status) || Date.now() > deadline) {
            ended++;
            return { ...state, seconds: (performance.now() - started) / 1000 };
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      });
      const loaded = await probe(() => ended === UPLOADERS);
      return { loaded, results: await Promise.all(uploads) };
    };

    const report = (label: string, { loaded, results }: Awaited<ReturnType<typeof uploadRound>>) => {
      console.log(`/health while they convert${label}: p50 ${quantile(loaded, 0.5).toFixed(1)} ms, p95 ${quantile(loaded, 0.95).toFixed(1)} ms, max ${loaded.at(-1)!.toFixed(1)} ms over ${loaded.length} probes; target p95 < 50 ms: ${quantile(loaded, 0.95) < 50 ? "met" : "MISSED"}; p95 ratio to the floor ${(quantile(loaded, 0.95) / quantile(floor, 0.95)).toFixed(2)}×`);
      console.log(`  conversions: ${results.map((r) => `${r.status} in ${r.seconds.toFixed(1)} s${r.message ? ` (${r.message})` : ""}`).join("; ")}`);
    };
    console.log(`uploads benchmark (Node ${process.version}): ${UPLOADERS} applicants upload a 4898 × 4898 16-bit RGBA PNG (${Math.round(image.length / 1024)} KB) at once`);
    console.log(`/health with nothing converting (the floor): p50 ${quantile(floor, 0.5).toFixed(1)} ms, p95 ${quantile(floor, 0.95).toFixed(1)} ms`);
    report("", await uploadRound());
    // A process spinning on each core, at the server's own priority, ended with the round (or by itself after LIMIT_MS).
    const spinners = cpus().map(() => spawn(process.execPath, ["-e", `for (const end = Date.now() + ${LIMIT_MS}; Date.now() < end;);`], { stdio: "ignore" }));
    try {
      report(`, with ${spinners.length} other processes keeping every core busy`, await uploadRound());
    } finally {
      for (const spinner of spinners) spinner.kill();
    }
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
