// npm run bench (last part) — what a first visit to the browser app costs, measured in Debian's
// Chromium against the built server (dist/, from npm run build; this script builds nothing).
//   JavaScript: every script response of a first visit (fresh browser context, empty cache) to
//   /login and to /about, each body gzipped at level 6 (as ../shared/bench-anchors weighs them;
//   the server's .gz twins, at level 9, weigh a little less), and the number of files.
//   Target: <= 130 gzipped per route (issue 24), counted as ../shared/bench-anchors' table counts
//   it (KiB, 1,024 bytes), the table the figures come from; printed in kB beside it.
//   Paint: first paint and first contentful paint of /login (PerformanceObserver "paint"
//   entries), the median of 15 cold loads, each in a fresh context.
// Prints figures; asserts nothing. CHROMIUM_PATH overrides /usr/bin/chromium.
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { launchBrowser, requireBuild, startBuiltServer, waitForExpression } from "../tests/e2e/support";
import { median } from "./lib/stats";

const ROUTES = ["/login", "/about"];
const TARGET_KIB = 130;
const PAINT_LOADS = 15;

interface Script { url: string; raw: number; gzipped: number }

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** The scripts a first visit to `route` loads, until the network is quiet and the page has its heading. */
async function firstVisitScripts(browser: Browser, url: string): Promise<Script[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const pending: Promise<Script | undefined>[] = [];
    page.on("response", (response) => {
      const type = response.headers()["content-type"] ?? "";
      if (response.request().resourceType() !== "script" && !/javascript/.test(type)) return;
      pending.push(response.body().then(
        (body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzipped: gzipSync(body, { level: 6 }).length }),
        () => undefined,
      ));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.locator("main h1").first().waitFor();
    const scripts = (await Promise.all(pending)).filter((s) => s !== undefined);
    // One entry per file (a module may be both preloaded and imported).
    return [...new Map(scripts.map((s) => [s.url, s])).values()];
  } finally {
    await context.close();
  }
}

/** First paint and first contentful paint of one cold load of `url`, in ms from navigation start. */
async function paints(browser: Browser, url: string): Promise<{ fp: number; fcp: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator("main h1").first().waitFor();
    // Browser-side code as text: this script has Node's types, where "paint" is no entry type.
    await waitForExpression(page, "performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint')");
    const entries = await page.evaluate<{ name: string; start: number }[]>("performance.getEntriesByType('paint').map((e) => ({ name: e.name, start: e.startTime }))");
    const at = (name: string) => entries.find((e) => e.name === name)?.start ?? NaN;
    return { fp: at("first-paint"), fcp: at("first-contentful-paint") };
  } finally {
    await context.close();
  }
}

requireBuild();
const server = await startBuiltServer();
const browser = await launchBrowser();
try {
  console.log(`\nclient benchmark: the built app in Chromium ${browser.version()}; a first visit is a fresh browser context with an empty cache`);
  console.log(`${"route".padEnd(10)} ${"JS files".padStart(9)} ${"JS raw kB".padStart(10)} ${"JS gzip kB".padStart(11)}  target`);
  for (const route of ROUTES) {
    const scripts = await firstVisitScripts(browser, `${server.url}${route}`);
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    const gzipped = scripts.reduce((sum, s) => sum + s.gzipped, 0);
    const verdict = gzipped / 1024 <= TARGET_KIB ? "met" : "MISSED";
    console.log(`${route.padEnd(10)} ${String(scripts.length).padStart(9)} ${kB(raw).padStart(10)} ${kB(gzipped).padStart(11)}  ${(gzipped / 1024).toFixed(1)} KiB <= ${TARGET_KIB} KiB gzipped (${verdict})`);
    if (process.env.BENCH_VERBOSE) for (const s of scripts.sort((a, b) => b.gzipped - a.gzipped)) console.log(`    ${kB(s.gzipped).padStart(7)} kB  ${s.url}`);
  }

  const loads: { fp: number; fcp: number }[] = [];
  for (let i = 0; i < PAINT_LOADS; i++) loads.push(await paints(browser, `${server.url}/login`));
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`/login, median of ${PAINT_LOADS} cold loads:`);
  for (const [name, key] of [["first paint", "fp"], ["first contentful paint", "fcp"]] as const) {
    const values = loads.map((l) => l[key]);
    console.log(`  ${name.padEnd(24)} ${ms(median(values)).padStart(8)}  (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))})`);
  }
  console.log("(kB = 1000 bytes; JS gzipped at level 6 per file; BENCH_VERBOSE=1 lists the files)");
} finally {
  await browser.close();
  await server.stop();
}
