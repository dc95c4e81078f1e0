// Chromium as the printer and the browser tests start it (src/server/pdf-copy/chromium.ts): a new
// context's window draws its page and nothing of the browser's own, and chromium.sh hands Chromium
// each feature list once, whole.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { launchBrowser, repoRoot } from "./support";

test("a new context's window opens its page and no page of the browser's own (the omnibox's popup cost a second and a half of CPU)", async () => {
  const browser = await launchBrowser();
  try {
    const cdp = await browser.newBrowserCDPSession();
    await (await browser.newContext()).newPage();
    await (await browser.newContext()).newPage();
    const { targetInfos } = await cdp.send("Target.getTargets");
    expect(targetInfos.map((target) => `${target.type} ${target.url}`)).toEqual(["page about:blank", "page about:blank"]);
  } finally {
    await browser.close();
  }
});

test("chromium.sh merges the feature lists Chromium would otherwise take the last of", async () => {
  const { stdout } = await promisify(execFile)(join(repoRoot, "src/server/pdf-copy/chromium.sh"),
    ["--headless", "--disable-features=A,B", "--enable-features=C", "--no-sandbox", "--disable-features=D"], { env: { ...process.env, CHROMIUM: "echo" } });
  expect(stdout).toBe("--headless --no-sandbox --disable-features=A,B,D --enable-features=C\n");
});
