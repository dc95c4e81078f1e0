// One headless Chromium per process for printing service views, launched on first use and
// relaunched if it dies. Prints share one browser context, so the app's code comes from its
// cache after the first print (a fresh context fetched and compiled it each time: a second per
// print). Nothing of one application stays for the next: the service view keeps no cookies,
// the page is closed, and its storage is cleared before that.
import { chromium, type BrowserContext } from "playwright-core";

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
/** The print waits this long at most for the service view to draw. */
const DRAW_MS = 30_000;

export interface Printer {
  /** Opens `url` (a service view), waits until it has drawn, and prints it as a tagged PDF with an outline. */
  print(url: string, readySelector: string): Promise<Buffer>;
  close(): Promise<void>;
}

export function openPrinter(executablePath: string): Printer {
  let context: Promise<BrowserContext> | undefined;
  const open = () => {
    context ??= chromium.launch({ executablePath, args: ARGS }).then(async (browser) => {
      browser.on("disconnected", () => (context = undefined));
      return browser.newContext({ viewport: { width: 816, height: 1056 } });
    });
    context.catch(() => (context = undefined));
    return context;
  };
  return {
    async print(url, readySelector) {
      const page = await (await open()).newPage();
      try {
        // Not "load": the drawn view is what counts, not the icon and the last preloads.
        await page.goto(url, { waitUntil: "commit", timeout: DRAW_MS });
        await page.locator(readySelector).first().waitFor({ timeout: DRAW_MS });
        await page.evaluate("document.fonts.ready.then(() => undefined)");
        // Chromium's tagged PDF: real text, the headings' outline, the fonts embedded.
        return await page.pdf({ format: "Letter", printBackground: true, tagged: true, outline: true, margin: { top: "0.6in", bottom: "0.6in", left: "0.6in", right: "0.6in" } });
      } finally {
        await page.evaluate("localStorage.clear(); sessionStorage.clear()").catch(() => {});
        await page.close();
      }
    },
    async close() {
      const running = context;
      context = undefined;
      await (await running?.catch(() => undefined))?.browser()?.close();
    },
  };
}
