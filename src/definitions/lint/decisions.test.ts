// The decisions (form-definitions/decisions.json) as the linter reads them: a bad code, a code
// listed twice, a placeholder no letter is filled with, {{respond_by}} without a day to answer
// by, and a day that is no day, each named at its line; the shipped kind passes.
import { afterEach, describe, expect, it } from "vitest";
import { fixture, lint, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const decisions = (list: object[]) => ({ "form-definitions/decisions.json": { $schema: "../schemas/form-definition.schema.json", decisions: list } });
const admit = { code: "admit", label: "Admit", respondBy: "2027-05-01", letter: ["Dear {{first_name}},", "", "Welcome to {{term}}. Reply by {{respond_by}}."] };

describe("the decisions", () => {
  it("takes the shipped kind: codes, labels, Markdown letters with their placeholders, a day to answer by", () => {
    expect(lint(fixture(decisions([admit, { code: "deny", label: "Deny", letter: ["Dear {{ first_name }}, we are sorry ({{reference}})."] }])))).toEqual([]);
  });

  it("refuses a bad code and a day that is no day, saying what to write", () => {
    const lines = lint(fixture(decisions([{ ...admit, code: "Admit!" }, { code: "waitlist", label: "Waitlist", respondBy: "2027-02-30", letter: ["Wait."] }])));
    expect(lines).toEqual([
      'form-definitions/decisions.json:5:7: "Admit!" must be lower-case letters, digits and _, starting with a letter: write "admit" (/decisions/0/code)',
      'form-definitions/decisions.json:17:7: "2027-02-30" is not a date: write dates as YYYY-MM-DD, e.g. 2026-11-01 (/decisions/1/respondBy)',
    ]);
  });

  it("refuses a code listed twice, a placeholder no letter is filled with, and {{respond_by}} without respondBy", () => {
    const lines = lint(fixture(decisions([
      admit,
      { ...admit, label: "Admit again" },
      { code: "deny", label: "Deny", letter: ["Dear {{firstname}},", "Reply by {{respond_by}}."] },
    ])));
    expect(lines).toEqual([
      'form-definitions/decisions.json:15:7: decision "admit" is listed twice (first at /decisions/0/code); give each decision a code of its own (/decisions/1/code)',
      'form-definitions/decisions.json:28:9: the letter of "deny" names {{firstname}}, which no letter is filled with; use {{first_name}}, {{last_name}}, {{reference}}, {{term}}, {{respond_by}} (/decisions/2/letter/0)',
      'form-definitions/decisions.json:29:9: the letter of "deny" names {{respond_by}}, but "deny" has no "respondBy" day; add one, or take the placeholder out (/decisions/2/letter/1)',
    ]);
  });
});
