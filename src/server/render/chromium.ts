// One headless Chromium per process for printing service views, launched on first use and
// relaunched if it dies; a fresh context per print, so nothing of one application stays.
import { chromium, type Browser } from "playwright-core";

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
/** The print waits this long at most for the service view to draw. */
const DRAW_MS = 30_000;

export interface Printer {
  /** Opens `url` (a service view), waits until it has drawn, and prints it as a tagged PDF with an outline. */
  print(url: string, readySelector: string): Promise<Buffer>;
  close(): Promise<void>;
}

export function openPrinter(executablePath: string): Printer {
  let browser: Promise<Browser> | undefined;
  const launch = () => {
    browser ??= chromium.launch({ executablePath, args: ARGS }).then((launched) => {
      launched.on("disconnected", () => (browser = undefined));
      return launched;
    });
    browser.catch(() => (browser = undefined));
    return browser;
  };
  return {
    async print(url, readySelector) {
      const context = await (await launch()).newContext({ viewport: { width: 816, height: 1056 } });
      try {
        const page = await context.newPage();
        await page.goto(url, { waitUntil: "load", timeout: DRAW_MS });
        await page.locator(readySelector).first().waitFor({ timeout: DRAW_MS });
        await page.evaluate("document.fonts.ready.then(() => undefined)");
        // Chromium's tagged PDF: real text, the headings' outline, the fonts embedded.
        return await page.pdf({ format: "Letter", printBackground: true, tagged: true, outline: true, margin: { top: "0.6in", bottom: "0.6in", left: "0.6in", right: "0.6in" } });
      } finally {
        await context.close();
      }
    },
    async close() {
      const running = browser;
      browser = undefined;
      await (await running?.catch(() => undefined))?.close();
    },
  };
}
