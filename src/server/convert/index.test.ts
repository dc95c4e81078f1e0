import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { messages } from "../../api-contract/messages";
import { convertToPdf } from "./index";
import { docx, docxParts, jpegOf, pdfWithText, png, textOf } from "../../../tests/support/files";

const SENTENCE = "I am applying to study marine biology in the autumn.";

async function converted(bytes: Buffer) {
  const result = await convertToPdf(bytes);
  if (!result.ok) throw new Error(`expected a PDF, got: ${result.message}`);
  const doc = await PDFDocument.load(result.pdf);
  return { kind: result.kind, pdf: result.pdf, pages: doc.getPageCount(), text: await textOf(result.pdf) };
}

describe("an applicant's upload becomes a PDF", () => {
  it("turns a PNG into a one-page PDF", async () => {
    const image = png(40, 30, (x, y) => [x * 6, y * 8, 128]);
    expect(await converted(image)).toMatchObject({ kind: "png", pages: 1 });
  });

  it("turns a JPEG into a one-page PDF", async () => {
    const image = await jpegOf(await (await pdfWithText([SENTENCE])).save(), 30);
    expect(await converted(image)).toMatchObject({ kind: "jpeg", pages: 1 });
  });

  it("keeps the text and every page of a PDF, in a newly written file", async () => {
    const upload = Buffer.from(await (await pdfWithText([SENTENCE], 3)).save());
    const result = await converted(upload);
    expect(result).toMatchObject({ kind: "pdf", pages: 3 });
    expect(result.text).toContain(SENTENCE);
    expect(result.pdf.equals(upload)).toBe(false);
  });

  it("leaves the upload's bytes as they were: the thread gets a copy", async () => {
    // Large enough to own its memory (a small Buffer shares Node's pool), as a file read from storage does.
    const upload = Buffer.from(await (await pdfWithText([SENTENCE], 40)).save());
    const before = Buffer.from(upload);
    await converted(upload);
    expect(upload.equals(before)).toBe(true);
  });

  it("turns a Word document into a PDF with its text", async () => {
    const result = await converted(docx(["Statement of purpose", SENTENCE]));
    expect(result).toMatchObject({ kind: "docx", pages: 1 });
    expect(result.text).toContain(SENTENCE);
  }, 60_000);
});

describe("files we refuse, with words an applicant can act on", () => {
  const refusal = async (bytes: Buffer) => {
    const result = await convertToPdf(bytes);
    return result.ok ? `converted as ${result.kind}` : result.message;
  };

  it("refuses a program renamed to .pdf", async () => {
    expect(await refusal(readFileSync("/bin/true"))).toBe(messages.fileUnsupported);
  });

  it("refuses an empty file", async () => {
    expect(await refusal(Buffer.alloc(0))).toBe(messages.fileUnsupported);
  });

  it("asks for .docx when given an old .doc or a password-protected Office file", async () => {
    const compoundFile = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(504)]);
    expect(await refusal(compoundFile)).toBe(messages.fileOldWord);
  });

  it("refuses a zip that only pretends to be a Word document", async () => {
    const zip = Buffer.from(zipSync({ "notes.txt": strToU8("not a document"), "[Content_Types].xml": strToU8("<Types/>") }));
    expect(await refusal(zip)).toBe(messages.fileNotWord);
  });

  it("refuses a Word document with macros", async () => {
    const parts = { ...docxParts([SENTENCE]), "word/vbaProject.bin": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) };
    expect(await refusal(Buffer.from(zipSync(parts)))).toBe(messages.fileWordMacros);
  });

  it("refuses a macro-enabled document renamed to .docx, even without its macros", async () => {
    const parts = docxParts([SENTENCE], "application/vnd.ms-word.document.macroEnabled.main+xml");
    expect(await refusal(Buffer.from(zipSync(parts)))).toBe(messages.fileWordMacros);
  });

  it("refuses a Word document of more than 500 parts", async () => {
    const parts = docxParts([SENTENCE]);
    for (let i = 0; i < 501; i++) parts[`word/media/part${i}.xml`] = strToU8("<x/>");
    expect(await refusal(Buffer.from(zipSync(parts)))).toBe(messages.fileWordTooBig);
  });

  it("refuses a Word document that would unpack to more than 20 MB", async () => {
    // 21 MB of zeros deflate to about 20 KB: the upload is small, what it unpacks to is not.
    const parts = { ...docxParts([SENTENCE]), "word/media/padding.bin": new Uint8Array(21 * 1024 * 1024) };
    const upload = Buffer.from(zipSync(parts, { level: 9 }));
    expect(upload.length).toBeLessThan(1024 * 1024);
    expect(await refusal(upload)).toBe(messages.fileWordTooBig);
  });

  it("refuses a damaged PDF", async () => {
    const pdf = Buffer.from(await (await pdfWithText([SENTENCE])).save());
    expect(await refusal(pdf.subarray(0, 400))).toBe(messages.filePdfDamaged);
    expect(await refusal(Buffer.from("%PDF-1.7\nthis is not really a PDF\n%%EOF\n"))).toBe(messages.filePdfDamaged);
  });

  it("refuses a damaged image", async () => {
    const image = png(40, 30, () => [10, 20, 30]);
    expect(await refusal(image.subarray(0, 60))).toBe(messages.fileImageDamaged);
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3]))).toBe(messages.fileImageDamaged);
  });
});
