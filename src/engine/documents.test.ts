// The checks before a document is sent and how its size is written (without decimals and without
// a space).
import { describe, expect, test } from "vitest";
import { checkFile, fileMessages, formatFileSize, uploadsHint, type UploadSettings } from "./documents";

const fileOf = (name: string, size: number) => ({ name, size });
/** The spec's settings, kept here so an office's edit of institution.json leaves these tests alone. */
const uploads: UploadSettings = { max_size_mb: 1, types: [".png", ".jpeg", ".jpg", ".pdf", ".docx"] };

describe("checking a file", () => {
  test.each(["resume.png", "resume.jpeg", "resume.jpg", "resume.pdf", "resume.docx", "RESUME.PDF"])("%s of 1 MB passes", (name) => {
    expect(checkFile(fileOf(name, 1024 * 1024), uploads)).toMatchObject({ ok: true });
  });

  test("a name of exactly 32 characters passes; 33 does not", () => {
    expect(checkFile(fileOf(`${"a".repeat(28)}.pdf`, 10), uploads)).toMatchObject({ ok: true });
    expect(checkFile(fileOf(`${"a".repeat(29)}.pdf`, 10), uploads)).toMatchObject({ ok: false, errors: [{ code: "nameTooLong" }] });
  });

  test("a .doc, a .gif and a name without an extension are the wrong type", () => {
    for (const name of ["resume.doc", "resume.gif", "resume", "resume.pdf.exe"]) {
      expect(checkFile(fileOf(name, 10), uploads), name).toMatchObject({ ok: false, errors: [{ code: "wrongType" }] });
    }
  });

  test("every broken rule is reported, in the spec's order", () => {
    const check = checkFile(fileOf("a-name-that-is-far-too-long-for-us.gif", 1024 * 1024 + 1), uploads);
    expect(check.ok ? [] : check.errors.map((e) => e.code)).toEqual(["tooLarge", "wrongType", "nameTooLong"]);
  });
});

describe("the institution's uploads (institution.json) decide the size and the types", () => {
  const office: UploadSettings = { max_size_mb: 2.5, types: [".pdf", ".docx"] };

  test("a file up to max_size_mb passes, one byte more does not, and the message names the size", () => {
    expect(checkFile(fileOf("essay.pdf", 2.5 * 1024 * 1024), office)).toMatchObject({ ok: true });
    expect(checkFile(fileOf("essay.pdf", 2.5 * 1024 * 1024 + 1), office)).toEqual({
      ok: false, errors: [{ code: "tooLarge", message: "Your file is too large. The maximum file size is 2.5 MB." }],
    });
  });

  test("a type left out of types is refused, and the message lists the types taken", () => {
    expect(checkFile(fileOf("photo.png", 10), office)).toEqual({
      ok: false, errors: [{ code: "wrongType", message: "You can only enter the following file types: .pdf, .docx" }],
    });
  });

  test("a file question without help of its own says what the office takes", () => {
    expect(uploadsHint(office)).toBe("A .pdf or .docx file of 2.5 MB or less.");
    expect(uploadsHint({ max_size_mb: 1, types: [".pdf"] })).toBe("A .pdf file of 1 MB or less.");
  });

  test("the spec's settings give the spec's messages", () => {
    expect(fileMessages(uploads).tooLarge).toBe("Your file is too large. The maximum file size is 1 MB.");
    expect(fileMessages(uploads).wrongType).toBe("You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx");
  });
});

describe("the size of a stored document", () => {
  test.each([
    [0, "0B"],
    [800, "800B"],
    [1023, "1023B"],
    [1024, "1KB"],
    [1536, "2KB"],
    [524288, "512KB"],
    [1048000, "1023KB"],
    [1048500, "1MB"],
    [1048576, "1MB"],
    [3 * 1024 * 1024 + 100, "3MB"],
  ])("%i bytes: %s", (bytes, written) => {
    expect(formatFileSize(bytes)).toBe(written);
  });
});
