// Three applicants ask for their PDF copies at the same moment, through the built server and its
// own Chromium printer: each copy holds its own applicant's name and no other's. A copy starts
// with its cover page and is Letter throughout.
import { PDFDocument } from "pdf-lib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { textOf } from "../support/files";
import { createAccount, logInThroughApi } from "./support";
import { browserWorld } from "./world";

const world = browserWorld();

const APPLICANTS = [
  { first_name: "Wren", last_name: "Abernathy" },
  { first_name: "Ismay", last_name: "Castellanos" },
  { first_name: "Oluwaseun", last_name: "Drummond" },
];

async function applicant(names: { first_name: string; last_name: string }): Promise<Page> {
  const page = await world.newPage();
  await logInThroughApi(page, world.server, await createAccount(world.server));
  const saved = await page.context().request.put(`${world.server.url}/api/answer`, { data: names });
  expect(saved.status()).toBe(200);
  return page;
}

/** Asks for the copy until it is made, then downloads it. */
async function copyOf(page: Page): Promise<Buffer> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const reply = await page.context().request.get(`${world.server.url}/api/pdf`);
    expect(reply.status()).toBe(200);
    const { status, url } = (await reply.json()) as { status: string; url: string | null };
    expect(status).not.toBe("FAILED");
    if (status === "COMPLETED" && url) return Buffer.from(await (await page.context().request.get(new URL(url, world.server.url).toString())).body());
    if (Date.now() > deadline) throw new Error(`the copy is still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("PDF copies printed at the same moment", () => {
  it("hold each applicant's own name and no other's", { timeout: 240_000 }, async () => {
    // A first copy leaves the printer with a page opened ahead, which the next prints ask for together.
    // Its name carries a right-to-left override, which the copy leaves out.
    const first = await applicant({ first_name: "Tamsin", last_name: "Oye\u202Elaran" });
    const firstCopy = await copyOf(first);
    const firstText = await textOf(firstCopy);
    expect(firstText).toContain("Oyelaran");
    expect(firstText).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    // A cover page first (not submitted: no reference), then the printed application, all Letter.
    const [cover, printed] = firstText.split("\f");
    expect(cover).toMatch(/Applicant\s+Tamsin Oyelaran/);
    expect(cover).toMatch(/Reference number\s+Not submitted/);
    expect(printed).toContain("Oyelaran");
    const firstPages = (await PDFDocument.load(firstCopy)).getPages();
    expect(firstPages.length).toBeGreaterThanOrEqual(2);
    for (const page of firstPages) expect(page.getSize()).toEqual({ width: 612, height: 792 });

    const pages = await Promise.all(APPLICANTS.map(applicant));
    const texts = await Promise.all(pages.map(async (page) => textOf(await copyOf(page))));
    APPLICANTS.forEach(({ first_name, last_name }, i) => {
      expect(texts[i], `copy ${i + 1}`).toContain(`${first_name}`);
      expect(texts[i], `copy ${i + 1}`).toContain(last_name);
      for (const other of APPLICANTS.filter((_, j) => j !== i)) expect(texts[i], `copy ${i + 1} holds no other applicant`).not.toContain(other.last_name);
    });
  });
});
