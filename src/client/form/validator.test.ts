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
});
