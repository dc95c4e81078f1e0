// npm run preview on a copy of the project (its definitions are edited here, never the working
// copy's): the pages drawn without an account or a server, a saved file shown within a second,
// broken definitions answered with their findings alone, no call to the API, and axe-clean at
// 1280 and 768 px. Screenshots go to tmp/screenshots/preview-*.png.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { longDate } from "../../src/engine/runtime";
import { labelOf, optionsOf } from "../support/definitions";
import { freePort } from "../support/free-port";
import { tsxArguments } from "../support/spawning";
import { axeViolations, launchBrowser, repoRoot, screenshot } from "./support";

const PROJECT = ["src", "form-definitions", "schemas", "scripts/preview.ts", "scripts/preview-lint.ts", "scripts/lib/staff-command.ts", "vite.config.ts", "preview.html", "index.html", "staff.html", "package.json", "tsconfig.json"];

let copy: string;
let preview: ChildProcess;
let base: string;
let output = "";
let browser: Browser;
/** Every path the pages asked for under /api/, /public/ or /staff/api/. */
const apiCalls: string[] = [];

const about = () => join(copy, "form-definitions/about.json");

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), "preview-"));
  for (const path of PROJECT) cpSync(join(repoRoot, path), join(copy, path), { recursive: true });
  // Hard links: a copy of node_modules in a second, where a symbolic link would lead Vite outside the project it may serve.
  const linked = spawnSync("cp", ["-al", join(repoRoot, "node_modules"), join(copy, "node_modules")]);
  if (linked.status !== 0) throw new Error(`cp -al node_modules: ${linked.stderr.toString()}`);
  mkdirSync(join(copy, "examples/answers"), { recursive: true });
  cpSync(join(repoRoot, "examples/answers"), join(copy, "examples/answers"), { recursive: true });

  const port = await freePort();
  base = `http://localhost:${port}`;
  preview = spawn(process.execPath, tsxArguments("scripts/preview.ts", "--no-open"), {
    cwd: copy,
    env: { ...process.env, PORT: String(port), NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  preview.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  preview.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const page = await fetch(`${base}/`).catch(() => undefined);
    if (page?.ok) break;
    if (Date.now() > deadline || preview.exitCode !== null) throw new Error(`npm run preview did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (preview?.pid) process.kill(-preview.pid, "SIGTERM");
  if (copy) rmSync(copy, { recursive: true, force: true });
});

async function newPage(width: number): Promise<Page> {
  // A context of its own: axe-core's Playwright runner needs one.
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/(api|public|staff\/api)\//.test(path)) apiCalls.push(`${request.method()} ${path}`);
  });
  return page;
}

async function expectAxeClean(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join("; ")})`), `${name} @ ${width}px`).toEqual([]);
  expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), `${name} @ ${width}px scrolls sideways`).toBe(true);
  await screenshot(page, `preview-${name.replace(/\W+/g, "-")}-${width}`);
}

/** Saves the copy's about.json with `edit` applied to its text. */
function editAbout(edit: (text: string) => string): void {
  const before = readFileSync(about(), "utf8");
  const after = edit(before);
  if (after === before) throw new Error("the edit changed nothing in about.json: has its text changed?");
  writeFileSync(about(), after);
}

describe("npm run preview", () => {
  test("draws the pages with the bar, hidden items and sample answers, axe-clean at 1280 and 768 px", async () => {
    for (const width of [1280, 768]) {
      const page = await newPage(width);
      await page.goto(`${base}/?page=education&hidden=1`);
      await page.getByRole("heading", { level: 2, name: "Academics" }).waitFor();
      await page.getByText(`Hidden now. Shown when ${labelOf("entry_term")} is ${optionsOf("entry_term")[0]!.label}.`).waitFor();
      await expectAxeClean(page, "academics-hidden-items");

      await page.getByLabel("Answers").selectOption("complete");
      await page.getByLabel("Page").selectOption("about");
      await page.getByRole("heading", { level: 2, name: "About You" }).waitFor();
      expect(await page.getByLabel(labelOf("first_name"), { exact: true }).first().inputValue()).toBe(JSON.parse(readFileSync(join(copy, "examples/answers/complete.json"), "utf8")).first_name);
      await page.getByLabel(labelOf("last_name"), { exact: true }).first().fill("Typed-in-the-preview");
      await page.getByLabel("Show errors").check();
      await expectAxeClean(page, "about-complete-answers");
      await page.close();
    }
  });

  test("works from the keyboard alone, and Tab never enters a hidden item", async () => {
    const page = await newPage(768);
    await page.goto(`${base}/`);
    await page.getByRole("heading", { level: 2, name: "About You" }).waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate("document.activeElement.closest('label')?.textContent")).toMatch(/^Page/);
    await page.keyboard.press("ArrowDown");
    await page.getByRole("heading", { level: 2, name: "Academics" }).waitFor();
    // On past the day (its month, day and year are stops of their own), the term and the answers to the box.
    const focused = () => page.evaluate<string | undefined>("document.activeElement.closest('label')?.textContent");
    for (let i = 0; i < 12 && (await focused()) !== "Show hidden items"; i++) await page.keyboard.press("Tab");
    expect(await focused()).toBe("Show hidden items");
    await page.keyboard.press("Space");
    await page.locator(".preview-hidden").first().waitFor();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate("!!document.activeElement.closest('.preview-hidden')"), `Tab ${i + 1} reached a hidden item`).toBe(false);
    }
    await page.close();
  });

  test("the day sets the clock the form reads (deadlines, year lists, banner); the entry term shows what depends on it", async () => {
    // From the copy's definitions: the cycle's term and a plan with a deadline, closed on the day set.
    const { cycle } = JSON.parse(readFileSync(join(copy, "form-definitions/institution.json"), "utf8")).institution as { cycle: { term: string; deadlines: Record<string, string> } };
    const [plan, deadline] = Object.entries(cycle.deadlines)[0]!;
    const plans = JSON.parse(readFileSync(join(copy, "form-definitions/options/decision-types.json"), "utf8")) as { options: { value: string; label: string }[] };
    const planLabel = plans.options.find((option) => option.value === plan)!.label;
    const page = await newPage(1280);
    await page.goto(`${base}/?page=education`);
    await page.getByLabel("Today").fill("2031-03-02");
    const before = page.url();
    await page.getByRole("button", { name: "Set the day" }).click();
    await page.waitForURL((url) => url.searchParams.get("today") === "2031-03-02");
    expect(before).not.toContain("today=");
    await page.getByRole("heading", { level: 2, name: "Academics" }).waitFor();
    expect(await page.getByLabel("Today").inputValue()).toBe("2031-03-02");
    expect(await page.evaluate("new Date().getFullYear()")).toBe(2031);

    const closed = page.getByRole("radio", { name: `${planLabel} (closed ${longDate(deadline)})`, exact: true });
    expect(await closed.count()).toBe(0);
    await page.getByRole("region", { name: "Preview settings" }).getByLabel("Entry Term").selectOption(cycle.term);
    await closed.waitFor();
    expect(await closed.isDisabled()).toBe(true);
    await page.close();
  });

  test("a saved file shows within a second; broken JSON shows its findings alone; a finding shows beside its item", async () => {
    const page = await newPage(1280);
    await page.goto(`${base}/`);
    await page.getByRole("heading", { level: 2, name: "About You" }).waitFor();

    const reloaded = page.waitForEvent("framenavigated").then(() => Date.now());
    const saved = Date.now();
    editAbout((text) => text.replace('"label": "Middle Name"', '"label": "Middle Name or Initial"'));
    await page.getByLabel("Middle Name or Initial").waitFor({ timeout: 10_000 });
    const [reloadMs, shownMs] = [(await reloaded) - saved, Date.now() - saved];
    console.log(`preview: the page reloaded ${reloadMs} ms after the save and showed the new label after ${shownMs} ms`);
    expect(reloadMs).toBeLessThan(1000);

    // A trailing comma: no form, the linter's finding at its line.
    editAbout((text) => text.replace(/("page": "about",)/, "$1,"));
    await page.getByRole("alert").filter({ hasText: "The form cannot be drawn until the errors below are fixed." }).waitFor({ timeout: 10_000 });
    const broken = await page.getByRole("region", { name: /^Lint findings/ }).getByRole("listitem").allTextContents();
    expect(broken.some((line) => /^form-definitions\/about\.json:\d+:\d+: /.test(line)), broken.join("\n")).toBe(true);
    expect(await page.getByRole("heading", { level: 2, name: "About You" }).count()).toBe(0);
    await expectAxeClean(page, "broken-definitions");

    // Fixed, but with an answer key the data model does not know: the form again, the finding beside the question.
    editAbout((text) => text.replace(/("page": "about",),/, "$1").replace('"key": "middle_name"', '"key": "middle_nickname"'));
    const note = page.getByRole("note").filter({ hasText: 'answer key "middle_nickname"' });
    await note.first().waitFor({ timeout: 10_000 });
    expect(await note.first().textContent()).toMatch(/^Error: .*form-definitions\/about\.json:\d+:\d+$/);
    const listed = await page.getByRole("region", { name: /^Lint findings/ }).getByRole("listitem").allTextContents();
    expect(listed.some((line) => /^form-definitions\/about\.json:\d+:\d+: answer key "middle_nickname"/.test(line)), listed.join("\n")).toBe(true);
    await expectAxeClean(page, "finding-beside-item");
    await page.close();
  });

  test("nothing reaches an API: no answer is saved anywhere", () => {
    expect(apiCalls).toEqual([]);
  });
});
