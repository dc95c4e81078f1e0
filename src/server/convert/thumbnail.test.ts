// The first page's thumbnail (issue 22 item 6), drawn by poppler under the conversions' limits:
// a real PNG of page 1, nothing for what is not a PDF, and nothing, quickly, for a page made to
// take minutes to draw.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfWithText } from "../../../tests/support/files";
import { firstPageThumbnail } from "./thumbnail";

const pngSize = (png: Buffer) => ({ signature: png.subarray(0, 8).toString("hex"), width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe("the first page's thumbnail", () => {
  it("is a PNG of page 1 whose longer side is 200 pixels", async () => {
    const doc = await pdfWithText(["A resume"]);
    doc.insertPage(0, [842, 595]);
    const png = await firstPageThumbnail(await doc.save());
    // Landscape A4 scaled to 200 pixels wide: 200 × 595 / 842, rounded up as poppler does.
    expect(pngSize(png!)).toEqual({ signature: "89504e470d0a1a0a", width: 200, height: Math.ceil((200 * 595) / 842) });
  });

  it("is null for bytes that are not a PDF", async () => {
    expect(await firstPageThumbnail(Buffer.from("%PDF-1.7 and nothing after"))).toBeNull();
  });

  it("is null once the time limit is over, however long the page would take", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.flateStream("0 0 612 792 re f\n".repeat(100_000))));
    const started = Date.now();
    expect(await firstPageThumbnail(await doc.save(), { timeoutMs: 300 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("is null when pdftoppm is not there", async () => {
    expect(await firstPageThumbnail(await (await pdfWithText(["A resume"])).save(), { pdftoppmPath: "/nonexistent/pdftoppm" })).toBeNull();
  });

  it("is drawn 10 nice steps below the server, giving way to it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "thumbnail-nice-"));
    const noted = join(dir, "nice");
    const pdftoppm = join(dir, "pdftoppm");
    writeFileSync(pdftoppm, `#!/bin/sh\nnice > '${noted}'\nexec pdftoppm "$@"\n`, { mode: 0o755 });
    try {
      expect(await firstPageThumbnail(await (await pdfWithText(["A resume"])).save(), { pdftoppmPath: pdftoppm })).not.toBeNull();
      expect(Number(readFileSync(noted, "utf8"))).toBe(Math.min(19, getPriority() + 10));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
