// The limits an office sets in institution.json (uploads, the essay's length) are checked like any
// other setting: only what the server can honour passes. So is the checklist: the keys its
// conditions read and the uploads it waits for.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const institutionWith = (change: (institution: Record<string, unknown>) => void) => {
  const file = JSON.parse(readFileSync(join(base, "form-definitions/institution.json"), "utf8")) as { institution: Record<string, unknown> };
  change(file.institution);
  return { "form-definitions/institution.json": file };
};

describe("the institution's limits", () => {
  it("refuses an upload type the converter cannot read, and an upload size above 10 MB", () => {
    const lines = lint(fixture(institutionWith((institution) => (institution.uploads = { max_size_mb: 20, types: [".pdf", ".gif"] }))));
    expect(lines).toEqual([
      "form-definitions/institution.json:16:7: must be 10 or less (/institution/uploads/max_size_mb)",
      'form-definitions/institution.json:19:9: ".gif" is not one of ".png", ".jpg", ".jpeg", ".pdf", ".docx" (/institution/uploads/types/1)',
    ]);
  });
});

describe("the checklist", () => {
  it("refuses a condition on a key no page asks for, and a document that is not a file question", () => {
    const lines = lint(fixture(institutionWith((institution) => (institution.checklist = [
      { id: "english_test", label: "English test report", showWhen: { key: "citizenship_su", op: "equals", value: "N" } },
      { id: "essay", label: "Essay", document: "essay" },
      { id: "essay_doc", label: "Essay document", document: "essay_doc", showWhen: { key: "citizenship_us", op: "equals", value: "No" } },
    ]))));
    expect(lines).toEqual([
      `form-definitions/institution.json:47:9: checklist item "essay" waits for the upload of "essay", a textarea question on page "about"; name a file question's key (/institution/checklist/1/document)`,
      "form-definitions/institution.json:39:11: condition reads \"citizenship_su\", which no page asks for and is not in the data model; did you mean `citizenship_us`? (/institution/checklist/0/showWhen/key)",
      'form-definitions/institution.json:56:11: "No" is not an option of "citizenship_us"; options offer `Y`, `N` (/institution/checklist/2/showWhen/value)',
    ]);
  });

  it("takes the shipped kind of checklist", () => {
    const lines = lint(fixture(institutionWith((institution) => (institution.checklist = [
      { id: "transcript", label: "Official transcript", help: "Ask your school to send it." },
      { id: "essay_doc", label: "Essay document", document: "essay_doc", showWhen: { key: "citizenship_us", op: "equals", value: "N" } },
    ]))));
    expect(lines).toEqual([]);
  });
});

