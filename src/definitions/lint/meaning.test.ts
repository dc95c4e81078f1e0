import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { base, basePage, fixture, lint, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

const institution = JSON.parse(readFileSync(join(base, "form-definitions/institution.json"), "utf8")) as { institution: object };
const withInstitution = (settings: object) => ({ "form-definitions/institution.json": { ...institution, institution: { ...institution.institution, ...settings } } });
const yesNo = (options: object[]) => ({ "form-definitions/options/yes-no.json": { $schema: "../../schemas/form-definition.schema.json", options } });

describe("what the definitions mean", () => {
  it("refuses a banner that ends before it starts", async () => {
    const lines = lint(fixture(withInstitution({ banner: { from: "2026-10-15", to: "2026-10-01", text: "Apply by November 1." } })));
    expect(lines).toEqual([
      'form-definitions/institution.json:36:7: the banner ends on 2026-10-01 ("to"), before it starts on 2026-10-15 ("from"), so it never shows: write a "to" on or after 2026-10-15 (/institution/banner/to)',
    ]);
  });

  it("accepts a banner of one day", async () => {
    expect(lint(fixture(withInstitution({ banner: { from: "2026-10-15", to: "2026-10-15", text: "Apply today." } })))).toEqual([]);
  });

  it("refuses an option label longer than the data model stores for the answer's label", async () => {
    const lines = lint(fixture(yesNo([{ value: "Y", label: "Yes, ".repeat(41).trim() }, { value: "N", label: "No" }])));
    expect(lines).toEqual([
      `form-definitions/options/yes-no.json:6:7: this label has 204 characters, but the data model keeps at most 200 for "citizenship_us_desc", where the label of "citizenship_us"'s answer is stored: an applicant who chooses it is refused with an error they cannot fix; shorten it to 200 characters, or raise "maxLength" of "citizenship_us_desc" in schemas/answers.schema.json (/options/0/label)`,
    ]);
  });

  it("refuses an option code longer than the data model stores for the answer", async () => {
    const lines = lint(fixture({
      ...yesNo([{ value: "Y", label: "Yes" }, { value: "NO", label: "No" }]),
      ...page((items) => [...items.slice(0, 2), { ...items[2]!, showWhen: { key: "citizenship_us", op: "equals", value: "NO" } }, ...items.slice(3)]),
    }));
    expect(lines).toEqual([
      'form-definitions/options/yes-no.json:9:7: this code has 2 characters, but the data model keeps at most 1 for "citizenship_us": an applicant who chooses it is refused with an error they cannot fix; shorten it to 1 character, or raise "maxLength" of "citizenship_us" in schemas/answers.schema.json (/options/1/value)',
    ]);
  });

  it("warns of an emoji the PDF copy's font cannot print", async () => {
    const lines = lint(fixture(page((items) => [{ ...items[0]!, label: "First Name 🎓" }, ...items.slice(1)])));
    expect(lines).toEqual([
      'form-definitions/page.json:11:7: warning: the PDF copy cannot print "🎓": its font, DejaVu Sans, has no such character, and prints an empty box instead; leave it out, or say it in words (/items/0/label)',
    ]);
  });

  it("prints what the PDF copy's font draws without a word: accents, curly quotes, a tick, a smiley", async () => {
    expect(lint(fixture(page((items) => [{ ...items[0]!, label: "Prénom ‘officiel’ ✓ ☺ 😀" }, ...items.slice(1)])))).toEqual([]);
  });

  it("warns of a letter the cover page's font cannot print in the institution's name", async () => {
    const lines = lint(fixture(withInstitution({ name: "Łódź College" })));
    expect(lines).toEqual([
      'form-definitions/institution.json:4:5: warning: the PDF copy\'s cover page cannot print "Ł", "ź": its font, Helvetica, has no such character, and prints the letter without its accent, or "?", instead; the pages after the cover print it as written (/institution/name)',
    ]);
  });

  it("warns of a condition whose question moved to a later page while its follow-up stayed, naming both places", async () => {
    const more = { $schema: "../schemas/form-definition.schema.json", page: "more", route: "/more", title: "More", step: 2, items: [basePage.items[1]] };
    const lines = lint(fixture({ ...page((items) => [items[0]!, ...items.slice(2)]), "form-definitions/more.json": more }));
    expect(lines).toEqual([
      'form-definitions/page.json:15:7: warning: condition reads "citizenship_us", which is asked on a later page, "more" (form-definitions/more.json:10:7): on page "about" applicants meet it before they answer "citizenship_us"; move this item to page "more" too, or move the question back to page "about" (/items/1/showWhen)',
    ]);
  });
});
