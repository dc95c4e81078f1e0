// Documents in Chromium against the built server: a refused file with the spec's message; then
// each allowed type (.png, .jpeg, .jpg, .docx, .pdf) uploaded into the two file questions (the
// resume, and the personal statement's 'Upload a document' tab), converted, its name and size
// shown and its answer ANSWERED, the PDF the server stored for it read (the images' pages and
// pixels, the Word document's and the PDF's text), and deleted through the widget's dialog (Cancel
// keeps it; Delete clears the answer and removes the PDF). Once the application is submitted, the
// PDF copy is downloaded from /status and read with pdftotext: the applicant's name, then the
// resume's and the personal statement's own text, and not the essay the tab switch cleared.
// Then a conversion that fails: its reason at the question, and 'Try another file' opening the
// browser's file picker; the PDF chosen there shows its first page as a picture.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument, PDFName, StandardFonts, rgb } from "pdf-lib";
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { messages } from "../../src/api-contract/messages";
import { docx, jpegOf, pdfWithText, pixelsOf, png, textOf } from "../support/files";
import { axeViolations, completeAnswersToday, createAccount, logInThroughApi, newAddress, screenshot, serverAnswers, waitForExpression } from "./support";
import { browserWorld } from "./world";

const world = browserWorld();
const RESUME_TEXT = "Built a tide-pool sensor for the science fair";
const STATEMENT_TEXT = ["Why I want to study marine biology", "Every summer I counted hermit crabs at Hocking Hills."];
/** The fixture's essay starts so; choosing the upload tab clears it. */
const ESSAY_START = "When my grandmother moved in with us";
const ORANGE = [230, 120, 20] as const;
const TEAL = [20, 150, 160] as const;
const NAVY = [20, 40, 110] as const;

async function resumePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawText(RESUME_TEXT, { x: 72, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** A landscape 400 × 300 PNG, orange on the left and teal on the right. */
const resumePng = () => png(400, 300, (x) => (x < 200 ? [...ORANGE] : [...TEAL]));

/** A photographed page: a Letter page with a navy block and a line of text, as a JPEG at 40 dpi (340 × 440 px). */
async function pageJpeg(line: string): Promise<Buffer> {
  const doc = await pdfWithText([line]);
  doc.getPage(0).drawRectangle({ x: 100, y: 492, width: 400, height: 200, color: rgb(NAVY[0] / 255, NAVY[1] / 255, NAVY[2] / 255) });
  return jpegOf(await doc.save(), 40);
}

/** What the widget writes for a size: bytes under 1 KB, else whole KB. */
const shownSize = (bytes: number) => (bytes < 1024 ? `${bytes}B` : `${Math.round(bytes / 1024)}KB`);

const near = (actual: readonly number[], expected: readonly number[], tolerance = 40) => actual.every((value, i) => Math.abs(value - expected[i]!) <= tolerance);

async function api(page: Page, method: "PUT" | "POST", path: string, data?: unknown): Promise<void> {
  const response = await page.context().request.fetch(`${world.server.url}${path}`, { method, data: data ?? {} });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.context().request.get(`${world.server.url}${path}`);
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

interface StoredPdf {
  path: string;
  doc: PDFDocument;
  bytes: Buffer;
}

/**
 * The converted PDFs the server holds now, read from its local store ({DATA_DIR}/files/documents/
 * {random}.pdf): the API names no link to them. Only this file's applicant uses the server.
 */
async function storedPdfs(): Promise<StoredPdf[]> {
  const folder = join(world.server.dataDir, "files", "documents");
  if (!existsSync(folder)) return [];
  const paths = readdirSync(folder).filter((name) => name.endsWith(".pdf")).map((name) => join(folder, name));
  return Promise.all(paths.map(async (path) => {
    const bytes = readFileSync(path);
    return { path, bytes, doc: await PDFDocument.load(bytes) };
  }));
}

const isLandscape = (pdf: StoredPdf) => pdf.doc.getPage(0).getWidth() > pdf.doc.getPage(0).getHeight();

/** Chooses a file in a document question's widget. */
async function choose(question: Locator, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await question.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

/** Until the widget shows the stored file's name and size, the server's answer is ANSWERED and its conversion COMPLETED. */
async function expectStored(page: Page, question: Locator, key: string, name: string, bytes: Buffer): Promise<void> {
  await question.locator(".file-name").getByText(name).waitFor({ timeout: 60_000 });
  expect(await question.locator(".file-name").textContent()).toBe(`${name} ${shownSize(bytes.length)}`);
  await expect.poll(async () => (await serverAnswers(page, world.server))[key], { timeout: 20_000 }).toBe("ANSWERED");
  expect(await getJson(page, `/api/pdf/document-answer/${key}`)).toEqual({ status: "COMPLETED", message: null });
  expect((await getJson<Record<string, unknown>>(page, "/api/document-answer"))[key]).toEqual({ file_name: name, file_size: bytes.length });
}

/** Deletes the question's file through the widget's dialog, then checks that the answer and the stored document are gone. */
async function deleteThroughDialog(page: Page, question: Locator, key: string): Promise<void> {
  await question.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete File" });
  await dialog.getByText("Are you sure you want to delete your file?").waitFor();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
  await question.getByText("Choose file", { exact: true }).waitFor({ timeout: 30_000 });
  expect(await question.locator(".file-name").count()).toBe(0);
  await expect.poll(async () => (await serverAnswers(page, world.server))[key] ?? "", { timeout: 20_000 }).toBe("");
  expect(await getJson(page, `/api/pdf/document-answer/${key}`)).toEqual({ status: "NOT_ANSWERED", message: null });
  expect(await getJson<Record<string, unknown>>(page, "/api/document-answer")).not.toHaveProperty(key);
}

describe("documents", () => {
  test("each file type uploaded, converted, shown and deleted; then the PDF copy holds the application and the documents", { timeout: 240_000 }, async () => {
    const username = await createAccount(world.server, newAddress("documents"));
    const page = await world.newPage();
    await logInThroughApi(page, world.server, username);
    // The rest of the application through the API; the documents in the browser.
    const complete = completeAnswersToday();
    expect(complete.personal_statement_essay).toContain(ESSAY_START);
    await api(page, "PUT", "/api/answer", { ...complete, resume: "Y" });
    await api(page, "POST", "/api/web-status", { web_status: "started" });
    await page.goto(`${world.server.url}/education`);
    await page.getByRole("heading", { level: 1, name: "Academics", exact: true }).waitFor();
    const resume = page.locator('[id="resume_pdf"]');
    const statement = page.locator('[id="personal_statement_doc"]');

    await choose(resume, "resume.exe", "application/octet-stream", Buffer.from("MZ not a document"));
    await resume.getByText("You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx").waitFor();

    // The statement's document question shows on its tab; choosing the tab clears the essay, after asking.
    expect(await statement.count()).toBe(0);
    await page.getByRole("tab", { name: "Upload a document" }).click();
    const confirmation = page.getByRole("alertdialog", { name: "Switch Tabs" });
    await confirmation.getByText("Switching will delete your essay. Switch anyway?").waitFor();
    await confirmation.getByRole("button", { name: "Switch", exact: true }).click();
    await statement.locator('input[type="file"]').waitFor({ state: "attached" });
    await expect.poll(async () => (await serverAnswers(page, world.server)).personal_statement_essay ?? "", { timeout: 20_000 }).toBe("");

    // A PNG resume and a JPEG statement at once.
    const imageBytes = resumePng();
    const jpegBytes = await pageJpeg("Personal statement, photographed");
    expect(await storedPdfs()).toEqual([]);
    await choose(resume, "resume.png", "image/png", imageBytes);
    await choose(statement, "statement.jpeg", "image/jpeg", jpegBytes);
    await resume.getByText("Processing resume.png. This can take a minute.").waitFor({ timeout: 30_000 });
    await expectStored(page, resume, "resume_pdf", "resume.png", imageBytes);
    await expectStored(page, statement, "personal_statement_doc", "statement.jpeg", jpegBytes);

    // The page's part with both files (not a full-page shot: sections far from the viewport skip
    // rendering, content-visibility: auto, and would come out blank).
    const documentsSection = page.locator("section.form-section").filter({ has: page.getByRole("heading", { name: "Documents and writing", exact: true }) }).last();
    await screenshot(documentsSection, "documents-academics", { animations: "disabled" });

    // Each became a one-page PDF: the PNG on a landscape Letter page, centred, its colours where
    // they were; the JPEG on a portrait one, its navy block in place.
    const images = await storedPdfs();
    expect(images, "two PDFs in the server's local store (an S3_BUCKET in the environment would keep them elsewhere)").toHaveLength(2);
    const pngPdf = images.find(isLandscape)!;
    const jpegPdf = images.find((pdf) => !isLandscape(pdf))!;
    expect(pngPdf, "the PNG's PDF is landscape").toBeDefined();
    expect(jpegPdf, "the JPEG's PDF is portrait").toBeDefined();
    expect(pngPdf.doc.getPageCount()).toBe(1);
    expect(pngPdf.doc.getPage(0).getSize()).toEqual({ width: 792, height: 612 });
    // At 36 dpi the page is 396 × 306 px and the 400 × 300 pt image (never enlarged) spans 98–298 × 78–228.
    const pngPixels = await pixelsOf(pngPdf.bytes, 36);
    expect(near(pngPixels.at(150, 153), ORANGE), `left half orange: ${pngPixels.at(150, 153).join(",")}`).toBe(true);
    expect(near(pngPixels.at(250, 153), TEAL), `right half teal: ${pngPixels.at(250, 153).join(",")}`).toBe(true);
    expect(near(pngPixels.at(40, 153), [255, 255, 255]), "white margin").toBe(true);
    expect(jpegPdf.doc.getPageCount()).toBe(1);
    expect(jpegPdf.doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    // The 340 × 440 px JPEG sits at 136, 176 pt; its navy block (55–278 × 55–167 px) at 95–207 × 115–171 px of 36 dpi.
    const jpegPixels = await pixelsOf(jpegPdf.bytes, 36);
    expect(near(jpegPixels.at(150, 143), NAVY), `the navy block: ${jpegPixels.at(150, 143).join(",")}`).toBe(true);

    // Cancel keeps the file; Delete removes it, its answer and its PDF.
    await resume.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Delete File" });
    await dialog.getByText("Are you sure you want to delete your file?").waitFor();
    await screenshot(page, "documents-delete-dialog", { animations: "disabled" });
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await resume.locator(".file-name").textContent()).toBe(`resume.png ${shownSize(imageBytes.length)}`);
    expect((await serverAnswers(page, world.server)).resume_pdf).toBe("ANSWERED");
    expect(existsSync(pngPdf.path)).toBe(true);
    await deleteThroughDialog(page, resume, "resume_pdf");
    expect(existsSync(pngPdf.path), "the PNG's PDF is removed").toBe(false);
    await deleteThroughDialog(page, statement, "personal_statement_doc");
    expect(existsSync(jpegPdf.path), "the JPEG's PDF is removed").toBe(false);
    expect(await storedPdfs()).toEqual([]);

    // A .jpg resume and a Word statement at once.
    const jpgBytes = await pageJpeg("Resume, photographed");
    const wordBytes = docx(STATEMENT_TEXT);
    await choose(resume, "resume.jpg", "image/jpeg", jpgBytes);
    await choose(statement, "statement.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", wordBytes);
    await expectStored(page, resume, "resume_pdf", "resume.jpg", jpgBytes);
    await expectStored(page, statement, "personal_statement_doc", "statement.docx", wordBytes);
    const second = await storedPdfs();
    expect(second).toHaveLength(2);
    const texts = await Promise.all(second.map((pdf) => textOf(pdf.bytes)));
    const wordIndex = texts.findIndex((text) => text.includes(STATEMENT_TEXT[0]!));
    expect(wordIndex, `the Word document's text in one of: ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
    for (const line of STATEMENT_TEXT) expect(texts[wordIndex]).toContain(line);
    const jpgPdf = second[1 - wordIndex]!;
    expect(jpgPdf.doc.getPageCount()).toBe(1);
    expect(jpgPdf.doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });

    // The resume again, as a PDF: the one kept for the copy.
    await deleteThroughDialog(page, resume, "resume_pdf");
    expect(existsSync(jpgPdf.path)).toBe(false);
    const bytes = await resumePdf();
    await choose(resume, "resume.pdf", "application/pdf", bytes);
    await expectStored(page, resume, "resume_pdf", "resume.pdf", bytes);
    const kept = await storedPdfs();
    expect(kept).toHaveLength(2);
    expect((await Promise.all(kept.map((pdf) => textOf(pdf.bytes)))).filter((text) => text.includes(RESUME_TEXT))).toHaveLength(1);

    await api(page, "POST", "/api/validations");
    await api(page, "POST", "/api/submit");

    await page.goto(`${world.server.url}/status`);
    const download = page.getByRole("link", { name: "Download a PDF copy of your application" });
    await download.waitFor({ timeout: 60_000 });
    const copy = await page.context().request.get(new URL((await download.getAttribute("href"))!, world.server.url).toString());
    expect(copy.status()).toBe(200);
    const pdf = Buffer.from(await copy.body());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await textOf(pdf);
    expect(text).toContain("Maya");
    expect(text).toContain("Okafor");
    expect(text, "the resume follows the application").toContain(RESUME_TEXT);
    for (const line of STATEMENT_TEXT) expect(text, "the personal statement's document follows it").toContain(line);
    expect(text.indexOf(RESUME_TEXT), "in the order the page asks for them").toBeLessThan(text.indexOf(STATEMENT_TEXT[0]!));
    expect(text, "the essay went with its tab").not.toContain(ESSAY_START);
    const catalog = (await PDFDocument.load(pdf)).catalog;
    expect(catalog.get(PDFName.of("Outlines")), "an outline of the pages").toBeDefined();
    expect(catalog.get(PDFName.of("StructTreeRoot")), "tagged").toBeDefined();
  });

  test("a failed conversion shows at the question, 'Try another file' opens the picker, and a PDF shows its first page", { timeout: 120_000 }, async () => {
    const username = await createAccount(world.server, newAddress("documents-retry"));
    const page = await world.newPage();
    await logInThroughApi(page, world.server, username);
    await api(page, "PUT", "/api/answer", { resume: "Y" });
    await page.goto(`${world.server.url}/education`);
    await page.getByRole("heading", { level: 1, name: "Academics", exact: true }).waitFor();
    const resume = page.locator('[id="resume_pdf"]');
    const axe = () => axeViolations(page, { include: '[id="resume_pdf"]' });

    // Named .pdf and starting as one, so the browser's checks pass it; the converter cannot read it.
    await choose(resume, "resume.pdf", "application/pdf", Buffer.from("%PDF-1.7\nnot a PDF after all\n"));
    const failure = resume.locator(".file-failed [role=alert]");
    await failure.waitFor({ timeout: 60_000 });
    expect(await failure.textContent()).toBe(`resume.pdf: ${messages.filePdfDamaged}`);
    expect((await serverAnswers(page, world.server)).resume_pdf ?? "").toBe("");
    expect(await axe()).toEqual([]);

    // Still there once the toast is closed.
    const toast = page.getByRole("alertdialog", { name: "File Upload Error" });
    await toast.getByRole("button", { name: "Close" }).click();
    await toast.waitFor({ state: "detached" });
    const again = resume.getByRole("button", { name: "Try another file" });
    expect(await failure.textContent()).toBe(`resume.pdf: ${messages.filePdfDamaged}`);

    // Enter on the focused button opens the browser's own picker: our code's part is the click on
    // its hidden file input, recorded here; the file then goes in through that input. (Waiting for
    // Chromium's file chooser event instead lost the event now and then on a loaded machine.)
    await page.evaluate(`{
      const click = HTMLInputElement.prototype.click;
      HTMLInputElement.prototype.click = function () { if (this.type === "file") window.__pickerOpened = true; return click.call(this); };
    }`);
    await again.focus();
    await waitForExpression(page, "document.activeElement?.textContent === 'Try another file'");
    await page.keyboard.press("Enter");
    await waitForExpression(page, "window.__pickerOpened === true");
    const bytes = await resumePdf();
    await resume.locator('input[type="file"]').setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: bytes });
    await expectStored(page, resume, "resume_pdf", "resume.pdf", bytes);
    expect(await resume.locator(".file-failed").count()).toBe(0);

    // Letter portrait drawn 200 pixels high: 155 wide.
    const thumbnail = resume.getByRole("img", { name: "First page of resume.pdf" });
    await expect.poll(() => thumbnail.evaluate((img: { complete: boolean; naturalWidth: number; naturalHeight: number }) => (img.complete ? [img.naturalWidth, img.naturalHeight] : null)), { timeout: 20_000 }).toEqual([155, 200]);
    await screenshot(resume, "documents-thumbnail", { animations: "disabled" });
    expect(await axe()).toEqual([]);
  });
});
