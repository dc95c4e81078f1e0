// The limits an office sets in institution.json (uploads, the essay's length) are checked like any
// other setting: only what the server can honour passes.
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
