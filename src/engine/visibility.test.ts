import { beforeAll, describe, expect, it } from "vitest";
import { readProject } from "../definitions/files";
import { expandDefinitions } from "./expand";
import { evaluateAnswers, type CompiledForm } from "./form";
import { loadForm } from "./load";
import type { FormFiles } from "./types";
import { evaluate } from "./visibility";

let form: CompiledForm;
let files: FormFiles;
beforeAll(async () => {
  files = readProject().form;
  form = loadForm(files, { today: "2026-11-22" });
});

describe("conditional display and clearing", () => {
  it("shows the mailing address only when it differs, and clears it (with its labels) when it no longer does", () => {
    const mailing = { mailing_addr_same_as_perm_addr: "N", mailing_country: "USA", mailing_country_desc: "United States", mailing_city: "Erie", mailing_state: "PA", mailing_state_desc: "Pennsylvania" };
    const shown = evaluateAnswers(form, mailing);
    expect(shown.cleared).toEqual([]);
    expect(shown.isShown("mailing_city")).toBe(true);

    const same = evaluateAnswers(form, { ...mailing, mailing_addr_same_as_perm_addr: "Y" });
    expect(same.cleared).toEqual(["mailing_city", "mailing_country", "mailing_country_desc", "mailing_state", "mailing_state_desc"]);
    expect(same.answers).toMatchObject({ mailing_city: "", mailing_country_desc: "", mailing_addr_same_as_perm_addr: "Y" });
    expect(same.isShown("mailing_city")).toBe(false);
  });

  it("leaves the answers it was given untouched and returns cleared copies", () => {
    const answers = { former_names: "N", former_last_name: "Smith" };
    const evaluation = evaluateAnswers(form, answers);
    expect(answers.former_last_name).toBe("Smith");
    expect(evaluation.answers.former_last_name).toBe("");
    expect(evaluation.cleared).toEqual(["former_last_name"]);
  });

  it("clears answers in nested sections when an outer answer changes", () => {
    const dual = { citizenship_us: "Y", citizenship_us_type: "1", citizenship_us_type_desc: "U.S. citizen by birth", citizenship_us_dual: "Y", citizenship_us_dual_desc: "Yes", citizenship_country_dual_us: "CAN", citizenship_country_dual_us_desc: "Canada" };
    expect(evaluateAnswers(form, dual).cleared).toEqual([]);
    expect(evaluateAnswers(form, { ...dual, citizenship_us_type: "2" }).cleared).toEqual([
      "citizenship_country_dual_us", "citizenship_country_dual_us_desc", "citizenship_us_dual", "citizenship_us_dual_desc",
    ]);
    expect(evaluateAnswers(form, { ...dual, citizenship_us: "N" }).cleared).toEqual([
      "citizenship_country_dual_us", "citizenship_country_dual_us_desc", "citizenship_us_dual", "citizenship_us_dual_desc",
      "citizenship_us_type", "citizenship_us_type_desc",
    ]);
  });

  it("clears a question on another page whose condition read an answer that was cleared", () => {
    const international = { citizenship_us: "N", citizenship_non_us_type: "3", citizenship: "FRA", first_time_student: "Y", first_time_student_desc: "Yes" };
    expect(evaluateAnswers(form, international).isShown("first_time_student")).toBe(true);
    const citizen = evaluateAnswers(form, { ...international, citizenship_us: "Y" });
    expect(citizen.cleared).toEqual(["citizenship", "citizenship_non_us_type", "first_time_student", "first_time_student_desc"]);
    expect(citizen.isShown("first_time_student")).toBe(false);
  });

  it("shows the international test scores and international aid only to applicants who are not U.S. citizens", () => {
    const scores = { toefl_score: "100", financial_aid_intl: "Y", financial_aid: "" };
    const notCitizen = evaluateAnswers(form, { citizenship_us: "N", ...scores });
    expect(["toefl_score", "ielts_score", "duolingo_score", "financial_aid_intl"].map(notCitizen.isShown)).toEqual([true, true, true, true]);
    expect(notCitizen.isShown("financial_aid")).toBe(false);
    const citizen = evaluateAnswers(form, { citizenship_us: "Y", ...scores });
    expect(citizen.cleared).toEqual(["financial_aid_intl", "toefl_score"]);
    expect(citizen.isShown("financial_aid")).toBe(true);
  });

  it("shows the decision plan and agreement for the cycle's term only", () => {
    const { term, laterTerms } = form.institution.cycle!;
    const early = { entry_term: term, decision_type: "ED1", early_decision_agree: true };
    expect(evaluateAnswers(form, early).cleared).toEqual([]);
    expect(evaluateAnswers(form, { ...early, decision_type: "RD" }).cleared).toEqual(["early_decision_agree"]);
    expect(evaluateAnswers(form, { ...early, entry_term: laterTerms![0]!.value }).cleared).toEqual(["decision_type", "early_decision_agree"]);
  });
});

describe("add-another blocks", () => {
  it("counts blocks from the answers when no count is saved", () => {
    const evaluation = evaluateAnswers(form, { sibling_3_first_name: "Lee" });
    expect(evaluation.blocks).toMatchObject({ siblings: 3, parents: 1, high_schools: 1, activities: 1 });
    expect(evaluation.isShown("sibling_3_age")).toBe(true);
    expect(evaluation.isShown("sibling_4_age")).toBe(false);
  });

  it("clears the answers of blocks beyond the saved count", () => {
    const evaluation = evaluateAnswers(form, { parent_living: "1", parent_first_name: "Ana", parent_2_living: "1", parent_2_first_name: "Luis" }, { blocks: { parents: 1 } });
    expect(evaluation.cleared).toEqual(["parent_2_first_name", "parent_2_living"]);
  });

  it("keeps a saved count between 1 and the group's max", () => {
    expect(evaluateAnswers(form, {}, { blocks: { siblings: 40, parents: 0 } }).blocks).toMatchObject({ siblings: 4, parents: 1 });
  });

  it("applies a condition inside a block to that block only", () => {
    const parents = { parent_living: "1", parent_first_name: "Ana", parent_2_living: "2", parent_2_first_name: "Luis" };
    const evaluation = evaluateAnswers(form, parents, { blocks: { parents: 2 } });
    expect(evaluation.cleared).toEqual(["parent_2_first_name"]);
    expect(evaluation.isShown("parent_first_name")).toBe(true);
    expect(evaluation.isShown("parent_2_first_name")).toBe(false);
  });

  it("applies conditions inside an address inside a block to that block's address", () => {
    const evaluation = evaluateAnswers(form, { parent_2_living: "1", parent_2_addr_same_as_stu_perm: "N", parent_2_country: "GBR", parent_2_state: "PA" }, { blocks: { parents: 2 } });
    expect(evaluation.cleared).toEqual(["parent_2_state"]);
    expect(evaluation.isShown("parent_2_city")).toBe(true);
  });
});

describe("tab groups", () => {
  it("does not show a tab that is not chosen, but keeps its answers", () => {
    const evaluation = evaluateAnswers(form, { personal_statement_essay: "My story" }, { tabs: { personal_statement: "upload" } });
    expect(evaluation.isShown("personal_statement_essay")).toBe(false);
    expect(evaluation.isShown("personal_statement_doc")).toBe(true);
    expect(evaluation.cleared).toEqual([]);
  });

  it("clears the listed answers of the tab the applicant switches away from", () => {
    const evaluation = evaluateAnswers(form, { personal_statement_essay: "My story" }, {
      tabs: { personal_statement: "upload" },
      previousTabs: { personal_statement: "write" },
    });
    expect(evaluation.cleared).toEqual(["personal_statement_essay"]);
  });

  it("chooses the tab that holds answers when no choice is saved, else the default", () => {
    expect(evaluateAnswers(form, { personal_statement_doc: "ANSWERED" }).tabs.personal_statement).toBe("upload");
    expect(evaluateAnswers(form, {}).tabs.personal_statement).toBe("write");
    expect(evaluateAnswers(form, {}, { tabs: { personal_statement: "nonsense" } }).tabs.personal_statement).toBe("write");
  });
});

describe("dependent selects", () => {
  it("clears the state and its label when the country changes", () => {
    const before = { country: "USA", country_desc: "United States", state: "PA", state_desc: "Pennsylvania" };
    const after = { ...before, country: "CAN", country_desc: "Canada" };
    expect(evaluateAnswers(form, after, { previous: before }).cleared).toEqual(["state", "state_desc"]);
    expect(evaluateAnswers(form, before, { previous: before }).cleared).toEqual([]);
  });

  it("clears the dependent answer of the block whose country changed only", () => {
    const before = { parent_2_living: "1", parent_2_addr_same_as_stu_perm: "N", parent_2_country: "USA", parent_2_state: "NY", mailing_addr_same_as_perm_addr: "N", mailing_country: "USA", mailing_state: "NJ" };
    const after = { ...before, parent_2_country: "CAN" };
    expect(evaluateAnswers(form, after, { previous: before, blocks: { parents: 2 } }).cleared).toEqual(["parent_2_state"]);
  });
});

describe("answers tied to several conditions", () => {
  const page = (items: object[]) => ({ $schema: "", page: "p", route: "/p", title: "P", step: 1, items }) as never;
  // Without the shipped checklist, which names questions of the shipped pages.
  const small = (items: object[]): FormFiles => ({
    ...files, pages: { "p.json": page(items) }, institution: { ...files.institution, institution: { ...files.institution.institution, checklist: [] } },
  });
  const groups = [
    { type: "radio", key: "citizenship_us", label: "Citizen?", options: "options/yes-no.json" },
    { type: "radio", key: "sat_taken", label: "SAT?", options: "options/yes-no.json" },
    { type: "text", key: "first_name", label: "First Name" },
    { type: "section", showWhen: { key: "citizenship_us", op: "equals", value: "N" }, clearOnHide: ["first_name"], items: [] },
    { type: "section", showWhen: { key: "sat_taken", op: "equals", value: "Y" }, clearOnHide: ["toefl_score"], items: [] },
    { type: "section", showWhen: { key: "citizenship_us", op: "equals", value: "N" }, clearOnHide: ["toefl_score"], items: [] },
  ];

  it("keeps an answer one shown group still lists, and clears it when every group listing it hides", () => {
    const expansion = expandDefinitions(small(groups), { currentYear: 2026 });
    expect(expansion.findings).toEqual([]);
    expect(evaluate(expansion, { citizenship_us: "N", sat_taken: "N", toefl_score: "90" }).cleared).toEqual([]);
    expect(evaluate(expansion, { citizenship_us: "Y", sat_taken: "Y", toefl_score: "90" }).cleared).toEqual([]);
    expect(evaluate(expansion, { citizenship_us: "Y", sat_taken: "N", toefl_score: "90" }).cleared).toEqual(["toefl_score"]);
  });

  it("never clears an answer whose own question is shown", () => {
    const expansion = expandDefinitions(small(groups), { currentYear: 2026 });
    expect(evaluate(expansion, { citizenship_us: "Y", first_name: "Ana" }).cleared).toEqual([]);
  });
});
