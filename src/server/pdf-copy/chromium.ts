// One headless Chromium per process for printing service views, launched on first use and
// relaunched if it dies. Prints share one browser context, so the app's code comes from its
// cache after the first print (a fresh context fetched and compiled it each time: a second per
// print), and each print's page is opened while the one before finishes. A page belongs to one
// print from its opening to its closing: the spare is handed over at once, so two prints started
// together never share one (they did, and one applicant's answers could be printed into another's
// copy). Nothing of one application stays for the next: the service view keeps no cookies, the
// page is closed, and its storage is cleared before that.
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
/**
 * What a headless page never uses of a full Chrome: each new window (every browser context) drew
 * the omnibox's popup as a web page in a renderer of its own, a second and a half of CPU.
 */
const UNUSED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];
/** Beside this file, and beside the server's bundle (npm run build:server copies it). */
const LAUNCHER = fileURLToPath(new URL("./chromium.sh", import.meta.url));

/**
 * The Chromium at `executablePath`, headless, for the printer here and the browser tests
 * (tests/e2e/support.ts). Started through chromium.sh: Chromium keeps only the last
 * --disable-features it is given, and playwright-core puts its own list before ours.
 */
export function launchChromium(executablePath: string): Promise<Browser> {
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return chromium.launch({
    executablePath: LAUNCHER,
    args: [...CHROMIUM_ARGS, `--disable-features=${UNUSED_FEATURES.join(",")}`],
    env: { ...env, CHROMIUM: executablePath },
  });
}

/** The print waits this long at most for the service view to draw. */
const DRAW_MS = 30_000;

export interface Printer {
  /** Opens `url` (a service view), waits until it has drawn, and prints it as a tagged PDF with an outline. */
  print(url: string, readySelector: string): Promise<Buffer>;
  close(): Promise<void>;
}

export function openPrinter(executablePath: string): Printer {
  let context: Promise<BrowserContext> | undefined;
  // The next print's page, opened ahead: a new page costs a few hundred milliseconds.
  let spare: Promise<Page> | undefined;
  let isClosed = false;
  const open = () => {
    context ??= launchChromium(executablePath).then(async (browser) => {
      browser.on("disconnected", () => (context = spare = undefined));
      return browser.newContext({ viewport: { width: 816, height: 1056 } });
    });
    context.catch(() => (context = undefined));
    return context;
  };
  // Taken before any await: a second print asking meanwhile opens a page of its own.
  const newPage = () => {
    const page = spare ?? open().then((c) => c.newPage());
    spare = undefined;
    return page;
  };
  // Opened on a small file of the site it will print, so that Chromium already has a renderer
  // process for the site: navigating a blank page there first starts one (a few hundred ms).
  const openSpare = (site: string) => {
    if (isClosed) return;
    spare = open().then(async (c) => {
      const page = await c.newPage();
      await page.goto(new URL("/favicon.svg", site).href, { waitUntil: "commit", timeout: DRAW_MS }).catch(() => {});
      return page;
    });
    spare.catch(() => (spare = undefined));
  };
  return {
    async print(url, readySelector) {
      const page = await newPage();
      try {
        // Not "load": the drawn view is what counts, not the icon and the last preloads.
        await page.goto(url, { waitUntil: "commit", timeout: DRAW_MS });
        // Drawn, and its fonts loaded: one check in the page, not a round trip each.
        await page.waitForFunction(isDrawn, readySelector, { timeout: DRAW_MS });
        // Chromium's tagged PDF: real text, the headings' outline, the fonts embedded.
        return await page.pdf({ format: "Letter", printBackground: true, tagged: true, outline: true, margin: { top: "0.6in", bottom: "0.6in", left: "0.6in", right: "0.6in" } });
      } finally {
        await page.evaluate("localStorage.clear(); sessionStorage.clear()").catch(() => {});
        await page.close();
        openSpare(url);
      }
    },
    async close() {
      isClosed = true;
      const running = context;
      context = spare = undefined;
      await (await running?.catch(() => undefined))?.browser()?.close();
    },
  };
}

/** Runs in the page (as a function: the app's CSP refuses strings evaluated as code). */
function isDrawn(selector: string): boolean {
  const { document } = globalThis as unknown as { document: { querySelector(selector: string): unknown; fonts: { status: string } } };
  return document.querySelector(selector) !== null && document.fonts.status === "loaded";
}
