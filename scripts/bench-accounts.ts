// npx tsx scripts/bench-accounts.ts — can an outsider tell which addresses have accounts by how
// long forgot-password and resend take to answer? Times each for addresses with an account and
// without, in random order, on the embedded database with an SMTP server that takes 40 ms, and
// prints the area under the curve of the best threshold classifier: 0.5 means the times tell
// nothing (target ≤ 0.6).
// Times are the server's own (app.inject): the network would only add noise. Asserts nothing.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildServer } from "../src/server/app";
import { configFromEnv } from "../src/server/platform/config";
import type { Mail } from "../src/server/platform/mail";
import { median, seededRandom } from "./lib/stats";

const ACCOUNTS = 150;
const PASSWORD = "Quiet-Lantern-82";
const SMTP_MS = 40;

/** The chance that a random known address took longer than a random unknown one (ties count half). */
function auc(known: number[], unknown: number[]): number {
  let wins = 0;
  for (const k of known) for (const u of unknown) wins += k > u ? 1 : k === u ? 0.5 : 0;
  return wins / (known.length * unknown.length);
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-accounts-"));
  const mail: Mail[] = [];
  const sendMail = async (m: Mail) => {
    await new Promise((resolve) => setTimeout(resolve, SMTP_MS));
    mail.push(m);
  };
  // The server's clock, moved on past the sign-ups' one-mail-a-minute limit instead of waiting.
  let skippedMs = 0;
  const now = () => new Date(Date.now() + skippedMs);
  const { app, ctx } = await buildServer({ config: { ...configFromEnv({}), dataDir, workJobs: false }, sendMail, now });
  let clients = 0;
  // Each call from an address of its own, so the per-address limits stay out of the way.
  const call = async (url: string, body: object, cookies: Record<string, string> = {}) => {
    clients++;
    const remoteAddress = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
    const response = await app.inject({ method: "POST", url, payload: body, remoteAddress, cookies });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const stamp = Date.now().toString(36);
  try {
    const confirmed: string[] = [];
    const unconfirmed: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const username = `known${i}.${stamp}@example.com`;
      const signedUp = await call("/public/signup", { username, password: PASSWORD });
      await ctx.background.idle();
      const code = /code is (\d{6})/.exec(mail.findLast((m) => m.to === username)!.text)![1];
      const cookies = Object.fromEntries(signedUp.cookies.map((c) => [c.name, c.value]));
      await call("/public/confirm", { username, code }, cookies);
      confirmed.push(username);
      const pending = `pending${i}.${stamp}@example.com`;
      await call("/public/signup", { username: pending, password: PASSWORD });
      unconfirmed.push(pending);
    }
    await ctx.background.idle();
    skippedMs += 61_000;

    console.log(`account enumeration benchmark (Node ${process.version}): ${ACCOUNTS} addresses with an account, ${ACCOUNTS} without, SMTP ${SMTP_MS} ms`);
    const order = seededRandom(11);
    for (const [url, known] of [["/public/forgot-password", confirmed], ["/public/resend-confirm", unconfirmed]] as const) {
      const calls = [...known.map((username) => ({ username, isKnown: true })), ...known.map((_, i) => ({ username: `nobody${i}.${url.length}.${stamp}@example.com`, isKnown: false }))];
      calls.sort(() => order() - 0.5);
      const times = { known: [] as number[], unknown: [] as number[] };
      for (const { username, isKnown } of calls) {
        const start = performance.now();
        await call(url, { username });
        (isKnown ? times.known : times.unknown).push(performance.now() - start);
      }
      await ctx.background.idle();
      const area = auc(times.known, times.unknown);
      console.log(
        `${url.padEnd(24)} with an account: median ${median(times.known).toFixed(2)} ms; without: ${median(times.unknown).toFixed(2)} ms; AUC ${area.toFixed(2)} (target ≤ 0.6: ${area <= 0.6 ? "met" : "NOT met"})`,
      );
    }
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
