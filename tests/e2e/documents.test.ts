// Documents in Chromium against the built server: a refused file with the spec's message, a
// resume uploaded and converted, its name and size shown, and, once the application is
// submitted, the PDF copy downloaded from /completion and read with pdftotext: the applicant's
// name and the resume's own text are in it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { createAccount, logInThroughApi, newAddress, repoRoot, serverAnswers } from "./support";
import { browserWorld } from "./world";

const world = browserWorld();
const RESUME_TEXT = "Built a tide-pool sensor for the science fair";

async function resumePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawText(RESUME_TEXT, { x: 72, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** The text of a PDF, as poppler's pdftotext reads it. */
function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "pdf-copy-"));
  try {
    writeFileSync(join(dir, "copy.pdf"), pdf);
    return execFileSync("pdftotext", ["-layout", join(dir, "copy.pdf"), "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function api(page: Page, method: "PUT" | "POST", path: string, data?: unknown): Promise<void> {
  const response = await page.context().request.fetch(`${world.server.url}${path}`, { method, data: data ?? {} });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
}

describe("documents", () => {
  test("a resume uploaded, converted and shown; then the PDF copy holds the application and the resume", async () => {
    const username = await createAccount(world.server, newAddress("documents"));
    const page = await world.newPage();
    await logInThroughApi(page, world.server, username);
    // The rest of the application through the API; the resume in the browser.
    const complete = JSON.parse(readFileSync(join(repoRoot, "tests/fixtures/complete-answers.json"), "utf8")) as Record<string, unknown>;
    await api(page, "PUT", "/api/answer", { ...complete, resume: "Y" });
    await api(page, "POST", "/api/web-status", { web_status: "started" });
    await page.goto(`${world.server.url}/education`);
    await page.getByRole("heading", { level: 1, name: "Academics", exact: true }).waitFor();
    const resume = page.locator('[id="resume_pdf"]');
    const input = resume.locator('input[type="file"]');

    await input.setInputFiles({ name: "resume.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ not a document") });
    await resume.getByText("You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx").waitFor();

    const bytes = await resumePdf();
    await input.setInputFiles({ name: "resume.pdf", mimeType: "application/pdf", buffer: bytes });
    await resume.locator(".file-name").getByText("resume.pdf").waitFor({ timeout: 60_000 });
    expect(await resume.locator(".file-size").textContent()).toBe(`${bytes.length}B`);
    await expect.poll(async () => (await serverAnswers(page, world.server)).resume_pdf, { timeout: 20_000 }).toBe("ANSWERED");

    await api(page, "POST", "/api/validations");
    await api(page, "POST", "/api/submit");

    await page.goto(`${world.server.url}/completion`);
    const download = page.getByRole("link", { name: "Download a PDF copy of your application" });
    await download.waitFor({ timeout: 60_000 });
    const copy = await page.context().request.get(new URL((await download.getAttribute("href"))!, world.server.url).toString());
    expect(copy.status()).toBe(200);
    const pdf = Buffer.from(await copy.body());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = textOf(pdf);
    expect(text).toContain("Maya");
    expect(text).toContain("Okafor");
    expect(text, "the resume follows the application").toContain(RESUME_TEXT);
    const catalog = (await PDFDocument.load(pdf)).catalog;
    expect(catalog.get(PDFName.of("Outlines")), "an outline of the pages").toBeDefined();
    expect(catalog.get(PDFName.of("StructTreeRoot")), "tagged").toBeDefined();
  });
});
