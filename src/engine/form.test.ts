import { beforeAll, describe, expect, it } from "vitest";
import { readProject } from "../definitions/files";
import { validateAnswers, type CompiledForm } from "./form";
import { loadForm } from "./load";
import type { FormFiles, ViewItem } from "./types";

let files: FormFiles;
let form: CompiledForm;
beforeAll(async () => {
  files = readProject().form;
  form = loadForm(files, { today: "2026-11-22" });
});
const today = "2026-11-22";

describe("loading the definitions", () => {
  it("lays out the three pages in step order with their routes", () => {
    expect(form.pages.map((p) => [p.step, p.page, p.route, p.title])).toEqual([
      [1, "about", "/about", "About You"],
      [2, "education", "/education", "Academics"],
      [3, "final-steps", "/final-steps", "Finishing Up"],
    ]);
  });

  it("knows the page of every answer key, blocks and addresses included", () => {
    expect(["first_name", "mailing_zip", "parent_2_state_desc", "sibling_4_age", "hs_3_ceeb", "activity_5_award", "legal_agree"].map(form.pageOf))
      .toEqual(["about", "about", "about", "about", "education", "education", "final-steps"]);
    expect(form.pageOf("not_a_key")).toBeUndefined();
  });

  it("makes year lists count from the day the form loads", () => {
    const recent = loadForm(files, { today: "2031-01-05" }).pages[0]!.items.find((i) => i.item.type === "section" && i.item.id === "address")!
      .children!.find((i) => i.key === "address_to_year")!;
    expect(recent.options?.kind === "list" && recent.options.options.slice(0, 3).map((o) => o.value)).toEqual(["2031", "2030", "2029"]);
  });

  it("refuses definitions with errors, naming them", () => {
    const broken = structuredClone(files);
    broken.pages["final-steps.json"]!.items.push({ type: "text", key: "first_name", label: "Again" });
    expect(() => loadForm(broken)).toThrow(/final-steps\.json\/items\/4: answer key "first_name" is asked on page "about" and again on page "final-steps"/);
  });
});

describe("validation", () => {
  it("treats an empty answer as not answered", () => {
    expect(validateAnswers(form, { first_name: "" }, { today }).first_name).toEqual(["First Name is required."]);
  });

  it("returns only keys with errors, each message once", () => {
    const errors = validateAnswers(form, { first_name: "Ana", phone_mobile: "", phone_home: "" }, { today });
    expect(errors.first_name).toBeUndefined();
    expect(errors.phone_home).toEqual(["Please provide a cell, home or international phone number."]);
    for (const messages of Object.values(errors)) expect(new Set(messages).size).toBe(messages.length);
  });

  it("refuses answer keys that are not in the data model", () => {
    expect(validateAnswers(form, { favourite_colour: "blue" }, { today }).favourite_colour).toEqual(["This is not a question of this application."]);
  });

  it("refuses answers longer than the data model allows, in the applicant's words", () => {
    expect(validateAnswers(form, { first_name: "A".repeat(46) }, { today }).first_name).toEqual(["Please shorten this answer to 45 characters or fewer."]);
  });

  it("limits an essay to the institution's character_limit, whatever institution.json says", () => {
    const institution = { ...files.institution, institution: { ...files.institution.institution, character_limit: 5000 } };
    const shorter = loadForm({ ...files, institution }, { today });
    const essay = (length: number) => validateAnswers(shorter, { personal_statement_essay: "x".repeat(length) }, { today }).personal_statement_essay;
    expect(essay(5000)).toBeUndefined();
    expect(essay(5001)).toEqual(["Please shorten this answer to 5000 characters or fewer."]);
    const find = (views: ViewItem[]): ViewItem[] => views.flatMap((view) =>
      view.key === "personal_statement_essay" ? [view] : find([...(view.children ?? []), ...(view.tabs ?? []).flatMap((tab) => tab.items)]));
    expect(find(shorter.pages.flatMap((page) => page.items)).map((view) => view.maxLength), "the counter's limit").toEqual([5000]);
  });

  it("refuses an answer of the wrong kind", () => {
    expect(validateAnswers(form, { optin_sms_ind: "yes" }, { today }).optin_sms_ind).toEqual(["This answer is not the kind of answer this question takes."]);
    expect(validateAnswers(form, { first_name: true }, { today }).first_name).toEqual(["This answer is not the kind of answer this question takes."]);
  });

  it("counts the age rules from the day it is given", () => {
    expect(validateAnswers(form, { birth_date: "2013-11-23" }, { today: "2026-11-22" }).birth_date).toEqual(["You must be 13 years or older to apply."]);
    expect(validateAnswers(form, { birth_date: "2013-11-23" }, { today: "2026-11-23" }).birth_date).toBeUndefined();
  });
});
