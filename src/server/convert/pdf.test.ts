import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { messages } from "../../api-contract/messages";
import { convertToPdf } from "./index";
import { pdfWithText, textOf } from "../../../tests/support/files";

const SENTENCE = "My transcript shows every course I took.";

/** A PDF that does things when opened: the tricks a hostile upload could try on a reviewer. */
async function activePdf(): Promise<Buffer> {
  const doc = await pdfWithText([SENTENCE]);
  const { context } = doc;
  const script = (code: string) => context.obj({ S: "JavaScript", JS: PDFString.of(code) });
  doc.catalog.set(PDFName.of("OpenAction"), context.register(script("app.alert('opened')")));
  doc.catalog.set(PDFName.of("Names"), context.obj({ JavaScript: { Names: [PDFString.of("hello"), context.register(script("app.alert('named')"))] } }));
  const page = doc.getPage(0);
  page.node.set(PDFName.of("AA"), context.obj({ O: script("app.alert('page')") }));
  const embeddedFile = context.register(context.stream("MZ-PAYLOAD-BYTES", { Type: "EmbeddedFile" }));
  const annotations = [
    { Type: "Annot", Subtype: "Link", Rect: [50, 700, 200, 720], A: { S: "Launch", F: PDFString.of("calc.exe") } },
    { Type: "Annot", Subtype: "Link", Rect: [50, 650, 200, 670], A: context.register(script("app.alert('link')")) },
    { Type: "Annot", Subtype: "Link", Rect: [50, 600, 200, 620], A: { S: "URI", URI: PDFString.of("https://admissions.invalid/apply") } },
    { Type: "Annot", Subtype: "Link", Rect: [50, 580, 200, 595], A: { S: "URI", URI: PDFString.of("javascript:app.alert('uri')") } },
    { Type: "Annot", Subtype: "FileAttachment", Rect: [50, 550, 70, 570], FS: { Type: "Filespec", F: PDFString.of("run.exe"), EF: { F: embeddedFile } } },
  ];
  page.node.set(PDFName.of("Annots"), context.obj(annotations.map((annotation) => context.register(context.obj(annotation)))));
  return Buffer.from(await doc.save());
}

/** Everything in the file, in PDF syntax, as a reader would parse it. */
async function objectsOf(pdf: Buffer): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object.toString())
    .join("\n");
}

describe("a PDF upload, rewritten", () => {
  it("loses its scripts, launch actions and attachments but keeps its text and web links", async () => {
    const upload = await activePdf();
    expect(await objectsOf(upload)).toContain("/JavaScript");
    const result = await convertToPdf(upload);
    if (!result.ok) throw new Error(result.message);
    const objects = await objectsOf(result.pdf);
    for (const gone of ["/JavaScript", "/JS", "javascript:", "/Launch", "calc.exe", "/OpenAction", "/AA", "/FileAttachment", "MZ-PAYLOAD", "run.exe"]) {
      expect([gone, objects.includes(gone)]).toEqual([gone, false]);
    }
    expect(objects).toContain("admissions.invalid/apply");
    expect(await textOf(result.pdf)).toContain(SENTENCE);
  });

  it("asks for a copy without a password when the PDF is encrypted", async () => {
    const doc = await pdfWithText([SENTENCE]);
    // What a password-protected PDF declares in its trailer (PDF 1.7, section 7.6).
    doc.context.trailerInfo.Encrypt = doc.context.obj({ Filter: "Standard", V: 2, R: 3, Length: 128, P: -4 });
    const result = await convertToPdf(Buffer.from(await doc.save({ useObjectStreams: false })));
    expect(result).toEqual({ ok: false, message: messages.filePdfPassword });
  });

  it("refuses a PDF without pages", async () => {
    const doc = await PDFDocument.create();
    const result = await convertToPdf(Buffer.from(await doc.save({ addDefaultPage: false })));
    expect(result).toEqual({ ok: false, message: messages.filePdfDamaged });
  });
});
