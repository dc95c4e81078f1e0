import { describe, expect, it } from "vitest";
import { completeAnswers } from "../../../tests/support/answer-sets";
import { form } from "./model";
import { loadValidator } from "./validator";

describe("the browser's validator", () => {
  it("is built into the app and words errors as the rules do", async () => {
    const validate = await loadValidator();
    const errors = validate({}, "2026-11-22");
    expect(errors.hs_name).toEqual(["Search for Your School"]);
    const complete = completeAnswers(form, "2026-11-22");
    expect(validate({ ...complete, first_name: "A".repeat(46) }, "2026-11-22").first_name).toHaveLength(1);
  });

  it("checks numbers and dates for sense as the server does (monthsAfter in the precompiled code)", async () => {
    const validate = await loadValidator();
    const complete = completeAnswers(form, "2026-11-22");
    const errors = validate({ ...complete, sibling_age: "abc", hs_entry_month: "8", hs_entry_year: "2024", hs_grad_month: "6", hs_grad_year: "2023", sat_month: "12", sat_year: "2026" }, "2026-11-22");
    // The validator alone checks every block (the engine leaves out those not added): the three keys only.
    expect(errors).toMatchObject({
      sibling_age: ["Please enter the age in digits, for example 14."],
      hs_grad_year: ["The month you graduate (or left) must come after the month you started at this school."],
      sat_year: ["The date of your best SAT can't be in the future."],
    });
    expect(validate({ ...complete, sat_month: "12", sat_year: "2026" }, "2026-12-01").sat_year).toBeUndefined();
  });
});
