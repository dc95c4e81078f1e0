// The changes between two definition versions, classed, in words: each of staff's mid-cycle edits
// that once linted clean and then blocked applicants who had answered (issue 37) is named.
import { describe, expect, it } from "vitest";
import type { FormFiles, Item } from "../engine/runtime";
import { itemAsking } from "../../tests/support/definitions";
import { readProject } from "./files";
import { touched, versionChanges, type AnswerTally } from "./version-changes";
import { comparedVersion } from "./version-file";

const TODAY = "2026-10-02";
const compared = (files: FormFiles) => comparedVersion(files, TODAY);
const shipped = () => structuredClone(readProject().form);

describe("versionChanges", () => {
  const before = compared(shipped());

  it("finds nothing between a version and itself", () => {
    expect(versionChanges(before, compared(shipped()), TODAY)).toEqual([]);
  });

  it("names each edit staff make mid-cycle, with its class and what to count", () => {
    const files = shipped();
    const majors = files.optionLists["options/majors.json"]!.options!;
    const [renamed, removed] = [majors[1]!, majors[2]!];
    const oldCode = renamed.value;
    renamed.value = `${oldCode}X`;
    majors.splice(2, 1);
    const conviction = itemAsking(files, "conviction");
    const oldWording = conviction.label!;
    conviction.label = `${oldWording} (reworded)`;
    const limit = files.institution.institution.character_limit;
    files.institution.institution.character_limit = limit - 2000;
    const middle = itemAsking(files, "middle_name");
    for (const page of Object.values(files.pages)) {
      const drop = (items: Item[]): Item[] => items.filter((item) => item !== middle).map((item) => {
        const inner = item as { items?: Item[] };
        return inner.items ? ({ ...item, items: drop(inner.items) } as Item) : item;
      });
      page.items = drop(page.items);
    }
    const changes = versionChanges(before, compared(files), TODAY);
    const major = `"${itemAsking(files, "applied_major").label}" (applied_major)`;
    expect(changes).toEqual(expect.arrayContaining([
      { class: "needs applicants", text: `Option "${renamed.label}" (${oldCode}) removed from ${major}`, count: { kind: "chose", key: "applied_major", value: oldCode } },
      { class: "safe", text: `Option "${renamed.label}" (${oldCode}X) added to ${major}` },
      { class: "needs applicants", text: `Option "${removed.label}" (${removed.value}) removed from ${major}`, count: { kind: "chose", key: "applied_major", value: removed.value } },
      expect.objectContaining({ text: `Option "${removed.label}" (${removed.value}) removed from "${itemAsking(files, "applied_major_2").label}" (applied_major_2)` }),
      { class: "needs applicants", text: `Question conviction reworded: "${oldWording}" → "${oldWording} (reworded)"`, count: { kind: "answered", key: "conviction" } },
      {
        class: "needs applicants", text: `Limit of "${itemAsking(files, "personal_statement_essay").label}" (personal_statement_essay) lowered from ${limit} to ${limit - 2000} characters`,
        count: { kind: "longer", key: "personal_statement_essay", limit: limit - 2000 },
      },
      expect.objectContaining({ class: "needs applicants", text: expect.stringMatching(/^Question ".+" \(middle_name\) removed from /), count: { kind: "answered", key: "middle_name" } }),
    ]));
    expect(changes.filter((change) => change.class === "breaking")).toEqual([]);
  });

  it("names the entry terms a cycle rolled over removes while this cycle's deadlines are open", () => {
    const files = shipped();
    const cycle = files.institution.institution.cycle!;
    const oldTerm = cycle.term;
    const next = cycle.laterTerms![1]!;
    cycle.term = next.value;
    cycle.termLabel = next.label;
    cycle.laterTerms = [];
    const changes = versionChanges(before, compared(files), TODAY);
    expect(changes).toContainEqual(expect.objectContaining({
      class: "needs applicants", text: expect.stringMatching(new RegExp(`^Option ".+" \\(${oldTerm}\\) removed from ".+" \\(entry_term\\)$`)),
      count: { kind: "chose", key: "entry_term", value: oldTerm },
    }));
  });

  it("calls an answer key given to another kind of question breaking, and a new optional question safe", () => {
    const files = shipped();
    const middle = itemAsking(files, "middle_name");
    middle.type = "textarea";
    const changes = versionChanges(before, compared(files), TODAY);
    expect(changes).toEqual([{ class: "breaking", text: "Answer key middle_name now belongs to a textarea question, not a text one", count: { kind: "answered", key: "middle_name" } }]);
  });
});

describe("touched", () => {
  const tally: AnswerTally = {
    applications: { in_progress: 10, submitted: 4 },
    answered: { essay: { in_progress: 6, submitted: 4 } },
    chose: { major: { BIOL: { in_progress: 3, submitted: 1 } } },
    lengths: { essay: { "100": { in_progress: 2, submitted: 1 }, "500": { in_progress: 3, submitted: 2 }, "501": { in_progress: 1, submitted: 1 } } },
  };

  it("counts the applications each kind of change touches from the tally alone", () => {
    expect(touched(tally, { kind: "answered", key: "essay" })).toEqual({ in_progress: 6, submitted: 4 });
    expect(touched(tally, { kind: "chose", key: "major", value: "BIOL" })).toEqual({ in_progress: 3, submitted: 1 });
    expect(touched(tally, { kind: "chose", key: "major", value: "CHEM" })).toEqual({ in_progress: 0, submitted: 0 });
    // Longer than the new limit: 500 characters is within a limit of 500.
    expect(touched(tally, { kind: "longer", key: "essay", limit: 500 })).toEqual({ in_progress: 1, submitted: 1 });
    expect(touched(tally, { kind: "longer", key: "essay", limit: 99 })).toEqual({ in_progress: 6, submitted: 4 });
    // A newly required question: only applications in progress can still answer it.
    expect(touched(tally, { kind: "unanswered", key: "essay" })).toEqual({ in_progress: 4, submitted: 0 });
    expect(touched(tally, { kind: "unanswered", key: "nickname" })).toEqual({ in_progress: 10, submitted: 0 });
  });
});
