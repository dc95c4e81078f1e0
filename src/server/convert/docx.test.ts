import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { messages } from "../../api-contract/messages";
import { checkDocx } from "./docx";
import { docx, docxParts } from "../../../tests/support/files";

const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function localHeader(zip: Buffer, name: string): number {
  for (let at = zip.indexOf(LOCAL_HEADER); at >= 0; at = zip.indexOf(LOCAL_HEADER, at + 1)) {
    if (zip.toString("latin1", at + 30, at + 30 + zip.readUInt16LE(at + 26)) === name) return at;
  }
  throw new Error(`no local header for ${name}`);
}

describe("which Word documents go to LibreOffice", () => {
  it("accepts an ordinary Word document", () => {
    expect(checkDocx(docx(["Hello"]))).toEqual({ ok: true });
  });

  it("accepts a document of exactly 500 parts", () => {
    const parts = docxParts(["Hello"]);
    for (let i = Object.keys(parts).length; i < 500; i++) parts[`word/media/part${i}.xml`] = strToU8("<x/>");
    expect(checkDocx(zipSync(parts))).toEqual({ ok: true });
  });

  it("calls a document cut off during upload damaged", () => {
    const whole = docx(["Hello"]);
    expect(checkDocx(whole.subarray(0, whole.length - 30))).toEqual({ ok: false, message: messages.fileWordDamaged });
  });

  it("asks for the password to be removed when the parts are encrypted", () => {
    const zip = docx(["Hello"]);
    const header = zip.indexOf(CENTRAL_HEADER);
    zip.writeUInt16LE(zip.readUInt16LE(header + 8) | 1, header + 8); // general purpose flag bit 0: encrypted
    expect(checkDocx(zip)).toEqual({ ok: false, message: messages.fileWordPassword });
  });

  it("refuses two parts with one name, which LibreOffice and we might read differently", () => {
    const parts = { ...docxParts(["Hello"]), "WORD/document.xml": strToU8("<w:document/>") };
    expect(checkDocx(zipSync(parts))).toEqual({ ok: false, message: messages.fileWordDamaged });
  });

  it("refuses a part whose local header names another file than the directory says", () => {
    const zip = docx(["Hello"]);
    const local = localHeader(zip, "word/document.xml");
    zip.write("X", local + 30 + "word/".length, "latin1"); // the name follows the 30-byte header
    expect(zip.toString("latin1", local + 30, local + 47)).toBe("word/Xocument.xml");
    expect(checkDocx(zip)).toEqual({ ok: false, message: messages.fileWordDamaged });
  });

  it("does not unpack more than a megabyte of [Content_Types].xml to look for macros", () => {
    const parts = docxParts(["Hello"]);
    const types = new TextDecoder().decode(parts["[Content_Types].xml"] as Uint8Array);
    parts["[Content_Types].xml"] = strToU8(types.replace("<Types", `${" ".repeat(2 * 1024 * 1024)}<Types`));
    expect(checkDocx(zipSync(parts))).toEqual({ ok: false, message: messages.fileWordDamaged });
  });

  it("refuses Excel and PowerPoint files", () => {
    const workbook = { "[Content_Types].xml": strToU8("<Types/>"), "xl/workbook.xml": strToU8("<workbook/>") };
    expect(checkDocx(zipSync(workbook))).toEqual({ ok: false, message: messages.fileNotWord });
  });
});
