// Staff edit the definitions mid-cycle, as an admissions office does, on the built server: an
// applicant has submitted and another has a draft; staff delete a question (Middle Name), reword
// another (the conviction question) and remove a major both applicants chose; the operator exports
// the version file, the linter prints each change with its class and counts, and the edited copy
// is built and started on the same data. The submitted application's PDF copy, the office's page
// and the CSV export still say what the applicant answered, in the words they answered; the draft
// keeps every answer: the removed major shown at its question as an error to fix, the deleted
// question's answer kept aside where the office sees it.
import { execFile } from "node:child_process";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readProject, writeProject } from "../../src/definitions/files";
import type { Item } from "../../src/engine/runtime";
import { copyProject } from "../../scripts/staff-edits";
import { itemAsking, labelOf } from "../support/definitions";
import { textOf } from "../support/files";
import { tsxArguments } from "../support/spawning";
import { temporaryFolders } from "../support/temporary-folders";
import { type BuiltServer, completeAnswersToday, createAccount, launchBrowser, logInThroughApi, newAddress, repoRoot, screenshot, serverAnswers, startBuiltServer } from "./support";
import { enrol, logIn } from "./staff";

const run = promisify(execFile);
const REWORDED = "conviction";
const DELETED = "middle_name";
const MAJOR = "applied_major";
const REMOVED_MAJOR = "ANTH";

let browser: Browser;
const servers: BuiltServer[] = [];
const folders = temporaryFolders();
const pageErrors: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const server of servers) await server.stop();
});
const folder = folders.empty;
async function newPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return page;
}

/** A call with the page's cookies; answers the JSON. */
async function api<T = Record<string, unknown>>(page: Page, url: string, method: "GET" | "PUT" | "POST", path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(`${url}${path}`, { method, ...(method === "GET" ? {} : { data: data ?? {} }) });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

describe("staff edit the definitions mid-cycle", () => {
  test("a submitted application still says what was answered, in its words; a draft keeps every answer; the linter said what would happen", { timeout: 600_000 }, async () => {
    const dataDir = folders.data("e2e-versions-data-");
    const before = await startBuiltServer({}, { dataDir });
    servers.push(before);
    const shipped = readProject().form;
    const oldWording = labelOf(REWORDED);
    const majorLabel = shipped.optionLists["options/majors.json"]!.options!.find((option) => option.value === REMOVED_MAJOR)!.label;

    // One applicant submits; another leaves a draft. Both chose the major staff will remove.
    const submitter = await newPage();
    const submitterAddress = await createAccount(before, newAddress("submitted"));
    await logInThroughApi(submitter, before, submitterAddress);
    await api(submitter, before.url, "PUT", "/api/answer", { ...completeAnswersToday(), [MAJOR]: REMOVED_MAJOR });
    await api(submitter, before.url, "POST", "/api/validations");
    const { reference } = await api<{ reference: string }>(submitter, before.url, "POST", "/api/submit");
    const submitted = await serverAnswers(submitter, before);
    const drafter = await newPage();
    const drafterAddress = await createAccount(before, newAddress("draft"));
    await logInThroughApi(drafter, before, drafterAddress);
    await api(drafter, before.url, "PUT", "/api/answer", { first_name: "Grace", last_name: "Hopper", [DELETED]: "Brewster", [MAJOR]: REMOVED_MAJOR, [`${MAJOR}_desc`]: majorLabel, [REWORDED]: "N" });

    // The operator invites the admin, who enrols before the edit.
    const adminEmail = newAddress("dean");
    const { stdout: invited } = await run(process.execPath, tsxArguments("scripts/staff.ts", "invite", adminEmail, "--role", "admin", "--print-link"), {
      cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    const admin = await newPage();
    const code = await enrol(admin, /(https?:\/\/\S+\/staff\/welcome\?token=\S+)/.exec(invited)![1]!, adminEmail);
    await before.stop();

    // Staff's edits, in a copy of the project: a question deleted, one reworded, a major removed.
    const files = structuredClone(shipped);
    itemAsking(files, REWORDED).label = oldWording.replace("a misdemeanor or felony", "a felony");
    expect(itemAsking(files, REWORDED).label, "the shipped wording names a misdemeanor").toContain("convicted of a felony");
    const deleted = itemAsking(files, DELETED);
    const without = (items: Item[]): Item[] => items.filter((item) => item !== deleted).map((item) => {
      const inner = item as { items?: Item[] };
      return inner.items ? ({ ...item, items: without(inner.items) } as Item) : item;
    });
    for (const page of Object.values(files.pages)) page.items = without(page.items);
    const majors = files.optionLists["options/majors.json"]!;
    majors.options = majors.options!.filter((option) => option.value !== REMOVED_MAJOR);
    const copy = folder("e2e-versions-copy-");
    copyProject(repoRoot, copy);
    writeProject(copy, files);

    // The operator exports the version applicants meet; the linter, run on the edits, says what they do.
    const versionFile = join(copy, "definition-versions/published.json");
    await run(process.execPath, tsxArguments("scripts/definitions.ts", "export", "--out", versionFile), { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } });
    const { stdout: linted } = await run("npm", ["run", "-s", "lint:definitions"], { cwd: copy });
    const lines = linted.split("\n");
    const majorQuestion = `"${labelOf(MAJOR)}" (${MAJOR})`;
    expect(lines).toEqual(expect.arrayContaining([
      `  needs applicants: Question ${REWORDED} reworded: "${oldWording}" → "${itemAsking(files, REWORDED).label}" — 1 application in progress and 1 submitted answered it`,
      `  needs applicants: Question "${labelOf(DELETED)}" (${DELETED}) removed from About You — 1 application in progress and 1 submitted answered it`,
      `  needs applicants: Option "${majorLabel}" (${REMOVED_MAJOR}) removed from ${majorQuestion} — 1 application in progress and 1 submitted chose it`,
    ]));
    console.log(`the linter on staff's edits:\n${linted}`);

    // Built and restarted on the same data: the copy's own browser app (it holds the definitions);
    // the server's bundle is the same code, which reads them at start.
    await run("npm", ["run", "-s", "build:client"], { cwd: copy, maxBuffer: 64 * 1024 * 1024 });
    cpSync(join(repoRoot, "dist/server"), join(copy, "dist/server"), { recursive: true });
    const after = await startBuiltServer({}, { dataDir, root: copy });
    servers.push(after);

    // The PDF copy, printed after the edit: the old wording, the deleted question's answer, the removed major.
    await logInThroughApi(submitter, after, submitterAddress);
    await submitter.goto(`${after.url}/status`);
    const download = submitter.getByRole("link", { name: "Download a PDF copy of your application" });
    await download.waitFor({ timeout: 90_000 });
    const pdf = await submitter.context().request.get(new URL((await download.getAttribute("href"))!, after.url).toString());
    const printed = (await textOf(Buffer.from(await pdf.body()))).replace(/\s+/g, " ");
    // Its answer sits beside the question's wrapped lines, so the words the edit changed are what is read.
    expect(printed).toContain("convicted of a misdemeanor");
    expect(printed).not.toContain("convicted of a felony");
    expect(printed).toContain(labelOf(DELETED));
    expect(printed).toContain(String(submitted[DELETED]));
    expect(printed).toContain(majorLabel);

    // The office's page of the submitted application: its version, its words.
    await logIn(admin, after.url, adminEmail, code);
    const { rows } = await api<{ rows: { id: number; reference: string | null }[] }>(admin, after.url, "GET", `/staff/api/applications?q=${reference}`);
    const id = rows.find((row) => row.reference === reference)!.id;
    await admin.goto(`${after.url}/staff/applications/${id}`);
    await admin.getByText(/^Submitted on version /).waitFor();
    const main = admin.locator("main");
    await main.getByText(oldWording).first().waitFor();
    expect(await main.textContent()).not.toContain(itemAsking(files, REWORDED).label);
    await main.getByText(String(submitted[DELETED])).first().waitFor();
    await main.getByText(majorLabel).first().waitFor();
    await screenshot(admin, "versions-office-submitted");

    // The CSV export: the deleted question's column, the removed major's text.
    const csv = await admin.context().request.get(`${after.url}/staff/api/exports/csv`);
    const [header, ...exported] = parse(await csv.text(), { bom: true }) as string[][];
    const row = exported.find((cells) => cells.includes(reference))!;
    expect(row[header!.indexOf(DELETED)]).toBe(submitted[DELETED]);
    expect(row[header!.indexOf(MAJOR)]).toBe(REMOVED_MAJOR);
    expect(row[header!.indexOf(`${MAJOR}_desc`)]).toBe(majorLabel);

    // The draft: every answer kept; the removed major is an error to fix at its question.
    await logInThroughApi(drafter, after, drafterAddress);
    const profile = await api<{ answer: Record<string, unknown>; attention: Record<string, string> }>(drafter, after.url, "GET", "/api/profile");
    expect(profile.answer).toMatchObject({ first_name: "Grace", last_name: "Hopper", [MAJOR]: REMOVED_MAJOR, [REWORDED]: "N" });
    expect(Object.keys(profile.attention)).toEqual([MAJOR]);
    await drafter.goto(`${after.url}/education`);
    await drafter.getByText(profile.attention[MAJOR]!).first().waitFor();
    // What they had chosen shows, not an empty list.
    expect(await drafter.evaluate<string>(`document.querySelector("select#${MAJOR}").selectedOptions[0].textContent`)).toBe(`${majorLabel} (no longer offered)`);
    await screenshot(drafter, "versions-draft-academics", { fullPage: false });
    // The deleted question's answer, kept aside: the office sees it.
    const draftId = (await api<{ rows: { id: number }[] }>(admin, after.url, "GET", `/staff/api/applications?q=${encodeURIComponent(drafterAddress)}`)).rows[0]!.id;
    await admin.goto(`${after.url}/staff/applications/${draftId}`);
    // In the words of the version it was given on: the deleted question's label, not its key.
    const retired = admin.getByRole("region", { name: "Answers to questions no longer asked" });
    await retired.getByText("Brewster").waitFor();
    expect(await retired.locator("dt").allTextContents()).toEqual([labelOf(DELETED)]);
    expect(pageErrors).toEqual([]);
  });
});
