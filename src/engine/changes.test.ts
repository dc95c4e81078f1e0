import { beforeAll, describe, expect, it } from "vitest";
import { readProject } from "../definitions/files";
import { applyAnswers, applyBlocks, applyTab } from "./changes";
import type { CompiledForm } from "./form";
import { loadForm } from "./load";

let form: CompiledForm;
beforeAll(() => {
  form = loadForm(readProject().form, { today: "2026-11-22" });
});

describe("answering", () => {
  it("saves a typed name as it is, clearing nothing", () => {
    const change = applyAnswers(form, { last_name: "Lovelace" }, {}, { first_name: "Ada" });
    expect(change).toEqual({ answers: { last_name: "Lovelace", first_name: "Ada" }, cleared: [] });
  });

  it("clears the former name when the applicant says they never had one", () => {
    const change = applyAnswers(form, { former_names: "Y", former_last_name: "Smith" }, {}, { former_names: "N" });
    expect(change.cleared).toEqual(["former_last_name"]);
    expect(change.answers).toMatchObject({ former_names: "N", former_last_name: "" });
  });

  it("clears the chosen state when the country changes", () => {
    const before = { country: "USA", state: "PA" };
    expect(applyAnswers(form, before, {}, { country: "CAN" }).cleared).toEqual(["state"]);
  });

  it("keeps a state chosen together with its country (a school picked from the list)", () => {
    const change = applyAnswers(form, { country: "USA", state: "PA" }, {}, { country: "CAN", state: "ON" });
    expect(change.cleared).toEqual([]);
    expect(change.answers).toMatchObject({ country: "CAN", state: "ON" });
  });

  it("leaves the answers it was given untouched", () => {
    const answers = { former_names: "Y", former_last_name: "Smith" };
    applyAnswers(form, answers, {}, { former_names: "N" });
    applyAnswers(form, answers, {}, { first_name: "Ada" });
    expect(answers).toEqual({ former_names: "Y", former_last_name: "Smith" });
  });
});

describe("choosing a tab", () => {
  it("clears the answers of the tab left", () => {
    const change = applyTab(form, { personal_statement_essay: "My story" }, { tabs: { personal_statement: "write" } }, "personal_statement", "upload");
    expect(change.cleared).toEqual(["personal_statement_essay"]);
    expect(change.answers.personal_statement_essay).toBe("");
    expect(change.tabs).toEqual({ personal_statement: "upload" });
  });

  it("leaves the tab that held answers when none was chosen before", () => {
    const change = applyTab(form, { personal_statement_doc: "ANSWERED" }, {}, "personal_statement", "write");
    expect(change.cleared).toEqual(["personal_statement_doc"]);
  });

  it("clears nothing when the tab shown is chosen again", () => {
    const change = applyTab(form, { personal_statement_essay: "My story" }, {}, "personal_statement", "write");
    expect(change).toEqual({ answers: { personal_statement_essay: "My story" }, cleared: [], tabs: { personal_statement: "write" } });
  });
});

describe("adding and removing blocks", () => {
  const siblings = { sibling_first_name: "Lee", sibling_2_first_name: "Kim" };

  it("clears the answers of a removed block and keeps the others", () => {
    const change = applyBlocks(form, siblings, { blocks: { siblings: 2, parents: 2 } }, "siblings", 1);
    expect(change.cleared).toEqual(["sibling_2_first_name"]);
    expect(change.answers).toMatchObject({ sibling_first_name: "Lee", sibling_2_first_name: "" });
    expect(change.blocks).toEqual({ siblings: 1, parents: 2 });
  });

  it("clears nothing when a block is added", () => {
    const change = applyBlocks(form, siblings, { blocks: { siblings: 2 } }, "siblings", 3);
    expect(change).toEqual({ answers: siblings, cleared: [], blocks: { siblings: 3 } });
  });
});
