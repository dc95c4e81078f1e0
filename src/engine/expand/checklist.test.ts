import { describe, expect, it } from "vitest";
import type { ChecklistItem, Item } from "../generated/definition-format";
import { expandPages, page, select, text } from "./testing";

const resume: Item = { type: "file", key: "resume_pdf", label: "Resume" };
const expandChecklist = (checklist: ChecklistItem[], settings = {}) =>
  expandPages({ "about.json": page("about", 1, [select("citizenship_us"), text("first_name"), resume]) }, {}, { checklist, ...settings });
const transcript = { id: "transcript", label: "Official transcript" };

describe("the institution's checklist", () => {
  it("lists every item, in its order, with a condition only where one is written", () => {
    const english = { id: "english_test", label: "English test report", showWhen: { key: "citizenship_us", op: "equals", value: "N" } } as const;
    const { checklist, findings } = expandChecklist([{ ...transcript, help: "Ask your school to send it." }, { id: "resume", label: "Resume", document: "resume_pdf" }, english]);
    expect(findings).toEqual([]);
    expect(checklist.map(({ id, help, document, condition }) => ({ id, help, document, conditional: Boolean(condition) }))).toEqual([
      { id: "transcript", help: "Ask your school to send it.", document: undefined, conditional: false },
      { id: "resume", help: undefined, document: "resume_pdf", conditional: false },
      { id: "english_test", help: undefined, document: undefined, conditional: true },
    ]);
    expect([checklist[2]!.condition!.test({ citizenship_us: "N" }), checklist[2]!.condition!.test({ citizenship_us: "Y" })]).toEqual([true, false]);
  });

  it("keeps a hideWhen as its opposite, and reads { cycleTerm: true } as the cycle's term", () => {
    const cycle = { term: "FA26", termLabel: "Fall 2026", opens: "2026-08-01" };
    const { checklist } = expandChecklist([{ ...transcript, hideWhen: { key: "first_name", op: "equals", value: { cycleTerm: true } } }], { cycle });
    expect([checklist[0]!.condition!.test({ first_name: "FA26" }), checklist[0]!.condition!.test({ first_name: "SP27" })]).toEqual([false, true]);
  });

  it("lists the keys its conditions read for the linter, where they are written", () => {
    const { references } = expandChecklist([{ ...transcript, showWhen: { all: [{ key: "citizenship_us", op: "equals", value: "N" }, { key: "toefl", op: "answered" }] } }]);
    expect(references.filter((r) => r.source.file === "institution.json")).toEqual([
      { key: "citizenship_us", kind: "condition", source: { file: "institution.json", pointer: "/institution/checklist/0/showWhen/all/0" }, comparison: { key: "citizenship_us", op: "equals", value: "N" } },
      { key: "toefl", kind: "condition", source: { file: "institution.json", pointer: "/institution/checklist/0/showWhen/all/1" }, comparison: { key: "toefl", op: "answered" } },
    ]);
  });

  it("refuses a document that is not a file question, an id listed twice, and both conditions", () => {
    const { findings } = expandChecklist([
      { id: "resume", label: "Resume", document: "first_name" },
      { id: "resume", label: "Resume again", document: "resume" },
      { ...transcript, showWhen: { key: "first_name", op: "answered" }, hideWhen: { key: "first_name", op: "notAnswered" } },
    ]);
    expect(findings.map(({ code, message, source }) => [code, message, source.pointer])).toEqual([
      ["checklist-document", `checklist item "resume" waits for the upload of "first_name", a text question on page "about"; name a file question's key`, "/institution/checklist/0/document"],
      ["duplicate-id", `checklist item "resume" is listed twice (first at /institution/checklist/0/id); give each item an id of its own`, "/institution/checklist/1/id"],
      ["checklist-document", `checklist item "resume" waits for the upload of "resume", which no page asks for; name a file question's key`, "/institution/checklist/1/document"],
      ["both-conditions", "a checklist item takes hideWhen or showWhen, not both", "/institution/checklist/2"],
    ]);
  });

  it("keeps the file of an item the applicant uploads under the item's own id", () => {
    const { checklist, findings } = expandChecklist([{ ...transcript, upload: true }]);
    expect(findings).toEqual([]);
    expect(checklist[0]!.document).toBe("transcript");
  });

  it("refuses an upload item that also names a document, or whose id is a question's key", () => {
    const { findings } = expandChecklist([
      { ...transcript, upload: true, document: "resume_pdf" },
      { id: "first_name", label: "Name card", upload: true },
    ]);
    expect(findings.map(({ code, message, source }) => [code, message, source.pointer])).toEqual([
      ["checklist-document", `checklist item "transcript" takes "upload" or "document", not both: a document item's upload is its question's already`, "/institution/checklist/0/upload"],
      ["checklist-document", `checklist item "first_name" keeps its upload under its id, which is also the key of a question on page "about"; give the item another id`, "/institution/checklist/1/id"],
    ]);
  });
});
