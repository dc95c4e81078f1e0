// The checks before a document is sent (spec: application-form §5 file upload) and how its size
// is written (§9: without decimals and without a space).
import { describe, expect, test } from "vitest";
import { checkFile, formatFileSize } from "./documents";

const fileOf = (name: string, size: number) => ({ name, size });

describe("checking a file", () => {
  test.each(["resume.png", "resume.jpeg", "resume.jpg", "resume.pdf", "resume.docx", "RESUME.PDF"])("%s of 1 MB passes", (name) => {
    expect(checkFile(fileOf(name, 1024 * 1024))).toMatchObject({ ok: true });
  });

  test("a name of exactly 32 characters passes; 33 does not", () => {
    expect(checkFile(fileOf(`${"a".repeat(28)}.pdf`, 10))).toMatchObject({ ok: true });
    expect(checkFile(fileOf(`${"a".repeat(29)}.pdf`, 10))).toMatchObject({ ok: false, errors: [{ code: "nameTooLong" }] });
  });

  test("a .doc, a .gif and a name without an extension are the wrong type", () => {
    for (const name of ["resume.doc", "resume.gif", "resume", "resume.pdf.exe"]) {
      expect(checkFile(fileOf(name, 10)), name).toMatchObject({ ok: false, errors: [{ code: "wrongType" }] });
    }
  });

  test("every broken rule is reported, in the spec's order", () => {
    const check = checkFile(fileOf("a-name-that-is-far-too-long-for-us.gif", 1024 * 1024 + 1));
    expect(check.ok ? [] : check.errors.map((e) => e.code)).toEqual(["tooLarge", "wrongType", "nameTooLong"]);
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
