// What every browser test file shares: one built server and one Chromium for the file, a fresh
// context per page (closed after each test), and no uncaught error in any page.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { launchBrowser, startBuiltServer, type BuiltServer } from "./support";

export interface BrowserWorld {
  /** The file's server, started before its first test. */
  readonly server: BuiltServer;
  /** A page in a new context `width` px wide. */
  newPage(width?: number): Promise<Page>;
}

/** Registers the file's hooks; call once at the top of a test file. `settings`, read as the server starts, add to its environment. */
export function browserWorld({ height = 900, settings = () => ({}) }: { height?: number; settings?: () => NodeJS.ProcessEnv } = {}): BrowserWorld {
  let server: BuiltServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startBuiltServer(settings());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const errors = pageErrors;
    pageErrors = [];
    expect(errors, "uncaught errors in the page").toEqual([]);
  });

  return {
    get server() {
      return server;
    },
    async newPage(width = 1280) {
      const context = await browser.newContext({ viewport: { width, height } });
      contexts.push(context);
      const page = await context.newPage();
      page.on("pageerror", (error) => pageErrors.push(error.message));
      return page;
    },
  };
}
