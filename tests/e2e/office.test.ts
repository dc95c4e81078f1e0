// The admissions office, as its people use it, on the built server: the operator invites the
// first admin from the command line while the server runs; the admin sets a password, enrols an
// authenticator (the test computes its codes), logs in and invites a reviewer; the reviewer finds
// an applicant by a misspelled name, reads the application, downloads the PDF copy and a document,
// and sets a review status with a note; the admin sees each of those in the audit log, exports
// the term's submitted applications to CSV (the download read back) and a zip as a job. Every
// staff page passes axe-core at 1280 px, and the list, an application, the team, the audit log and
// the exports on a 768 px tablet too, none scrolling sideways; the dashboard at 375 px too, and a
// figure's link opens the list filtered to what it counts. After the review, the reviewer asks the
// applicant for information (issue 40): the applicant, mailed that there is a message, reads it
// on the status page on a phone, sends the file it asks for and replies; the reviewer reads the
// reply and the file, and finds the application in the list's "Replied". Then the decision: the
// reviewer records an offer, the admin releases it for a minute or so later; the applicant's page
// shows nothing of it before that moment and the letter from it, and the applicant accepts.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { checklistFor } from "../../src/engine/runtime";
import { definitions } from "../support/definitions";
import { pdfWithText, textOf } from "../support/files";
import { tsxArguments } from "../support/spawning";
import { ANIMATIONS_ENDED, axeViolations, completeAnswersToday, createAccount, logInThroughApi, newAddress, readOutbox, repoRoot, screenshot, waitForExpression } from "./support";
import { enrol, logIn } from "./staff";
import { browserWorld } from "./world";

const world = browserWorld({ height: 900 });
const COMPLETE_ANSWERS = completeAnswersToday();
const RESUME_TEXT = "Captain of the robotics team, two state titles";
const WHITFIELD = { first_name: "Johnathan", last_name: "Whitfield" };
const ASKED = "We could not read the second page of your transcript.\nPlease send us a clearer copy.";
const SENT_TEXT = "Lincoln High School transcript, grades 9 to 12";
/**
 * Whitfield's checklist as the definitions list it: an item the office ticks, and the first the
 * applicant may send as a file from the status page (none when staff list none: the reply is then in words).
 */
const whitfieldChecklist = checklistFor(definitions(), { ...COMPLETE_ANSWERS, ...WHITFIELD });
const officeItem = whitfieldChecklist.find((item) => item.document === undefined)!;
const sentItem = whitfieldChecklist.find((item) => item.document !== undefined && !definitions().owners.has(item.document));
/** The decision recorded for Whitfield: the first offer (one asking an answer) of decisions.json. */
const offer = definitions().decisions.find((decision) => decision.respondBy !== undefined)!;

/** `at` as an `<input type="datetime-local">` takes it, in `timeZone`: "2026-12-06T17:21". */
function localMinute(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-US", {
    timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
  }).formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Every staff page checked by axe, `page @ width`. */
const checked: string[] = [];

async function expectAxeClean(page: Page, name: string): Promise<void> {
  await page.locator("main h1").first().waitFor();
  // axe reads colours as drawn: a dialog still fading in has its buttons at part opacity.
  await waitForExpression(page, ANIMATIONS_ENDED);
  const width = page.viewportSize()!.width;
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join("; ")})`), `${name} @ ${width}px`).toEqual([]);
  // Nothing scrolls sideways, at a tablet's width too: wide tables scroll inside their own region.
  expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), `${name} @ ${width}px scrolls sideways`).toBe(true);
  await screenshot(page, `office-${name.replace(/\W+/g, "-")}-${width}`, { fullPage: true, animations: "disabled" });
  checked.push(`${name} @ ${width}px`);
}

/** A call with the page's cookies; answers the JSON. */
async function api<T = Record<string, unknown>>(page: Page, method: "GET" | "PUT" | "POST", path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(`${world.server.url}${path}`, { method, ...(method === "GET" ? {} : { data: data ?? {} }) });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An applicant who submits a complete application with a resume; answers the reference and their e-mail. */
async function submittedApplicant(names: { first_name: string; last_name: string }): Promise<{ reference: string; email: string }> {
  const page = await world.newPage();
  const email = await createAccount(world.server, newAddress(names.last_name.toLowerCase()));
  await logInThroughApi(page, world.server, email);
  await api(page, "PUT", "/api/answer", { ...COMPLETE_ANSWERS, ...names });
  const { url, fields } = await api<{ url: string; fields: Record<string, string> }>(page, "POST", "/api/presigned-url", { answer_key: "resume_pdf" });
  const resume = Buffer.from(await (await pdfWithText([RESUME_TEXT])).save());
  const uploaded = await page.context().request.post(new URL(url, world.server.url).toString(), {
    multipart: { ...fields, file: { name: "resume.pdf", mimeType: "application/pdf", buffer: resume } },
  });
  expect(uploaded.status()).toBe(204);
  await api(page, "POST", "/api/pdf/document-answer/resume_pdf", { file_key: fields.key, file_name: "resume.pdf" });
  const deadline = Date.now() + 60_000;
  while ((await api<{ status: string }>(page, "GET", "/api/pdf/document-answer/resume_pdf")).status !== "COMPLETED") {
    if (Date.now() > deadline) throw new Error("the resume was not converted within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await api(page, "PUT", "/api/answer", { resume_pdf: "ANSWERED" });
  await api(page, "POST", "/api/validations");
  const { reference } = await api<{ reference: string }>(page, "POST", "/api/submit");
  await page.context().close();
  return { reference, email };
}

/** The newest /staff/welcome link mailed to `address`. */
async function invitationLink(address: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = readOutbox(world.server.dataDir).filter((m) => (m.headers.get("to") ?? "").includes(address)).at(-1);
    const link = mail && /(https?:\/\/\S+\/staff\/welcome\?token=\S+)/.exec(mail.text)?.[1];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation mailed to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Downloads what a link points to with the page's cookies (following the redirect to the file). */
async function download(page: Page, href: string): Promise<Buffer> {
  const response = await page.context().request.get(new URL(href, world.server.url).toString());
  expect(response.status(), href).toBe(200);
  return Buffer.from(await response.body());
}

describe("the admissions office", () => {
  test("an invited admin and reviewer find, read and review an application, and the audit log shows it", { timeout: 300_000 }, async () => {
    const { reference, email: whitfieldEmail } = await submittedApplicant(WHITFIELD);
    const { reference: otherReference } = await submittedApplicant({ first_name: "Priya", last_name: "Raman" });
    expect(reference).toMatch(new RegExp(`^WU-${COMPLETE_ANSWERS.entry_term}-\\d{6}$`));

    // The operator invites the first admin while the server runs on its PGlite folder.
    const adminEmail = newAddress("dean");
    const { stdout } = await promisify(execFile)(process.execPath, tsxArguments("scripts/staff.ts", "invite", adminEmail, "--role", "admin"), {
      cwd: repoRoot, env: { ...process.env, DATA_DIR: world.server.dataDir, DATABASE_URL: "" },
    });
    expect(stdout).toContain(adminEmail);
    expect(stdout, "the link is not printed unless asked for").not.toContain("token=");

    const admin = await world.newPage();
    const adminCode = await enrol(admin, await invitationLink(adminEmail), adminEmail, (name) => expectAxeClean(admin, name));
    await logIn(admin, world.server.url, adminEmail, adminCode, (name) => expectAxeClean(admin, name));
    // The dashboard: its tables hold the numbers, its charts draw them, on a desk and on a phone.
    const totals = admin.getByRole("table", { name: "Applications started and submitted, today, this week and this cycle" });
    await totals.waitFor();
    await admin.getByRole("img", { name: /^Line chart of submissions per day/ }).waitFor();
    await expectAxeClean(admin, "dashboard");
    await admin.setViewportSize({ width: 375, height: 812 });
    await expectAxeClean(admin, "dashboard");
    await admin.setViewportSize({ width: 1280, height: 900 });
    // This cycle's submits: both applicants, in the list the figure opens.
    const submittedThisCycle = totals.getByRole("row", { name: /^Submitted/ }).getByRole("link").nth(2);
    expect(Number(await submittedThisCycle.textContent())).toBe(2);
    await submittedThisCycle.click();
    await admin.getByRole("heading", { name: "Applications", level: 1 }).waitFor();
    expect(new URL(admin.url()).searchParams.get("submitted_from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await admin.getByRole("link", { name: /Johnathan Whitfield/ }).waitFor();
    await admin.getByRole("link", { name: /Priya Raman/ }).waitFor();
    await admin.getByText("Showing 2 of 2").waitFor();
    await expectAxeClean(admin, "applications");

    // The admin invites a reviewer from the Team page.
    await admin.getByRole("link", { name: "Team" }).click();
    await admin.getByRole("heading", { name: "Team", level: 1 }).waitFor();
    const reviewerEmail = newAddress("reviewer");
    await admin.getByLabel("E-mail").fill(reviewerEmail);
    await admin.getByLabel("Role", { exact: true }).selectOption({ label: "Reviewer" });
    await admin.getByRole("button", { name: "Send invitation" }).click();
    await admin.getByRole("cell", { name: reviewerEmail }).waitFor();
    await expectAxeClean(admin, "team");

    const reviewer = await world.newPage();
    const reviewerCode = await enrol(reviewer, await invitationLink(reviewerEmail), reviewerEmail);
    await logIn(reviewer, world.server.url, reviewerEmail, reviewerCode);
    await reviewer.getByRole("link", { name: "Applications" }).click();
    await reviewer.getByRole("heading", { name: "Applications", level: 1 }).waitFor();

    // Two letters dropped and one swapped: still found.
    await reviewer.getByRole("searchbox", { name: "Search" }).fill("Jonathan Witfeild");
    // The search goes into the address once typing pauses, and the list follows it.
    await reviewer.waitForURL((url) => url.searchParams.get("q") === "Jonathan Witfeild");
    await reviewer.getByRole("link", { name: /Priya Raman/ }).waitFor({ state: "detached" });
    const row = reviewer.getByRole("link", { name: /Johnathan Whitfield/ });
    await row.click();
    await reviewer.getByRole("heading", { name: "Johnathan Whitfield", level: 1 }).waitFor();
    await reviewer.getByText(reference).first().waitFor();
    await expectAxeClean(reviewer, "application");

    // The document, as converted to PDF.
    const documentHref = (await reviewer.getByRole("link", { name: /^Download PDF/ }).getAttribute("href"))!;
    expect(await textOf(await download(reviewer, documentHref))).toContain(RESUME_TEXT);
    // The PDF copy: cover page with the reference, the application, then the resume.
    await reviewer.getByRole("button", { name: "PDF copy" }).click();
    const copyLink = reviewer.getByRole("link", { name: "Download the PDF copy" });
    await copyLink.waitFor({ timeout: 120_000 });
    const copy = await textOf(await download(reviewer, (await copyLink.getAttribute("href"))!));
    expect(copy).toContain(reference);
    expect(copy).toContain("Whitfield");
    expect(copy).toContain(RESUME_TEXT);

    // The review: a status and an internal note.
    await reviewer.getByLabel("Review status", { exact: true }).selectOption({ label: "In review" });
    await reviewer.getByRole("button", { name: "Save status" }).click();
    await reviewer.getByRole("status").filter({ hasText: /saved/i }).first().waitFor();
    await reviewer.getByRole("textbox", { name: "Add note" }).fill("Counselor letter arrives by post next week.");
    await reviewer.getByRole("button", { name: "Add note" }).click();
    await reviewer.getByText("Counselor letter arrives by post next week.").waitFor();
    // The checklist: an item that arrived, ticked from the keyboard.
    const item = reviewer.getByRole("region", { name: "Checklist" }).getByRole("checkbox", { name: officeItem.label });
    await item.focus();
    await reviewer.keyboard.press("Space");
    await reviewer.getByRole("status").filter({ hasText: /marked received/ }).waitFor();
    await expect.poll(() => item.isChecked()).toBe(true);
    await expectAxeClean(reviewer, "application, reviewed");

    // The reviewer asks for information, about the file the applicant may send, if there is one.
    const requests = reviewer.getByRole("region", { name: "Requests for information" });
    await requests.getByRole("textbox", { name: "Message to the applicant" }).fill(ASKED);
    if (sentItem) await requests.getByLabel("About a checklist item").selectOption({ label: sentItem.label });
    await requests.getByRole("button", { name: "Send request" }).click();
    await requests.getByText("Waiting for the applicant's reply").waitFor();
    await expectAxeClean(reviewer, "application, information requested");
    // The mail says there is a message and where to read it, never what it says.
    const mailed = async () => readOutbox(world.server.dataDir).filter((m) => (m.headers.get("to") ?? "").includes(whitfieldEmail) && /message about your/.test(m.headers.get("subject") ?? ""));
    await expect.poll(mailed, { timeout: 10_000 }).toHaveLength(1);
    const [mail] = await mailed();
    expect(mail!.text).toContain(`${world.server.url}/login`);
    expect(mail!.text).not.toContain("transcript");

    // The applicant, on a phone: the message on the status page, the file sent with the reply.
    const applicant = await world.newPage(375);
    await logInThroughApi(applicant, world.server, whitfieldEmail);
    await applicant.goto(`${world.server.url}/status`);
    await applicant.getByText(/Information requested: the admissions office/).waitFor();
    const inbox = applicant.getByRole("region", { name: "Messages from the admissions office" });
    expect(await inbox.locator(".request-text").first().textContent()).toBe(ASKED);
    await expectAxeClean(applicant, "status, information requested");
    if (sentItem) {
      const file = Buffer.from(await (await pdfWithText([SENT_TEXT])).save());
      await inbox.getByLabel(`Upload ${sentItem.label}`).setInputFiles({ name: "transcript.pdf", mimeType: "application/pdf", buffer: file });
      await inbox.getByText(`${sentItem.label}: received.`).waitFor({ timeout: 120_000 });
    }
    await inbox.getByRole("textbox", { name: "Your reply" }).fill("Here is a clearer copy.");
    await inbox.getByRole("button", { name: "Send reply" }).click();
    await inbox.getByText("Your reply has been sent to the admissions office.").waitFor();
    await applicant.getByText(/Under review: the admissions office/).waitFor();
    await inbox.getByText(/^You replied on/).waitFor();
    await expectAxeClean(applicant, "status, replied");

    // The reviewer reads the reply and the file, and finds the application among the replies.
    await reviewer.reload();
    await requests.getByText("Here is a clearer copy.").waitFor();
    if (sentItem) {
      const sent = reviewer.getByRole("region", { name: "Documents" }).getByRole("listitem").filter({ hasText: sentItem.label });
      expect(await textOf(await download(reviewer, (await sent.getByRole("link", { name: /^Download PDF/ }).getAttribute("href"))!))).toContain(SENT_TEXT);
    }
    await reviewer.getByRole("link", { name: "Back to the list" }).click();
    await reviewer.getByLabel("Requests").selectOption({ label: "Replied" });
    await reviewer.waitForURL((url) => url.searchParams.get("request") === "replied");
    await reviewer.getByRole("link", { name: /Johnathan Whitfield/ }).waitFor();
    await reviewer.getByRole("link", { name: /Priya Raman/ }).waitFor({ state: "detached" });
    await reviewer.getByRole("link", { name: /Johnathan Whitfield/ }).click();
    await reviewer.getByRole("heading", { name: "Johnathan Whitfield", level: 1 }).waitFor();

    // The decision: the reviewer records the offer, the admin releases it at the next whole minute at
    // least 30 s away (a datetime-local takes minutes), in the office's time zone.
    const decisionSection = reviewer.getByRole("region", { name: "Decision" });
    await decisionSection.getByRole("combobox", { name: "Decision" }).selectOption({ label: offer.label });
    await decisionSection.getByRole("button", { name: "Record decision" }).click();
    await decisionSection.getByText("Not released").waitFor();
    const releaseAt = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    await admin.getByRole("link", { name: "Applications" }).click();
    await admin.getByRole("searchbox", { name: "Search" }).fill(whitfieldEmail);
    await admin.waitForURL((url) => url.searchParams.get("q") === whitfieldEmail);
    await admin.getByText("Showing 1 of 1").waitFor();
    await admin.getByRole("button", { name: "Release decisions" }).click();
    const releaseForm = admin.getByRole("form", { name: "Release decisions" });
    await releaseForm.getByRole("combobox", { name: "Decision" }).selectOption({ label: offer.label });
    await releaseForm.getByText("At a set time", { exact: true }).click();
    await expect.poll(() => releaseForm.getByRole("radio", { name: "At a set time" }).isChecked()).toBe(true);
    await releaseForm.getByLabel("Release at").fill(localMinute(releaseAt, definitions().institution.time_zone));
    await releaseForm.getByRole("button", { name: "Release" }).click();
    await admin.getByRole("dialog", { name: "Release decisions?" }).getByRole("button", { name: "Release" }).click();
    await releaseForm.getByText(/^1 decision will be released on/).waitFor();
    await expectAxeClean(admin, "applications, releasing decisions");
    await admin.getByRole("searchbox", { name: "Search" }).fill("");
    await admin.waitForURL((url) => !url.searchParams.has("q"));
    // Before its moment, the applicant's page has no trace of it.
    await applicant.reload();
    await inbox.waitFor();
    expect(await applicant.getByRole("region", { name: "Your decision" }).count()).toBe(0);
    expect(Date.now(), "checked before the release moment").toBeLessThan(releaseAt.getTime());

    // The tablet: the list and the application at 768 px.
    await reviewer.setViewportSize({ width: 768, height: 1024 });
    await reviewer.getByRole("link", { name: "Back to the list" }).click();
    await reviewer.getByRole("link", { name: /Johnathan Whitfield/ }).waitFor();
    await expectAxeClean(reviewer, "applications");
    await reviewer.getByRole("link", { name: /Johnathan Whitfield/ }).click();
    await reviewer.getByRole("heading", { name: "Johnathan Whitfield", level: 1 }).waitFor();
    await expectAxeClean(reviewer, "application");

    // The admin reads each of the reviewer's actions in the audit log.
    await admin.getByRole("link", { name: "Audit log" }).click();
    await admin.getByRole("heading", { name: "Audit log", level: 1 }).waitFor();
    await admin.getByLabel("E-mail (staff or applicant)").fill(reviewerEmail);
    await admin.getByRole("button", { name: "Apply filter" }).click();
    await waitForExpression(admin, `[...document.querySelectorAll("tbody tr")].every((row) => row.textContent.includes(${JSON.stringify(reviewerEmail)}))`);
    const entries = await admin.locator("tbody tr").allTextContents();
    for (const action of ["login", "view application", "download document", "download pdf copy", "review status", "note", "checklist", "information request"]) {
      expect(entries.some((entry) => entry.toLowerCase().includes(action)), `"${action}" in ${JSON.stringify(entries)}`).toBe(true);
    }
    expect(entries.join(" "), "never the note's text").not.toContain("Counselor letter");
    await expectAxeClean(admin, "audit log");
    // The admin's pages on a tablet too.
    await admin.setViewportSize({ width: 768, height: 1024 });
    await expectAxeClean(admin, "audit log");
    await admin.getByRole("link", { name: "Team" }).click();
    await admin.getByRole("heading", { name: "Team", level: 1 }).waitFor();
    await expectAxeClean(admin, "team");
    // The admin makes a key for the student information system: shown once, it reads the API at
    // once (a script's call, no cookie), and after revoking (confirmed in a dialog) it is refused.
    await admin.getByRole("link", { name: "API keys" }).click();
    await admin.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
    await admin.getByLabel("Name", { exact: true }).fill("sis");
    await admin.getByRole("button", { name: "Create key" }).click();
    const key = await admin.getByRole("textbox", { name: 'The key "sis"' }).inputValue();
    expect(key).toMatch(/^wuk_[\w-]{43}$/);
    await admin.getByRole("rowheader", { name: "sis" }).waitFor();
    await expectAxeClean(admin, "api keys");
    const pull = () => fetch(`${world.server.url}/staff/api/applications/${reference}`, { headers: { authorization: `Bearer ${key}` } });
    const pulled = await pull();
    expect(pulled.status).toBe(200);
    expect(((await pulled.json()) as { answers: Record<string, { value: unknown }> }).answers.last_name?.value).toBe("Whitfield");
    await admin.getByRole("button", { name: "Revoke sis" }).click();
    await admin.getByRole("alertdialog", { name: "Revoke this key?" }).waitFor();
    await expectAxeClean(admin, "api keys, revoking");
    await admin.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
    await admin.getByText('The key "sis" is revoked.').waitFor();
    expect((await pull()).status).toBe(401);
    // The preview: the applicants' pages from the definitions the office runs, hidden items shown.
    await admin.getByRole("link", { name: "Preview" }).click();
    await admin.getByRole("heading", { name: "Preview of the application", level: 1 }).waitFor();
    await admin.getByLabel("Page").selectOption({ index: 1 });
    await admin.getByLabel("Show hidden items").check();
    await admin.getByText(/^Hidden now\. Shown when /).first().waitFor();
    await expectAxeClean(admin, "preview");
    await admin.setViewportSize({ width: 1280, height: 900 });
    await expectAxeClean(admin, "preview");
    // The form's versions: the one the office runs, with the applications submitted on it.
    await admin.getByRole("link", { name: "Versions" }).click();
    await admin.getByRole("heading", { name: "Form versions", level: 1 }).waitFor();
    const current = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: /\(current\)$/ }) });
    await current.waitFor(); // the heading comes before the list of versions
    expect(await current.getByRole("cell").allTextContents()).toEqual([expect.any(String), expect.any(String), "2"]);
    await expectAxeClean(admin, "versions");
    // The admin exports the term's submitted applications to CSV: two, so a download at once.
    await admin.getByRole("link", { name: "Applications" }).click();
    await admin.getByLabel("Status", { exact: true }).selectOption("submitted");
    await admin.getByLabel("Entry term").selectOption(String(COMPLETE_ANSWERS.entry_term));
    await admin.waitForURL((url) => url.searchParams.get("status") === "submitted" && url.searchParams.get("term") === COMPLETE_ANSWERS.entry_term);
    const exportLink = admin.getByRole("link", { name: "Export 2 applications" });
    const [csvFile] = await Promise.all([admin.waitForEvent("download"), exportLink.click()]);
    expect(csvFile.suggestedFilename()).toMatch(new RegExp(`^applications-${COMPLETE_ANSWERS.entry_term}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const records = parse(await readFile((await csvFile.path())!), { columns: true, bom: true }) as Record<string, string>[];
    expect(records.map((record) => record.reference).sort()).toEqual([reference, otherReference].sort());
    const whitfield = records.find((record) => record.reference === reference)!;
    expect(whitfield).toMatchObject({ first_name: "Johnathan", last_name: "Whitfield", status: "submitted", decision: offer.code });
    // The answers in place, as stored (a text that looks like a formula is escaped: not compared here).
    const texts = Object.entries(COMPLETE_ANSWERS).filter(([key, value]) => typeof value === "string" && key in whitfield && !/^[=+\-@\t\r]/.test(value));
    expect(texts.length).toBeGreaterThan(10);
    for (const [key, value] of texts) if (!["first_name", "last_name"].includes(key)) expect(whitfield[key], key).toBe(value);
    // A zip is always made as a job: the Exports page shows it until its file is ready.
    await admin.getByLabel("Export as").selectOption({ label: "Zip of PDFs and documents" });
    await admin.getByRole("button", { name: "Export 2 applications" }).click();
    await admin.getByRole("heading", { name: "Exports", level: 1 }).waitFor();
    await admin.getByRole("link", { name: /^Download/ }).first().waitFor({ timeout: 60_000 });
    await expectAxeClean(admin, "exports");
    await admin.setViewportSize({ width: 768, height: 1024 });
    await expectAxeClean(admin, "exports");
    await admin.setViewportSize({ width: 1280, height: 900 });

    // The release moment: the applicant reads the letter, and accepts the offer.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, releaseAt.getTime() - Date.now())));
    await applicant.reload();
    const letter = applicant.getByRole("region", { name: "Your decision" });
    await letter.waitFor();
    await applicant.getByText(/Decision available: the admissions office/).waitFor();
    expect(await letter.locator(".decision-letter").textContent()).toContain("Johnathan");
    await expectAxeClean(applicant, "status, decision available");
    await letter.getByRole("button", { name: "Accept the offer" }).click();
    await applicant.getByRole("dialog", { name: "Accept the offer?" }).getByRole("button", { name: "Accept" }).click();
    await letter.getByText(/^You accepted this offer/).waitFor();
    await expectAxeClean(applicant, "status, offer accepted");
    // One mail says there is an update, never what it is.
    const updates = () => readOutbox(world.server.dataDir).filter((m) => (m.headers.get("to") ?? "").includes(whitfieldEmail) && /update on your/.test(m.headers.get("subject") ?? ""));
    await expect.poll(() => updates().length, { timeout: 30_000 }).toBe(1);
    expect(updates()[0]!.text).not.toContain(offer.label);
    await reviewer.goto(`${world.server.url}/staff/applications`);
    await reviewer.getByRole("link", { name: /Johnathan Whitfield/ }).click();
    await reviewer.getByRole("region", { name: "Decision" }).getByText(/^Accepted/).waitFor();

    // Not the reviewer's: no link, and the address says so.
    expect(await reviewer.getByRole("link", { name: "Preview" }).count()).toBe(0);
    await reviewer.goto(`${world.server.url}/staff/preview`);
    await reviewer.getByRole("heading", { name: "Not available", level: 1 }).waitFor();
    console.log(`axe: ${checked.length} staff pages checked: ${checked.join(", ")}`);
  });
});
